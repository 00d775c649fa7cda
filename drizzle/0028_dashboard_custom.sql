-- Hand-written (issue 15 "The numbers", services/ops/dashboard.ts): the console overview reads one
-- range of days. Each index is a range on the time column carrying the columns the query groups
-- and sums, so a fortnight of 100,000 orders is an index range, not a pass over the whole table
-- (figures and plans: docs/benchmarks.md "Console overview queries (issue 15)"). page_views needs
-- none: its existing page_views_created_at_idx serves the range, its rows lie in time order (the
-- collector appends), and a covering index there was measured unused by the planner while it
-- would cost every collector INSERT. INCLUDE is beyond drizzle's index builder, hence SQL.
CREATE INDEX IF NOT EXISTS seller_earnings_paid_idx ON seller_earnings (paid_at) INCLUDE (listing_id, seller_user_id, rent_fen, commission_fen, refunded_fen);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS orders_rental_paid_idx ON orders (paid_at) INCLUDE (user_id) WHERE kind = 'rental' AND paid_at IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS channel_conversions_created_idx ON channel_conversions (created_at) INCLUDE (channel, bd_vid, qhclickid, source_id);
