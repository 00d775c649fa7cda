/** GET /api/v1/help/pages?type — the type's published pages, in order (spec §7 help "page list"). */
import { helpPagesQuerySchema } from '~/features/content/contract/content';
import { allowOnly, handle, headOf, ok, readQuery } from '~/platform/http/http';
import { listHelpPages } from '~/features/content/server/help';

export const GET = handle(async ({ url, db }) => {
  const { type } = await readQuery(url, helpPagesQuerySchema);
  return ok(await listHelpPages(db, type));
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
