-- Hand-written (issue 15 "The numbers", services/ops/dashboard.ts): the console overview reads one
-- range of days. Each index is a range on the time column carrying the columns the query groups
-- and counts, so a fortnight of 1,000,000 events or 100,000 orders is an index-only range scan
-- instead of a pass over the whole table (figures and plans: docs/benchmarks.md "Console overview
-- queries (issue 15)"). INCLUDE is beyond drizzle's index builder, hence SQL.
CREATE INDEX IF NOT EXISTS page_views_report_idx ON page_views (created_at) INCLUDE (kind, name, session_id, user_id, sem, action);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS seller_earnings_paid_idx ON seller_earnings (paid_at) INCLUDE (listing_id, seller_user_id, rent_fen, commission_fen, refunded_fen);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS orders_rental_paid_idx ON orders (paid_at) INCLUDE (user_id) WHERE kind = 'rental' AND paid_at IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS channel_conversions_created_idx ON channel_conversions (created_at) INCLUDE (channel, bd_vid, qhclickid, source_id);
