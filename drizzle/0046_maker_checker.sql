CREATE TABLE "ops_approvals" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(32) NOT NULL,
	"target_type" varchar(32) NOT NULL,
	"target_id" varchar(64) NOT NULL,
	"amount_fen" integer,
	"payload" jsonb NOT NULL,
	"reason" varchar(500) NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"requested_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"decision_note" varchar(500),
	"result" jsonb,
	CONSTRAINT "ops_approvals_status_check" CHECK ("ops_approvals"."status" in ('pending', 'executed', 'rejected', 'cancelled', 'failed')),
	CONSTRAINT "ops_approvals_amount_check" CHECK ("ops_approvals"."amount_fen" is null or "ops_approvals"."amount_fen" > 0),
	CONSTRAINT "ops_approvals_decider_check" CHECK (("ops_approvals"."status" = 'pending' and "ops_approvals"."decided_by" is null) or ("ops_approvals"."status" = 'cancelled' and "ops_approvals"."decided_by" = "ops_approvals"."requested_by") or ("ops_approvals"."status" in ('executed', 'rejected', 'failed') and "ops_approvals"."decided_by" <> "ops_approvals"."requested_by"))
);
--> statement-breakpoint
ALTER TABLE "ops_approvals" ADD CONSTRAINT "ops_approvals_requested_by_operators_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ops_approvals" ADD CONSTRAINT "ops_approvals_decided_by_operators_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ops_approvals_status_idx" ON "ops_approvals" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "ops_approvals_requested_by_idx" ON "ops_approvals" USING btree ("requested_by","created_at");--> statement-breakpoint
CREATE INDEX "ops_approvals_decided_by_idx" ON "ops_approvals" USING btree ("decided_by","decided_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ops_approvals_one_pending_key" ON "ops_approvals" USING btree ("kind","target_id") WHERE "ops_approvals"."status" = 'pending' and "ops_approvals"."kind" <> 'wallet.credit';