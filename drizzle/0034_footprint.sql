CREATE TABLE "deactivation_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"forfeit_fen" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cools_until" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	CONSTRAINT "deactivation_requests_state_check" CHECK ("deactivation_requests"."state" in ('pending', 'cancelled', 'completed')),
	CONSTRAINT "deactivation_requests_forfeit_check" CHECK ("deactivation_requests"."forfeit_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "footprints" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"listing_id" integer NOT NULL,
	"viewed_day" text NOT NULL,
	"viewed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "footprints_viewed_day_check" CHECK ("footprints"."viewed_day" ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$')
);
--> statement-breakpoint
ALTER TABLE "verification_codes" DROP CONSTRAINT "verification_codes_action_check";--> statement-breakpoint
ALTER TABLE "deactivation_requests" ADD CONSTRAINT "deactivation_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "footprints" ADD CONSTRAINT "footprints_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "footprints" ADD CONSTRAINT "footprints_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deactivation_requests_one_pending_key" ON "deactivation_requests" USING btree ("user_id") WHERE "deactivation_requests"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "deactivation_requests_user_idx" ON "deactivation_requests" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "deactivation_requests_due_idx" ON "deactivation_requests" USING btree ("cools_until") WHERE "deactivation_requests"."state" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "footprints_user_listing_day_key" ON "footprints" USING btree ("user_id","listing_id","viewed_day");--> statement-breakpoint
CREATE INDEX "footprints_user_viewed_idx" ON "footprints" USING btree ("user_id","viewed_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "footprints_viewed_at_idx" ON "footprints" USING btree ("viewed_at");--> statement-breakpoint
CREATE INDEX "footprints_listing_idx" ON "footprints" USING btree ("listing_id");--> statement-breakpoint
ALTER TABLE "verification_codes" ADD CONSTRAINT "verification_codes_action_check" CHECK ("verification_codes"."action" in ('login', 'register', 'bind', 'reset', 'verify', 'deactivate'));