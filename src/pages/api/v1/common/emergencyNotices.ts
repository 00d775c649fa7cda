/**
 * GET /api/v1/common/emergencyNotices — today's emergency notices (spec §3: id, title, content;
 * §4 notice popups): the active ones in effect now, oldest start first. The spec gives no path; it
 * sits in the common call group (docs/decisions.md). Public and the same for everyone: cacheable
 * for a minute.
 */
import { listEmergencyNotices } from '~/features/campaigns/server';
import { POPUP_WIRE } from '~/features/campaigns/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(POPUP_WIRE.emergencyNotices, async (ctx) => listEmergencyNotices(ctx.db, new Date()));
