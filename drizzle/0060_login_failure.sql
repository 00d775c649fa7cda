CREATE TABLE "login_failure_cases" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"complaint_id" integer NOT NULL,
	"renter_user_id" integer NOT NULL,
	"listing_id" integer NOT NULL,
	"seller_user_id" integer NOT NULL,
	"status" varchar(10) DEFAULT 'decided' NOT NULL,
	"rent_refund_fen" integer NOT NULL,
	"deposit_refund_fen" integer NOT NULL,
	"hafu_refund_fen" integer NOT NULL,
	"compensation_fen" integer NOT NULL,
	"first_reveal_at" timestamp with time zone NOT NULL,
	"took_down" boolean DEFAULT false NOT NULL,
	"answered_at" timestamp with time zone,
	"reversed_at" timestamp with time zone,
	"reversed_by" integer,
	"reverse_reason" varchar(500),
	"compensation_back_fen" integer DEFAULT 0 NOT NULL,
	"owner_returned_fen" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "login_failure_cases_status_check" CHECK ("login_failure_cases"."status" in ('decided', 'fixed', 'disputed', 'upheld', 'reversed')),
	CONSTRAINT "login_failure_cases_money_check" CHECK ("login_failure_cases"."rent_refund_fen" > 0 and "login_failure_cases"."deposit_refund_fen" >= 0 and "login_failure_cases"."hafu_refund_fen" >= 0 and "login_failure_cases"."compensation_fen" >= 0 and "login_failure_cases"."compensation_back_fen" between 0 and "login_failure_cases"."compensation_fen" and "login_failure_cases"."owner_returned_fen" between 0 and "login_failure_cases"."compensation_fen"),
	CONSTRAINT "login_failure_cases_reversed_check" CHECK (("login_failure_cases"."status" = 'reversed') = ("login_failure_cases"."reversed_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "complaint_decisions" ALTER COLUMN "operator_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "login_failure_cases" ADD CONSTRAINT "login_failure_cases_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_failure_cases" ADD CONSTRAINT "login_failure_cases_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_failure_cases" ADD CONSTRAINT "login_failure_cases_renter_user_id_users_id_fk" FOREIGN KEY ("renter_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_failure_cases" ADD CONSTRAINT "login_failure_cases_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_failure_cases" ADD CONSTRAINT "login_failure_cases_seller_user_id_users_id_fk" FOREIGN KEY ("seller_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_failure_cases" ADD CONSTRAINT "login_failure_cases_reversed_by_operators_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "login_failure_cases_order_key" ON "login_failure_cases" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "login_failure_cases_complaint_key" ON "login_failure_cases" USING btree ("complaint_id");--> statement-breakpoint
CREATE INDEX "login_failure_cases_renter_idx" ON "login_failure_cases" USING btree ("renter_user_id","created_at");--> statement-breakpoint
CREATE INDEX "login_failure_cases_listing_idx" ON "login_failure_cases" USING btree ("listing_id","created_at");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK (notification_type in ('order_paid', 'rental_starting', 'rental_ending', 'rental_ended', 'order_refund', 'deposit_returned', 'complaint_answered', 'complaint_decided', 'withdrawal_paid', 'withdrawal_refused', 'red_packet', 'vip_expiring', 'broadcast', 'seller_certification', 'seller_listing', 'task_offer', 'task_offer_accepted', 'account_security', 'seller_rented', 'seller_complaint', 'seller_earnings', 'hafu_settlement', 'seller_login_failure'));