/** GET /api/v1/help/types — the help types with published pages, in order (spec §7 help "type list"; issue 16). */
import { allowOnly, handle, headOf, ok } from '~/server/http';
import { listHelpTypes } from '~/server/services/help';

export const GET = handle(async ({ db }) => ok(await listHelpTypes(db)));

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
