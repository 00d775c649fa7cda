CREATE TABLE "ops_login_throttle" (
	"username" varchar(32) NOT NULL,
	"ip" varchar(64) NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lockouts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"lockout_audited" boolean DEFAULT false NOT NULL,
	"last_failure_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ops_login_throttle_username_ip_pk" PRIMARY KEY("username","ip")
);
--> statement-breakpoint
ALTER TABLE "ops_audit_log" ALTER COLUMN "operator_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ops_audit_log" ADD COLUMN "user_agent" varchar(256);--> statement-breakpoint
CREATE INDEX "ops_login_throttle_updated_idx" ON "ops_login_throttle" USING btree ("updated_at");--> statement-breakpoint
ALTER TABLE "ops_audit_log" ADD CONSTRAINT "ops_audit_log_actor_check" CHECK ("ops_audit_log"."operator_id" is not null or "ops_audit_log"."action" in ('session.login_failed', 'session.locked_out'));