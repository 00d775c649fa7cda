/**
 * GET /api/v1/common/contacts → SiteContacts: the contacts /ContactUs shows, for the
 * floating 联系我们 modal. Public. An empty list means none are configured (联系方式尚未配置).
 */
import { readSetting } from '~/features/content/server';
import { CONTENT_WIRE } from '~/features/content/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(CONTENT_WIRE.contacts, async (ctx) => readSetting(ctx.db, 'site.contacts'));
