/**
 * GET /api/v1/common/wechatOfficialConfig?page= — spec §7 "GET wechat official-account config |
 * param page; data has qrcode and text" (common group: "wechat qrcode"). `page` is one of
 * OFFICIAL_ACCOUNT_PAGES (the route names that show the prompt); anything else, or none, is 400
 * 页面参数无效. Public: the prompt also shows to a renter whose session has just ended. An account
 * the operator switched off answers 404 (spec §8: the prompt is then hidden).
 */
import { z } from 'zod';
import { MSG_OFFICIAL_ACCOUNT_PAGE, OFFICIAL_ACCOUNT_PAGES } from '~/features/content/contract/wechat-official';
import { allowOnly, handle, headOf, ok, readQuery } from '~/platform/http/http';
import { getOfficialAccountConfig } from '~/features/content/server/wechat-official';

const querySchema = z.object({ page: z.enum(OFFICIAL_ACCOUNT_PAGES, { error: MSG_OFFICIAL_ACCOUNT_PAGE }) });

export const GET = handle(async (ctx) => {
  const { page } = await readQuery(ctx.url, querySchema);
  return ok(await getOfficialAccountConfig(ctx.db, page));
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
