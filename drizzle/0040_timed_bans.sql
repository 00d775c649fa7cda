ALTER TABLE "users" ADD COLUMN "banned_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "users_banned_until_idx" ON "users" USING btree ("banned_until") WHERE "users"."banned_until" is not null;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_banned_until_check" CHECK ("users"."banned_until" is null or "users"."banned_until" > "users"."banned_at");