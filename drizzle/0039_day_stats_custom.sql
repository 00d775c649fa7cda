-- Hand-written (issue 15 "The numbers", services/ops/dashboard.ts moneyPerDay): statistics on the
-- Shanghai day of a payment. Without them the planner takes the day of paid_at to have as many
-- values as paid_at itself (100,000 groups for 100,000 rentals), so a 92-day range sorted every
-- row on disk to group it; with them it knows there are about as many groups as days and hashes
-- them in memory (docs/benchmarks.md "Console overview queries"). The expression must stay the one
-- dashboard-sql.ts shanghaiDay writes. Statistics cost nothing on INSERT; ANALYZE fills them.
CREATE STATISTICS IF NOT EXISTS seller_earnings_paid_day_stats ON ((((paid_at AT TIME ZONE 'UTC') + interval '8 hours'))::date) FROM seller_earnings;
