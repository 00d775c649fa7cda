/**
 * GET /api/v1/common/contacts → SiteContacts: the contacts /ContactUs shows, for the
 * floating 联系我们 modal. Public. An empty list means none are configured (联系方式尚未配置).
 */
import { allowOnly, handle, headOf, ok } from '~/platform/http/http';
import { readSetting } from '~/features/content/server/site-settings';

export const GET = handle(async (ctx) => ok(await readSetting(ctx.db, 'site.contacts')));

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
