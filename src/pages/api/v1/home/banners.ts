/** GET /api/v1/home/banners — active banner ads in order (spec §7 home "ad list"). */
import { getDb } from '~/server/db/client';
import { allowOnly, handle, ok } from '~/server/http';
import { listBanners } from '~/server/services/home';

export const GET = handle(async () => ok(await listBanners(await getDb())));

export const ALL = allowOnly('GET');
