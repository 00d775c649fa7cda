/** GET /api/v1/help/pages?type — the type's published pages, in order (spec §7 help "page list"). */
import { listHelpPages } from '~/features/content/server';
import { CONTENT_WIRE } from '~/features/content/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(CONTENT_WIRE.helpPages, async (ctx, { type }) => listHelpPages(ctx.db, type));
