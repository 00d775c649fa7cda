/**
 * GET /api/v1/help/search?q — published help pages holding every word of q in the title or the
 * text, title hits first, with the text around the first match ("searchable").
 */
import { searchHelp } from '~/features/content/server';
import { CONTENT_WIRE } from '~/features/content/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(CONTENT_WIRE.helpSearch, async (ctx, { q }) => searchHelp(ctx.db, q));
