/**
 * The columns of a listing's row in the lists that manage listings (the seller's 我的出租 and the
 * console's 账号管理): what it is, its price, and every state a row shows. One selection, so the
 * two lists cannot drift apart on what a state means. Needs `games` joined.
 */
import { sql } from 'drizzle-orm';
import { games, listings } from '~/platform/db/schema';

export const listingRowColumns = {
  id: listings.id,
  title: listings.title,
  cover: sql<string | null>`${listings.imgs} ->> 0`,
  gameId: listings.gameId,
  gameName: games.name,
  rentalFen: listings.rentalFen,
  sellerState: listings.sellerState,
  reviewStatus: listings.reviewStatus,
  reviewReason: listings.reviewReason,
  heldAt: listings.heldAt,
  holdReason: listings.holdReason,
  isListed: listings.isListed,
  isRented: listings.isRented,
  updatedAt: listings.updatedAt,
};
