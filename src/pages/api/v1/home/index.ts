/** GET /api/v1/home — everything the home page shows (spec §7 home "home"). */
import { allowOnly, headOf, handle, ok } from '~/platform/http/http';
import { getHomeData } from '~/features/catalog/server/home';

export const GET = handle(async ({ db }) => ok(await getHomeData(db, new Date())));

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
