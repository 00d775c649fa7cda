/**
 * What the two rental-hall routes (/zuhao.html and /zuhao/<game_id>.html) fetch, in one place so
 * both pages stay a table of contents. Query values that name nothing (a platform of another game,
 * an unknown zone or game in the query) are dropped rather than failing the page.
 */
import type { GameListItem, GameRef, ListingCard, Page, Platform, Zone } from '../../lib/catalog/types';
import type { Db } from '../../server/db/client';
import { AppError } from '../../server/errors';
import { getGame, listGameListItems, listPlatforms, listZones, searchListings } from '../../server/services/catalog';
import { HALL_PAGE_SIZE, parseHallQuery, type HallState } from './hall-url';

export interface HallData {
  /** The chosen game, or null for every game. */
  game: GameRef | null;
  games: GameListItem[];
  platforms: Platform[];
  zones: Zone[];
  state: HallState;
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
    if (!/^\d{1,9}$/.test(pathGameId)) return null;
    game = await gameOrNull(db, Number(pathGameId));
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
