/**
 * zod schemas derived from the Drizzle tables (STYLE "one schema source"): the table decides the
 * shape, the refinements here repeat the database checks so bad input fails with a 400 before it
 * reaches the database. Kept apart from schema.ts so drizzle-kit and `typeof schema` see tables only.
 */
import { z } from 'zod';
import { createInsertSchema, createSelectSchema, createUpdateSchema } from 'drizzle-zod';
import { SESSION_ID_LENGTH } from '../../lib/config/constants';
import { games, listingAttrs, listings, pageViews, platforms, shops, users, zones } from './schema';

/** listings.rental_time, 'HH:mm-HH:mm' (same pattern as the listings_rental_time_check constraint). */
export const RENTAL_TIME_PATTERN = /^([01][0-9]|2[0-3]):[0-5][0-9]-([01][0-9]|2[0-3]):[0-5][0-9]$/;

export const userSelectSchema = createSelectSchema(users);
/** A user as other code may see it: never the password hash. */
export const publicUserSchema = userSelectSchema.omit({ passwordHash: true });
export const userInsertSchema = createInsertSchema(users, {
  username: (schema) => schema.min(1).max(32),
  mobile: (schema) => schema.regex(/^1[3-9]\d{9}$/),
});

export const gameSelectSchema = createSelectSchema(games);
export const platformSelectSchema = createSelectSchema(platforms);
export const zoneSelectSchema = createSelectSchema(zones);
export const shopSelectSchema = createSelectSchema(shops);
export const shopInsertSchema = createInsertSchema(shops, {
  certType: (schema) => schema.int().min(0).max(2),
});

export const listingSelectSchema = createSelectSchema(listings);
export const listingInsertSchema = createInsertSchema(listings, {
  title: (schema) => schema.min(1).max(120),
  rentalFen: (schema) => schema.int().min(0),
  depositFen: (schema) => schema.int().min(0),
  minRentalHours: (schema) => schema.int().min(1),
  rentalTime: (schema) => schema.regex(RENTAL_TIME_PATTERN),
  gameMoney: (schema) => schema.int().min(0),
  moneyExchangeRate: (schema) => schema.int().positive(),
  activityDiscount: (schema) => schema.gt(0).max(1),
  promoRentalHours: (schema) => schema.int().min(1),
  promoBonusHours: (schema) => schema.int().min(1),
  imgs: z.array(z.string().min(1)).max(12),
});
export const listingUpdateSchema = createUpdateSchema(listings, {
  title: (schema) => schema.min(1).max(120),
  rentalFen: (schema) => schema.int().min(0),
  depositFen: (schema) => schema.int().min(0),
  minRentalHours: (schema) => schema.int().min(1),
  rentalTime: (schema) => schema.regex(RENTAL_TIME_PATTERN),
});
export const listingAttrSelectSchema = createSelectSchema(listingAttrs);

export const pageViewSelectSchema = createSelectSchema(pageViews);
/** What the analytics collector accepts (spec §3 "Report record"); id and created_at are the server's. */
export const pageViewInsertSchema = createInsertSchema(pageViews, {
  sessionId: (schema) => schema.length(SESSION_ID_LENGTH),
  name: (schema) => schema.min(1).max(64),
  title: (schema) => schema.max(128),
}).omit({ id: true, createdAt: true });
