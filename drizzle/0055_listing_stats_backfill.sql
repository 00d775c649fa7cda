-- Each listing's own record (docs/decisions.md "Listing record"): the counts of listing_stats
-- recounted once from orders, complaints and answers, so listings rented before the table existed
-- show their figures. Afterwards the rows are kept up to date incrementally by the use cases
-- (src/features/catalog/server/listing-record.ts, whose recountListingStats is this same statement).
-- 50 is LISTING_REPLY_SECONDS_KEPT; the median is percentile_cont(0.5) rounded half up, as medianSeconds.
INSERT INTO "listing_stats" ("listing_id", "rentals", "complained_rentals", "login_failures", "reply_seconds", "median_reply_seconds", "updated_at")
SELECT l."id",
  coalesce(r."rentals", 0),
  coalesce(r."complained", 0),
  0,
  coalesce(rp."kept", '{}'::int[]),
  rp."median",
  now()
FROM "listings" l
LEFT JOIN (
  SELECT o."listing_id", count(*)::int AS "rentals",
    (count(*) FILTER (WHERE EXISTS (SELECT 1 FROM "complaints" c WHERE c."order_id" = o."id")))::int AS "complained"
  FROM "orders" o
  WHERE o."kind" = 'rental' AND o."paid_at" IS NOT NULL AND o."listing_id" IS NOT NULL
  GROUP BY o."listing_id"
) r ON r."listing_id" = l."id"
LEFT JOIN (
  SELECT f."listing_id",
    array_agg(f."s" ORDER BY f."answered_at", f."complaint_id") AS "kept",
    round((percentile_cont(0.5) WITHIN GROUP (ORDER BY f."s"))::numeric)::int AS "median"
  FROM (
    SELECT o."listing_id", c."id" AS "complaint_id", fa."answered_at",
      greatest(0, round(extract(epoch FROM fa."answered_at" - c."created_at")))::int AS "s",
      row_number() OVER (PARTITION BY o."listing_id" ORDER BY fa."answered_at" DESC, c."id" DESC) AS "recent"
    FROM "complaints" c
    JOIN "orders" o ON o."id" = c."order_id"
    JOIN LATERAL (SELECT min(a."created_at") AS "answered_at" FROM "complaint_answers" a WHERE a."complaint_id" = c."id") fa ON fa."answered_at" IS NOT NULL
    WHERE o."listing_id" IS NOT NULL
  ) f
  WHERE f."recent" <= 50
  GROUP BY f."listing_id"
) rp ON rp."listing_id" = l."id"
WHERE r."listing_id" IS NOT NULL OR rp."listing_id" IS NOT NULL
ON CONFLICT ("listing_id") DO UPDATE SET
  "rentals" = excluded."rentals",
  "complained_rentals" = excluded."complained_rentals",
  "reply_seconds" = excluded."reply_seconds",
  "median_reply_seconds" = excluded."median_reply_seconds",
  "updated_at" = excluded."updated_at";
--> statement-breakpoint
-- Cards and the detail page show the record and are page-cached: a change raises catalog_version
-- like listings do, so no cached page keeps old figures (a rental already raises it through
-- is_rented; complaints and answers are rare enough that a bump each costs nothing).
CREATE TRIGGER listing_stats_bump_catalog_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "listing_stats" FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
