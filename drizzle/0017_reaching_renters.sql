CREATE TABLE "channel_conversions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"conversion_type" smallint NOT NULL,
	"channel" varchar(64),
	"net_id" varchar(64),
	"uid" varchar(64),
	"bd_vid" varchar(256),
	"qhclickid" varchar(256),
	"source_id" varchar(64),
	"landing_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "emergency_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(64) NOT NULL,
	"content" varchar(2000) NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "emergency_notices_window_check" CHECK ("emergency_notices"."ends_at" is null or "emergency_notices"."ends_at" > "emergency_notices"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "notification_broadcasts" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(64) NOT NULL,
	"content" varchar(1000) NOT NULL,
	"segment" varchar(16) DEFAULT 'all' NOT NULL,
	"recipients" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"notification_type" text NOT NULL,
	"title" varchar(64) NOT NULL,
	"content" varchar(1000) NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"popup" boolean DEFAULT true NOT NULL,
	"dedupe_key" varchar(96),
	"broadcast_id" integer,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_type_check" CHECK (notification_type in ('order_paid', 'rental_starting', 'rental_ending', 'rental_ended', 'order_refund', 'deposit_returned', 'complaint_answered', 'complaint_decided', 'withdrawal_paid', 'withdrawal_refused', 'red_packet', 'vip_expiring', 'broadcast'))
);
--> statement-breakpoint
CREATE TABLE "popup_ads" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(64) NOT NULL,
	"image" text NOT NULL,
	"link" text,
	"priority" smallint DEFAULT 1 NOT NULL,
	"display_frequency" smallint DEFAULT 0 NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"device" smallint DEFAULT 1 NOT NULL,
	"start_date" timestamp with time zone,
	"end_date" timestamp with time zone,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "popup_ads_priority_check" CHECK ("popup_ads"."priority" between 1 and 3),
	CONSTRAINT "popup_ads_frequency_check" CHECK ("popup_ads"."display_frequency" between 0 and 3),
	CONSTRAINT "popup_ads_position_check" CHECK ("popup_ads"."position" in (0, 1)),
	CONSTRAINT "popup_ads_window_check" CHECK ("popup_ads"."start_date" is null or "popup_ads"."end_date" is null or "popup_ads"."end_date" >= "popup_ads"."start_date")
);
--> statement-breakpoint
ALTER TABLE "channel_conversions" ADD CONSTRAINT "channel_conversions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "channel_conversions_user_type_key" ON "channel_conversions" USING btree ("user_id","conversion_type");--> statement-breakpoint
CREATE INDEX "channel_conversions_channel_idx" ON "channel_conversions" USING btree ("channel","created_at");--> statement-breakpoint
CREATE INDEX "emergency_notices_window_idx" ON "emergency_notices" USING btree ("starts_at") WHERE "emergency_notices"."is_active";--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id","id" DESC NULLS LAST) WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_user_dedupe_key" ON "notifications" USING btree ("user_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "popup_ads_device_idx" ON "popup_ads" USING btree ("device","id") WHERE "popup_ads"."is_active";--> statement-breakpoint
CREATE INDEX "page_views_name_created_at_idx" ON "page_views" USING btree ("name","created_at");--> statement-breakpoint
CREATE INDEX "page_views_sem_created_at_idx" ON "page_views" USING btree ("sem","created_at") WHERE "page_views"."sem" is not null;