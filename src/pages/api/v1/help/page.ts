/**
 * GET /api/v1/help/page?slug — one published help page with the HTML the server rendered from its
 * Markdown (spec §7 help "detail"); 404 帮助文档不存在.
 */
import { helpPageQuerySchema } from '~/features/content/contract/content';
import { allowOnly, handle, headOf, ok, readQuery } from '~/platform/http/http';
import { getHelpPage } from '~/features/content/server/help';

export const GET = handle(async ({ url, db }) => {
  const { slug } = await readQuery(url, helpPageQuerySchema);
  return ok(await getHelpPage(db, slug));
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
