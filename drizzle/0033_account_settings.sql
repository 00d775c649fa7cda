ALTER TABLE "verification_codes" DROP CONSTRAINT "verification_codes_action_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pay_password_hash" text;--> statement-breakpoint
ALTER TABLE "verification_codes" ADD CONSTRAINT "verification_codes_action_check" CHECK ("verification_codes"."action" in ('login', 'register', 'bind', 'reset', 'verify'));