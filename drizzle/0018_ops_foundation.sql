CREATE TABLE "operator_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"operator_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"idle_expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" varchar(64),
	"user_agent" varchar(256),
	CONSTRAINT "operator_sessions_token_hash_check" CHECK ("operator_sessions"."token_hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" varchar(32) NOT NULL,
	"display_name" varchar(16) NOT NULL,
	"role" varchar(16) NOT NULL,
	"password_hash" text NOT NULL,
	"disabled_at" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operators_role_check" CHECK ("operators"."role" in ('admin', 'operations', 'service', 'finance')),
	CONSTRAINT "operators_username_check" CHECK ("operators"."username" ~ '^[a-z][a-z0-9_]{2,31}$')
);
--> statement-breakpoint
CREATE TABLE "ops_audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"operator_id" integer NOT NULL,
	"action" varchar(48) NOT NULL,
	"target_type" varchar(32) NOT NULL,
	"target_id" varchar(64),
	"before" jsonb,
	"after" jsonb,
	"reason" varchar(500),
	"ip" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "operator_sessions" ADD CONSTRAINT "operator_sessions_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ops_audit_log" ADD CONSTRAINT "ops_audit_log_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "operator_sessions_token_hash_key" ON "operator_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "operator_sessions_operator_idx" ON "operator_sessions" USING btree ("operator_id");--> statement-breakpoint
CREATE UNIQUE INDEX "operators_username_key" ON "operators" USING btree ("username");--> statement-breakpoint
CREATE INDEX "ops_audit_log_created_idx" ON "ops_audit_log" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ops_audit_log_operator_idx" ON "ops_audit_log" USING btree ("operator_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ops_audit_log_target_idx" ON "ops_audit_log" USING btree ("target_type","target_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ops_audit_log_action_idx" ON "ops_audit_log" USING btree ("action","id" DESC NULLS LAST);