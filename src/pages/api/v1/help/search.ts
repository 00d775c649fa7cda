/**
 * GET /api/v1/help/search?q — published help pages holding every word of q in the title or the
 * text, title hits first, with the text around the first match ("searchable").
 */
import { helpSearchQuerySchema } from '~/features/content/contract/content';
import { allowOnly, handle, headOf, ok, readQuery } from '~/platform/http/http';
import { searchHelp } from '~/features/content/server/help';

export const GET = handle(async ({ url, db }) => {
  const { q } = await readQuery(url, helpSearchQuerySchema);
  return ok(await searchHelp(db, q));
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
