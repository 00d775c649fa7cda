CREATE TABLE "games" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(32) NOT NULL,
	"slug" varchar(32) NOT NULL,
	"icon" text NOT NULL,
	"is_hot" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"maintenance_status" smallint DEFAULT 0 NOT NULL,
	"is_suspended" smallint DEFAULT 0 NOT NULL,
	"has_hafu_coin" boolean DEFAULT false NOT NULL,
	CONSTRAINT "games_maintenance_status_check" CHECK ("games"."maintenance_status" in (0, 1)),
	CONSTRAINT "games_is_suspended_check" CHECK ("games"."is_suspended" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "listing_attrs" (
	"id" serial PRIMARY KEY NOT NULL,
	"listing_id" integer NOT NULL,
	"attr_name" varchar(32) NOT NULL,
	"value" varchar(64) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listings" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"game_id" integer NOT NULL,
	"platform_id" integer,
	"zone_id" integer,
	"title" varchar(120) NOT NULL,
	"role_name" varchar(32) NOT NULL,
	"imgs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rental_fen" integer NOT NULL,
	"min_rental_hours" integer DEFAULT 1 NOT NULL,
	"deposit_fen" integer DEFAULT 0 NOT NULL,
	"is_rented" boolean DEFAULT false NOT NULL,
	"is_reservation" boolean DEFAULT false NOT NULL,
	"is_listed" boolean DEFAULT true NOT NULL,
	"is_use_bargain" boolean DEFAULT false NOT NULL,
	"is_use_vip_discount" boolean DEFAULT false NOT NULL,
	"top_shelf" boolean DEFAULT false NOT NULL,
	"is_insurance" boolean DEFAULT false NOT NULL,
	"third_type" text,
	"rental_time" varchar(11) DEFAULT '00:00-23:59' NOT NULL,
	"game_money" bigint DEFAULT 0 NOT NULL,
	"money_exchange_rate" integer,
	"activity_discount" numeric(3, 2),
	"promo_rental_hours" integer,
	"promo_bonus_hours" integer,
	"daily_rental" boolean DEFAULT true NOT NULL,
	"ten_hour_rental" boolean DEFAULT false NOT NULL,
	"weekly_rental" boolean DEFAULT false NOT NULL,
	"morning_rental" boolean DEFAULT false NOT NULL,
	"afternoon_rental" boolean DEFAULT false NOT NULL,
	"night_rental" boolean DEFAULT false NOT NULL,
	"popularity" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listings_rental_fen_check" CHECK ("listings"."rental_fen" >= 0),
	CONSTRAINT "listings_deposit_fen_check" CHECK ("listings"."deposit_fen" >= 0),
	CONSTRAINT "listings_min_rental_hours_check" CHECK ("listings"."min_rental_hours" >= 1),
	CONSTRAINT "listings_game_money_check" CHECK ("listings"."game_money" >= 0),
	CONSTRAINT "listings_money_exchange_rate_check" CHECK ("listings"."money_exchange_rate" is null or "listings"."money_exchange_rate" > 0),
	CONSTRAINT "listings_activity_discount_check" CHECK ("listings"."activity_discount" is null or ("listings"."activity_discount" > 0 and "listings"."activity_discount" <= 1)),
	CONSTRAINT "listings_promo_check" CHECK (("listings"."promo_rental_hours" is null and "listings"."promo_bonus_hours" is null) or ("listings"."promo_rental_hours" is not null and "listings"."promo_bonus_hours" is not null and "listings"."promo_rental_hours" >= 1 and "listings"."promo_bonus_hours" >= 1)),
	CONSTRAINT "listings_rental_time_check" CHECK ("listings"."rental_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]-([01][0-9]|2[0-3]):[0-5][0-9]$')
);
--> statement-breakpoint
CREATE TABLE "page_views" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" varchar(16) DEFAULT 'pageview' NOT NULL,
	"name" varchar(64),
	"title" varchar(128),
	"path" text NOT NULL,
	"user_id" integer,
	"session_id" varchar(32),
	"prev_page" text,
	"agent" text,
	"sem" text,
	"action" varchar(64),
	"value" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "page_views_session_id_check" CHECK ("page_views"."session_id" is null or char_length("page_views"."session_id") = 32),
	CONSTRAINT "page_views_kind_check" CHECK ("page_views"."kind" in ('pageview', 'click', 'activity'))
);
--> statement-breakpoint
CREATE TABLE "platforms" (
	"id" serial PRIMARY KEY NOT NULL,
	"game_id" integer NOT NULL,
	"name" varchar(32) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shops" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_user_id" integer NOT NULL,
	"name" varchar(32) NOT NULL,
	"cert_type" smallint DEFAULT 0 NOT NULL,
	"logo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shops_cert_type_check" CHECK ("shops"."cert_type" in (0, 1, 2))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" varchar(32) NOT NULL,
	"password_hash" text,
	"mobile" varchar(11),
	"nickname" varchar(32) NOT NULL,
	"avatar" text,
	"is_real_name" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_status_check" CHECK ("users"."status" in ('active', 'deleted'))
);
--> statement-breakpoint
CREATE TABLE "zones" (
	"id" serial PRIMARY KEY NOT NULL,
	"game_id" integer NOT NULL,
	"platform_id" integer,
	"name" varchar(32) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listing_attrs" ADD CONSTRAINT "listing_attrs_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_views" ADD CONSTRAINT "page_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platforms" ADD CONSTRAINT "platforms_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zones" ADD CONSTRAINT "zones_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zones" ADD CONSTRAINT "zones_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "games_slug_key" ON "games" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "games_sort_idx" ON "games" USING btree ("sort");--> statement-breakpoint
CREATE UNIQUE INDEX "listing_attrs_listing_name_key" ON "listing_attrs" USING btree ("listing_id","attr_name");--> statement-breakpoint
CREATE INDEX "listing_attrs_name_value_idx" ON "listing_attrs" USING btree ("attr_name","value");--> statement-breakpoint
CREATE INDEX "listings_game_listed_idx" ON "listings" USING btree ("game_id","is_listed");--> statement-breakpoint
CREATE INDEX "listings_listed_idx" ON "listings" USING btree ("is_listed");--> statement-breakpoint
CREATE INDEX "listings_rental_fen_idx" ON "listings" USING btree ("rental_fen");--> statement-breakpoint
CREATE INDEX "listings_popularity_idx" ON "listings" USING btree ("popularity");--> statement-breakpoint
CREATE INDEX "listings_created_at_idx" ON "listings" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "listings_shop_idx" ON "listings" USING btree ("shop_id");--> statement-breakpoint
CREATE INDEX "page_views_created_at_idx" ON "page_views" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "page_views_session_idx" ON "page_views" USING btree ("session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "platforms_game_name_key" ON "platforms" USING btree ("game_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "shops_owner_user_id_key" ON "shops" USING btree ("owner_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key" ON "users" USING btree ("username");--> statement-breakpoint
CREATE UNIQUE INDEX "users_mobile_key" ON "users" USING btree ("mobile");--> statement-breakpoint
CREATE INDEX "zones_game_idx" ON "zones" USING btree ("game_id");--> statement-breakpoint
CREATE INDEX "zones_platform_idx" ON "zones" USING btree ("platform_id");