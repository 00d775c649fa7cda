CREATE TABLE "captchas" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"target_x" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"login_name" varchar(64) PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"recipient" varchar(254) NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qr_sessions" (
	"id" varchar(43) PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"scan_code" varchar(43) NOT NULL,
	"browser_secret_hash" varchar(64) NOT NULL,
	"fingerprint" varchar(128),
	"status" text DEFAULT 'waiting' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_polled_at" timestamp with time zone,
	"user_id" integer,
	"needs_bind" boolean DEFAULT false NOT NULL,
	"redeemed_at" timestamp with time zone,
	CONSTRAINT "qr_sessions_platform_check" CHECK ("qr_sessions"."platform" in ('wechat', 'qq', 'app')),
	CONSTRAINT "qr_sessions_status_check" CHECK ("qr_sessions"."status" in ('waiting', 'scanned', 'granting', 'logined', 'cancelled', 'expired', 'error'))
);
--> statement-breakpoint
CREATE TABLE "rate_limit_counters" (
	"bucket" varchar(200) PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rsa_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"key_id" varchar(32) NOT NULL,
	"public_key_pem" text NOT NULL,
	"private_key_pem" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sign_challenges" (
	"nonce_str" varchar(32) PRIMARY KEY NOT NULL,
	"sign_key" varchar(64) NOT NULL,
	"key_id" varchar(32) NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "third_party_identities" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"open_id" varchar(64) NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "third_party_identities_provider_check" CHECK ("third_party_identities"."provider" in ('wechat', 'qq'))
);
--> statement-breakpoint
CREATE TABLE "verification_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"recipient" varchar(254) NOT NULL,
	"action" text NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "verification_codes_channel_check" CHECK ("verification_codes"."channel" in ('sms', 'email')),
	CONSTRAINT "verification_codes_action_check" CHECK ("verification_codes"."action" in ('login', 'register', 'bind', 'reset')),
	CONSTRAINT "verification_codes_attempts_check" CHECK ("verification_codes"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "verify_keys" (
	"key_hash" varchar(64) PRIMARY KEY NOT NULL,
	"action" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "verify_keys_action_check" CHECK ("verify_keys"."action" in ('login', 'submit', 'sendSms'))
);
--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD COLUMN "purpose" text DEFAULT 'session' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email" varchar(254);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "real_name" varchar(32);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "id_number_masked" varchar(18);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "id_number_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "invite_code" varchar(16);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "invited_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "qr_sessions" ADD CONSTRAINT "qr_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "third_party_identities" ADD CONSTRAINT "third_party_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "captchas_expires_at_idx" ON "captchas" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "outbox_messages_created_at_idx" ON "outbox_messages" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "qr_sessions_scan_code_key" ON "qr_sessions" USING btree ("scan_code");--> statement-breakpoint
CREATE INDEX "qr_sessions_expires_at_idx" ON "qr_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "rsa_keys_key_id_key" ON "rsa_keys" USING btree ("key_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rsa_keys_one_active" ON "rsa_keys" USING btree ((true)) WHERE "rsa_keys"."retired_at" is null;--> statement-breakpoint
CREATE INDEX "sign_challenges_expires_at_idx" ON "sign_challenges" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "third_party_identities_provider_open_id_key" ON "third_party_identities" USING btree ("provider","open_id");--> statement-breakpoint
CREATE INDEX "third_party_identities_user_id_idx" ON "third_party_identities" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verification_codes_lookup_idx" ON "verification_codes" USING btree ("recipient","action","created_at");--> statement-breakpoint
CREATE INDEX "verify_keys_expires_at_idx" ON "verify_keys" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_invite_code_key" ON "users" USING btree ("invite_code");--> statement-breakpoint
CREATE UNIQUE INDEX "users_id_number_hash_key" ON "users" USING btree ("id_number_hash");--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_purpose_check" CHECK ("auth_tokens"."purpose" in ('session', 'bind'));