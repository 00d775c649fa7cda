CREATE TABLE "listing_stats" (
	"listing_id" integer PRIMARY KEY NOT NULL,
	"rentals" integer DEFAULT 0 NOT NULL,
	"complained_rentals" integer DEFAULT 0 NOT NULL,
	"login_failures" integer DEFAULT 0 NOT NULL,
	"reply_seconds" integer[] DEFAULT '{}'::int[] NOT NULL,
	"median_reply_seconds" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_stats_counts_check" CHECK ("listing_stats"."rentals" >= 0 and "listing_stats"."complained_rentals" >= 0 and "listing_stats"."login_failures" >= 0)
);
--> statement-breakpoint
ALTER TABLE "listing_stats" ADD CONSTRAINT "listing_stats_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;