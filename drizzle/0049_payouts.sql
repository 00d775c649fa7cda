CREATE TABLE "payout_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"withdraw_no" varchar(32) NOT NULL,
	"out_biz_no" varchar(64) NOT NULL,
	"provider" varchar(16) NOT NULL,
	"state" text DEFAULT 'sending' NOT NULL,
	"provider_order_id" varchar(64),
	"fail_reason" text,
	"last_error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"queries" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"next_query_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payout_attempts_state_check" CHECK ("payout_attempts"."state" in ('sending', 'unknown', 'succeeded', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "withdrawals" DROP CONSTRAINT "withdrawals_status_check";--> statement-breakpoint
ALTER TABLE "payout_attempts" ADD CONSTRAINT "payout_attempts_withdraw_no_withdrawals_withdraw_no_fk" FOREIGN KEY ("withdraw_no") REFERENCES "public"."withdrawals"("withdraw_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_attempts_withdraw_no_key" ON "payout_attempts" USING btree ("withdraw_no");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_attempts_out_biz_no_key" ON "payout_attempts" USING btree ("out_biz_no");--> statement-breakpoint
CREATE INDEX "payout_attempts_open_idx" ON "payout_attempts" USING btree ("next_query_at") WHERE "payout_attempts"."state" in ('sending', 'unknown');--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_status_check" CHECK ("withdrawals"."status" in ('pending', 'done', 'cancelled', 'review', 'refused', 'paying', 'failed'));