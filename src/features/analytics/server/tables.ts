/**
 * The collector's tables: page views, clicks and pings as reported (page_views), their rollups
 * per Shanghai day (traffic_days, traffic_day_channels) and channel conversions.
 */
import { relations, sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt } from '~/platform/db/columns';
import { users } from '~/platform/db/tables';

// ---------------------------------------------------------------------------------------------
// page_views (spec §3 "Report record", the analytics collector)

export const pageViews = pgTable(
  'page_views',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** What was reported: a page view, a tracked click (spec §3 click record) or an activity ping. */
    kind: varchar('kind', { length: 16 }).notNull().default('pageview'),
    /** Route name, e.g. zuhao or account_goldCoin. */
    name: varchar('name', { length: 64 }),
    title: varchar('title', { length: 128 }),
    path: text('path').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** spec §3 session key onlyuser: a random 32-character id; null when the browser keeps no storage. */
    sessionId: varchar('session_id', { length: 32 }),
    prevPage: text('prev_page'),
    agent: text('agent'),
    /** Channel (spec §1 visitor tracking). */
    sem: text('sem'),
    /** pageTools.action / pageTools.value. */
    action: varchar('action', { length: 64 }),
    value: jsonb('value').$type<unknown>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('page_views_created_at_idx').on(t.createdAt),
    index('page_views_session_idx').on(t.sessionId),
    // The detail page's look counter reads one path's views by time (services/looking.ts).
    index('page_views_path_created_at_idx').on(t.path, t.createdAt),
    // Operator reports: visits per route per day (the funnel detail → checkout) and per channel.
    index('page_views_name_created_at_idx').on(t.name, t.createdAt),
    index('page_views_sem_created_at_idx').on(t.sem, t.createdAt).where(sql`${t.sem} is not null`),
    check('page_views_session_id_check', sql`${t.sessionId} is null or char_length(${t.sessionId}) = 32`),
    check('page_views_kind_check', sql`${t.kind} in ('pageview', 'click', 'activity')`),
  ],
);

/**
 * The collector's events rolled up per Shanghai day ("The numbers"), so the console
 * overview reads one row a day instead of every event of a long range. Filled by the housekeeping
 * round (services/ops/traffic-rollup.ts) once a day has ended and again after it settled; days
 * without a row are counted from page_views as they are asked for. Counts of distinct sessions are
 * per day: a visit that crosses midnight counts on both days.
 */
export const trafficDays = pgTable(
  'traffic_days',
  {
    day: date('day', { mode: 'string' }).primaryKey(),
    pageViews: integer('page_views').notNull(),
    /** Sessions with a page view that day. */
    visits: integer('visits').notNull(),
    /** Signed-in users plus anonymous sessions with a page view that day. */
    visitors: integer('visitors').notNull(),
    /** Funnel steps: sessions that viewed a hall, a detail page, clicked 立即租号 that day. */
    listingSessions: integer('listing_sessions').notNull(),
    detailSessions: integer('detail_sessions').notNull(),
    checkoutSessions: integer('checkout_sessions').notNull(),
    rolledAt: timestamp('rolled_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check(
      'traffic_days_counts_check',
      sql`least(${t.pageViews}, ${t.visits}, ${t.visitors}, ${t.listingSessions}, ${t.detailSessions}, ${t.checkoutSessions}) >= 0`,
    ),
  ],
);

/** Sessions per channel per Shanghai day, rolled up with traffic_days (the same day's round writes both). */
export const trafficDayChannels = pgTable(
  'traffic_day_channels',
  {
    day: date('day', { mode: 'string' }).notNull(),
    channel: text('channel').notNull(),
    visits: integer('visits').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.channel] })],
);

export const pageViewsRelations = relations(pageViews, ({ one }) => ({
  user: one(users, { fields: [pageViews.userId], references: [users.id] }),
}));

export type PageViewRow = typeof pageViews.$inferSelect;
export type NewPageViewRow = typeof pageViews.$inferInsert;

/**
 * spec §1/§7 channel conversion (upload-convert-data): one row per account and conversion type,
 * so a repeated report is answered but not counted twice. Channel fields as the browser kept them.
 */
export const channelConversions = pgTable(
  'channel_conversions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** spec §9 conversion type value 6 (registration). */
    conversionType: smallint('conversion_type').notNull(),
    channel: varchar('channel', { length: 64 }),
    netId: varchar('net_id', { length: 64 }),
    uid: varchar('uid', { length: 64 }),
    bdVid: varchar('bd_vid', { length: 256 }),
    qhclickid: varchar('qhclickid', { length: 256 }),
    sourceId: varchar('source_id', { length: 64 }),
    landingUrl: text('landing_url').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('channel_conversions_user_type_key').on(t.userId, t.conversionType),
    index('channel_conversions_channel_idx').on(t.channel, t.createdAt),
  ],
);
