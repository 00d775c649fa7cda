CREATE TABLE "investment_leads" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(20) NOT NULL,
	"phone" varchar(11) NOT NULL,
	"city" varchar(20) NOT NULL,
	"budget" varchar(16) NOT NULL,
	"message" varchar(500) DEFAULT '' NOT NULL,
	"user_id" integer,
	"ip" varchar(64),
	"handled_at" timestamp with time zone,
	"handled_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "investment_leads_phone_check" CHECK ("investment_leads"."phone" ~ '^1[3-9][0-9]{9}$'),
	CONSTRAINT "investment_leads_handled_check" CHECK (("investment_leads"."handled_at" is null) = ("investment_leads"."handled_by" is null))
);
--> statement-breakpoint
CREATE TABLE "task_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"seller_user_id" integer NOT NULL,
	"listing_id" integer NOT NULL,
	"price_hour_fen" integer NOT NULL,
	"note" varchar(200) DEFAULT '' NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_offers_status_check" CHECK ("task_offers"."status" in ('pending', 'accepted', 'declined')),
	CONSTRAINT "task_offers_price_check" CHECK ("task_offers"."price_hour_fen" > 0)
);
--> statement-breakpoint
CREATE TABLE "wanted_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"game_id" integer NOT NULL,
	"requirements" varchar(500) NOT NULL,
	"budget_hour_fen" integer NOT NULL,
	"hours" integer NOT NULL,
	"status" varchar(16) DEFAULT 'open' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_offer_id" integer,
	"order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wanted_tasks_status_check" CHECK ("wanted_tasks"."status" in ('open', 'accepted', 'closed')),
	CONSTRAINT "wanted_tasks_budget_check" CHECK ("wanted_tasks"."budget_hour_fen" > 0),
	CONSTRAINT "wanted_tasks_hours_check" CHECK ("wanted_tasks"."hours" between 1 and 168),
	CONSTRAINT "wanted_tasks_accepted_check" CHECK (("wanted_tasks"."status" = 'accepted') = ("wanted_tasks"."order_id" is not null and "wanted_tasks"."accepted_offer_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "investment_leads" ADD CONSTRAINT "investment_leads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment_leads" ADD CONSTRAINT "investment_leads_handled_by_operators_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_offers" ADD CONSTRAINT "task_offers_task_id_wanted_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."wanted_tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_offers" ADD CONSTRAINT "task_offers_seller_user_id_users_id_fk" FOREIGN KEY ("seller_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_offers" ADD CONSTRAINT "task_offers_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wanted_tasks" ADD CONSTRAINT "wanted_tasks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wanted_tasks" ADD CONSTRAINT "wanted_tasks_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wanted_tasks" ADD CONSTRAINT "wanted_tasks_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "investment_leads_queue_idx" ON "investment_leads" USING btree ("handled_at","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "task_offers_task_listing_key" ON "task_offers" USING btree ("task_id","listing_id");--> statement-breakpoint
CREATE UNIQUE INDEX "task_offers_one_accepted_key" ON "task_offers" USING btree ("task_id") WHERE "task_offers"."status" = 'accepted';--> statement-breakpoint
CREATE INDEX "task_offers_seller_idx" ON "task_offers" USING btree ("seller_user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "wanted_tasks_hall_idx" ON "wanted_tasks" USING btree ("game_id","expires_at") WHERE "wanted_tasks"."status" = 'open';--> statement-breakpoint
CREATE INDEX "wanted_tasks_open_idx" ON "wanted_tasks" USING btree ("expires_at") WHERE "wanted_tasks"."status" = 'open';--> statement-breakpoint
CREATE INDEX "wanted_tasks_user_idx" ON "wanted_tasks" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "wanted_tasks_order_key" ON "wanted_tasks" USING btree ("order_id");