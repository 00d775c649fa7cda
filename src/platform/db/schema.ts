/**
 * The one Drizzle schema (pg-core) shared by PGlite and PostgreSQL (ARCHITECTURE "same SQL dialect
 * everywhere"), gathered from where each table lives: the tables every feature stands on in
 * platform/db/tables.ts, the others in their feature's server/tables.ts. Importers, the
 * database client (db.query) and drizzle-kit (drizzle.config.ts) all read this barrel, so a table
 * is declared once and seen by all three; a table file left out of it would vanish from the
 * migrations.
 *
 * Columns are snake_case and say their unit: money is integer fen (`*_fen`), durations are hours
 * (`*_hours`), timestamps are `timestamptz`. Database checks guard the invariants. Derived listing
 * fields of spec §3 are NOT columns: hafuCoinPrepay (game_money / money_exchange_rate),
 * is_merchant / is_store (the shop's cert_type), is_collection (per viewer), game_name / game_path
 * (the game row).
 *
 * This is the only platform file that imports features (eslint.config.js element platform-schema).
 */
export * from '~/platform/db/tables';
export * from '~/features/account/server/tables';
export * from '~/features/activities/server/tables';
export * from '~/features/analytics/server/tables';
export * from '~/features/campaigns/server/tables';
export * from '~/features/catalog/server/tables';
export * from '~/features/chat/server/tables';
export * from '~/features/complaints/server/tables';
export * from '~/features/console/server/tables';
export * from '~/features/content/server/tables';
export * from '~/features/free/server/tables';
export * from '~/features/notifications/server/tables';
export * from '~/features/orders/server/tables';
export * from '~/features/reviews/server/tables';
export * from '~/features/sellers/server/tables';
export * from '~/features/sign-in/server/tables';
export * from '~/features/tasks/server/tables';
export * from '~/features/wallet/server/tables';
