/**
 * GET /api/v1/rentalHall/gameList — spec §7: "reads data.url, then GET that url without a token,
 * expecting an array". The URL is root-relative, so the client resolves it against the API host it
 * is configured with (PUBLIC_API_BASE) and it keeps working behind a proxy that terminates TLS.
 */
import { CATALOG_WIRE } from '~/features/catalog/wire';
import { API_PREFIX } from '~/platform/config/constants';
import { serve } from '~/platform/http/serve';

export const GAME_LIST_URL = `${API_PREFIX}/rentalHall/games.json`;

export const { GET, HEAD, ALL } = serve(CATALOG_WIRE.gameListUrl, async () => ({ url: GAME_LIST_URL }));
