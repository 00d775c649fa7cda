ALTER TABLE "listings" ADD COLUMN "held_for_ban" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "banned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ban_reason" varchar(200);--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_held_for_ban_check" CHECK (not "listings"."held_for_ban" or "listings"."held_at" is not null);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_ban_check" CHECK (("users"."banned_at" is null) = ("users"."ban_reason" is null));