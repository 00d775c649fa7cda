-- Hand-written (drizzle-kit does not model functions): the character bigrams of a text, lowercased,
-- for the keyword index listings_search_bigrams_idx below. pg_trgm is not available on PGlite; a
-- GIN index over a text[] is core PostgreSQL. IMMUTABLE so it may appear in an index expression.
CREATE OR REPLACE FUNCTION "hall_bigrams"("input" text) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT coalesce(array_agg(DISTINCT substr(lower("input"), i, 2)), ARRAY[]::text[])
  FROM generate_series(1, char_length("input") - 1) AS i
$$;
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(120) NOT NULL,
	"content" text NOT NULL,
	"is_pinned" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(64) NOT NULL,
	"image" text NOT NULL,
	"href" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hot_tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(32) NOT NULL,
	"keyword" varchar(64) NOT NULL,
	"href" text,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "announcements_list_idx" ON "announcements" USING btree ("is_pinned" DESC NULLS FIRST,"published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "banners_active_sort_idx" ON "banners" USING btree ("sort","id") WHERE "banners"."is_active";--> statement-breakpoint
CREATE INDEX "hot_tags_sort_idx" ON "hot_tags" USING btree ("sort","id");--> statement-breakpoint
CREATE INDEX "listing_attrs_name_value_listing_idx" ON "listing_attrs" USING btree ("attr_name","value","listing_id");--> statement-breakpoint
CREATE INDEX "listings_hall_game_popular_idx" ON "listings" USING btree ("game_id","top_shelf" DESC NULLS FIRST,"popularity" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "listings"."is_listed";--> statement-breakpoint
CREATE INDEX "listings_hall_game_price_idx" ON "listings" USING btree ("game_id","rental_fen","id") WHERE "listings"."is_listed";--> statement-breakpoint
CREATE INDEX "listings_hall_game_newest_idx" ON "listings" USING btree ("game_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "listings"."is_listed";--> statement-breakpoint
CREATE INDEX "listings_hall_popular_idx" ON "listings" USING btree ("top_shelf" DESC NULLS FIRST,"popularity" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "listings"."is_listed";--> statement-breakpoint
CREATE INDEX "listings_hall_price_idx" ON "listings" USING btree ("rental_fen","id") WHERE "listings"."is_listed";--> statement-breakpoint
CREATE INDEX "listings_hall_newest_idx" ON "listings" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "listings"."is_listed";--> statement-breakpoint
CREATE INDEX "listings_hall_game_money_idx" ON "listings" USING btree ("game_id","game_money") WHERE "listings"."is_listed";--> statement-breakpoint
CREATE INDEX "listings_hall_deposit_vip_idx" ON "listings" USING btree ("deposit_fen","is_use_vip_discount") WHERE "listings"."is_listed";--> statement-breakpoint
CREATE INDEX "listings_search_bigrams_idx" ON "listings" USING gin (hall_bigrams("title" || ' ' || "role_name"));--> statement-breakpoint
CREATE INDEX "listings_tejia_game_idx" ON "listings" USING btree ("game_id",round("rental_fen" * coalesce("activity_discount", 1)),"id") WHERE "listings"."is_listed" and ("listings"."activity_discount" is not null or "listings"."is_use_bargain");--> statement-breakpoint
CREATE INDEX "listings_tejia_idx" ON "listings" USING btree (round("rental_fen" * coalesce("activity_discount", 1)),"id") WHERE "listings"."is_listed" and ("listings"."activity_discount" is not null or "listings"."is_use_bargain");--> statement-breakpoint
CREATE INDEX "listings_shop_popular_idx" ON "listings" USING btree ("shop_id","top_shelf" DESC NULLS FIRST,"popularity" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "listings"."is_listed";