/**
 * GET /api/v1/help/page?slug — one published help page with the HTML the server rendered from its
 * Markdown (spec §7 help "detail"); 404 帮助文档不存在.
 */
import { getHelpPage } from '~/features/content/server';
import { CONTENT_WIRE } from '~/features/content/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(CONTENT_WIRE.helpPage, async (ctx, { slug }) => getHelpPage(ctx.db, slug));
