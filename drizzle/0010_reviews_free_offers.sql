CREATE TABLE "free_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"listing_id" integer NOT NULL,
	"free_hours" smallint NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "free_offers_hours_check" CHECK ("free_offers"."free_hours" between 1 and 24),
	CONSTRAINT "free_offers_window_check" CHECK ("free_offers"."ends_at" > "free_offers"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "listing_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"listing_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"order_no" varchar(32),
	"rating" smallint NOT NULL,
	"content" varchar(500) NOT NULL,
	"is_anonymous" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_reviews_rating_check" CHECK ("listing_reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "free_offers" ADD CONSTRAINT "free_offers_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_reviews" ADD CONSTRAINT "listing_reviews_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_reviews" ADD CONSTRAINT "listing_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "free_offers_listing_key" ON "free_offers" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "free_offers_window_idx" ON "free_offers" USING btree ("starts_at","ends_at");--> statement-breakpoint
CREATE INDEX "listing_reviews_listing_created_idx" ON "listing_reviews" USING btree ("listing_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "listing_reviews_order_no_key" ON "listing_reviews" USING btree ("order_no");--> statement-breakpoint
-- Hand-written below (drizzle-kit cannot express triggers): keep when regenerating. Free offers are shown on cached catalogue pages.
CREATE TRIGGER free_offers_bump_catalog_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "free_offers" FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
