/**
 * What the catalogue's list pages fetch: the rental hall (/zuhao.html, /zuhao/<game_id>.html) and
 * the special offers (/tejia.html, /tejia/<game_id>.html). One call per page, so each page stays a
 * table of contents: `await loadHall(requireDb(Astro.locals), Astro.url, ...)`, then render.
 * Query values that name nothing (a platform of another game, an unknown zone or game in the
 * query) are dropped rather than failing the page; a path game that does not exist is a 404.
 */
import { parseHallQuery, parsePageParam, type HallState } from '~/features/catalog/hall-url';
import { HALL_PAGE_SIZE, parseIdParam, type GameListItem, type GameRef, type ListingCard, type Page, type Platform, type Zone } from '~/features/catalog/contract/catalog';
import type { Db } from '~/platform/db/client';
import { AppError } from '~/platform/http/errors';
import { getGame, listBargainGames, listGameListItems, listPlatforms, listSpecialOffers, listZones, searchListings } from '~/features/catalog/server/catalog';
import type { BargainGame } from '~/features/catalog/server/catalog.types';

export interface HallData {
  /** The chosen game, or null for every game. */
  game: GameRef | null;
  games: GameListItem[];
  platforms: Platform[];
  zones: Zone[];
  state: HallState;
  result: Page<ListingCard>;
}

export interface TejiaData {
  games: BargainGame[];
  /** The chosen game, or null for every game. */
  gameId: number | null;
  gameName: string | null;
  page: number;
  result: Page<ListingCard>;
}

/** A 404 of the catalogue service (unknown game, platform or shop); anything else is rethrown. */
function isNotFound(error: unknown): boolean {
  return error instanceof AppError && error.httpStatus === 404;
}

async function gameOrNull(db: Db, id: number): Promise<GameRef | null> {
  try {
    return await getGame(db, id);
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/**
 * The hall for a URL. `pathGameId` is the `<game_id>` of /zuhao/<game_id>.html: when it names no
 * game the result is null (the page answers 404). A game_id in the query of /zuhao.html that
 * names no game is ignored.
 */
export async function loadHall(db: Db, url: URL, pathGameId: string | undefined, now: Date): Promise<HallData | null> {
  let game: GameRef | null = null;
  if (pathGameId !== undefined) {
    const id = parseIdParam(pathGameId);
    if (id === null) return null;
    game = await gameOrNull(db, id);
    if (!game) return null;
  }
  let state = parseHallQuery(url.searchParams, { gameId: game?.id });
  if (!game && state.game_id !== undefined) {
    game = await gameOrNull(db, state.game_id);
    if (!game) {
      const { game_id: _unknown, platform_id: _platform, zone_id: _zone, ...rest } = state;
      state = rest;
    }
  }
  if (game) state = parseHallQuery(url.searchParams, { gameId: game.id, hasHafuCoin: game.has_hafu_coin });

  const [games, platforms] = await Promise.all([listGameListItems(db), game ? listPlatforms(db, game.id) : Promise.resolve([])]);
  if (state.platform_id !== undefined && !platforms.some((platform) => platform.id === state.platform_id)) {
    const { platform_id: _ignored, ...rest } = state;
    state = rest;
  }
  const zones = game ? await listZones(db, game.id, state.platform_id) : [];
  if (state.zone_id !== undefined && !zones.some((zone) => zone.id === state.zone_id)) {
    const { zone_id: _ignored, ...rest } = state;
    state = rest;
  }

  const result = await searchListings(db, { ...state, page_size: HALL_PAGE_SIZE }, now);
  return { game, games, platforms, zones, state, result };
}

/**
 * The special offers for a URL. `pathGameId` is the `<game_id>` of /tejia/<game_id>.html; when it is
 * not a game the result is null (the page answers 404).
 */
export async function loadTejia(db: Db, url: URL, pathGameId: string | undefined, now: Date): Promise<TejiaData | null> {
  const gameId = pathGameId === undefined ? null : parseIdParam(pathGameId);
  if (pathGameId !== undefined && gameId === null) return null;
  const page = parsePageParam(url.searchParams);
  const [games, result] = await Promise.all([
    listBargainGames(db),
    listSpecialOffers(db, { game_id: gameId ?? undefined, page, page_size: HALL_PAGE_SIZE }, now),
  ]);
  let gameName: string | null = games.find((game) => game.id === gameId)?.name ?? null;
  if (gameId !== null && gameName === null) {
    // A game without special offers shows the empty list; one that does not exist is a 404.
    const game = await gameOrNull(db, gameId);
    if (!game) return null;
    gameName = game.name;
  }
  return { games, gameId, gameName, page, result };
}
