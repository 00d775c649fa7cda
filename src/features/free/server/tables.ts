/**
 * The free-play offers (免费玩): listings a renter may play free for a few hours within a window.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from '~/platform/db/columns';
import { listings } from '~/features/catalog/server/tables';

/**
 * A listing offered for free play (spec §7 free group: games, list, promotion, free count): a
 * renter may play it free for `free_hours`, within the offer's window. Part of what catalogue
 * pages show, so it raises catalog_version like listings do (migration trigger).
 */
export const freeOffers = pgTable(
  'free_offers',
  {
    id: serial('id').primaryKey(),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    freeHours: smallint('free_hours').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('free_offers_listing_key').on(t.listingId),
    index('free_offers_window_idx').on(t.startsAt, t.endsAt),
    check('free_offers_hours_check', sql`${t.freeHours} between 1 and 24`),
    check('free_offers_window_check', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);
