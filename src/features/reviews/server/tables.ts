/**
 * Renters' reviews of listings.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt } from '~/platform/db/columns';
import { users } from '~/platform/db/tables';
import { listings } from '~/features/catalog/server/tables';

// ---------------------------------------------------------------------------------------------
// reviews (spec §7 detail "comments"; account "comments", assess)

/**
 * A renter's review of a listing. `order_no` names the finished order it was written for: the
 * order flow writes reviews; demo reviews are seeded without one. Shown through the
 * API by an island, so a new review does not have to invalidate cached pages.
 */
export const listingReviews = pgTable(
  'listing_reviews',
  {
    id: serial('id').primaryKey(),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderNo: varchar('order_no', { length: 32 }),
    rating: smallint('rating').notNull(),
    content: varchar('content', { length: 500 }).notNull(),
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('listing_reviews_listing_created_idx').on(t.listingId, t.createdAt),
    // 我的评价 lists a renter's reviews newest first.
    index('listing_reviews_user_created_idx').on(t.userId, t.createdAt),
    uniqueIndex('listing_reviews_order_no_key').on(t.orderNo),
    check('listing_reviews_rating_check', sql`${t.rating} between 1 and 5`),
  ],
);
