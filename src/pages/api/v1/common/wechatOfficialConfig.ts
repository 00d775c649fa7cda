/**
 * GET /api/v1/common/wechatOfficialConfig?page= — spec §7 "GET wechat official-account config |
 * param page; data has qrcode and text" (common group: "wechat qrcode"). `page` is one of
 * OFFICIAL_ACCOUNT_PAGES (the route names that show the prompt); anything else, or none, is 400
 * 页面参数无效. Public: the prompt also shows to a renter whose session has just ended. An account
 * the operator switched off answers 404 (spec §8: the prompt is then hidden).
 */
import { getOfficialAccountConfig } from '~/features/content/server';
import { CONTENT_WIRE } from '~/features/content/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(CONTENT_WIRE.officialAccountConfig, async (ctx, { page }) => getOfficialAccountConfig(ctx.db, page));
