/**
 * GET /api/v1/common/emergencyNotices — today's emergency notices (spec §3: id, title, content;
 * §4 notice popups): the active ones in effect now, oldest start first. The spec gives no path; it
 * sits in the common call group (docs/decisions.md). Public and the same for everyone: cacheable
 * for a minute.
 */
import { allowOnly, headOf, handle, ok } from '~/platform/http/http';
import { listEmergencyNotices } from '~/features/campaigns/server/emergency-notices';
import { POPUP_LIST_CACHE_CONTROL } from '~/features/campaigns/server/popup-ads';

export const GET = handle(async ({ db }) => ok(await listEmergencyNotices(db, new Date()), { headers: { 'cache-control': POPUP_LIST_CACHE_CONTROL } }));

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
