/** GET /api/v1/home/banners — active banner ads in order (spec §7 home "ad list"). */
import { allowOnly, headOf, handle, ok } from '~/platform/http/http';
import { listBanners } from '~/features/catalog/server/home';

export const GET = handle(async ({ db }) => ok(await listBanners(db)));

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
