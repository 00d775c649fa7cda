/** GET /api/v1/help/types — the help types with published pages, in order (spec §7 help "type list"). */
import { allowOnly, handle, headOf, ok } from '~/platform/http/http';
import { listHelpTypes } from '~/features/content/server/help';

export const GET = handle(async ({ db }) => ok(await listHelpTypes(db)));

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
