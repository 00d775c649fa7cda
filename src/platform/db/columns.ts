/**
 * Column builders every table file repeats. Kept out of the schema barrel so the barrel exports
 * tables and their types only (db.query and drizzle-kit read every export it has).
 */
import { timestamp } from 'drizzle-orm/pg-core';

/** When the row was written: timestamptz, set by the database. */
export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
