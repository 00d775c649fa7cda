/** GET /api/v1/help/types — the help types with published pages, in order (spec §7 help "type list"). */
import { listHelpTypes } from '~/features/content/server';
import { CONTENT_WIRE } from '~/features/content/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(CONTENT_WIRE.helpTypes, async (ctx) => listHelpTypes(ctx.db));
