/** What the special-offer routes (/tejia.html, /tejia/<game_id>.html) fetch. */
import type { ListingCard, Page } from '../../lib/catalog/types';
import type { Db } from '../../server/db/client';
import { AppError } from '../../server/errors';
import { getGame, listBargainGames, listSpecialOffers } from '../../server/services/catalog';
import type { BargainGame } from '../../server/services/catalog.types';
import { HALL_PAGE_SIZE, parsePageParam } from './hall-url';

export interface TejiaData {
  games: BargainGame[];
  /** The chosen game, or null for every game. */
  gameId: number | null;
  gameName: string | null;
  page: number;
  result: Page<ListingCard>;
}

/**
 * The special offers for a URL. `pathGameId` is the `<game_id>` of /tejia/<game_id>.html; when it is
 * not a game the result is null (the page answers 404).
 */
export async function loadTejia(db: Db, url: URL, pathGameId: string | undefined, now: Date): Promise<TejiaData | null> {
  if (pathGameId !== undefined && !/^\d{1,9}$/.test(pathGameId)) return null;
  const gameId = pathGameId === undefined ? null : Number(pathGameId);
  const page = parsePageParam(url.searchParams);
  const [games, result] = await Promise.all([
    listBargainGames(db),
    listSpecialOffers(db, { game_id: gameId ?? undefined, page, page_size: HALL_PAGE_SIZE }, now),
  ]);
  let gameName: string | null = games.find((game) => game.id === gameId)?.name ?? null;
  if (gameId !== null && gameName === null) {
    // A game without special offers shows the empty list; one that does not exist is a 404.
    try {
      gameName = (await getGame(db, gameId)).name;
    } catch (error) {
      if (error instanceof AppError && error.httpStatus === 404) return null;
      throw error;
    }
  }
  return { games, gameId, gameName, page, result };
}
