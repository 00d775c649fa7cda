CREATE TABLE "hafu_settlements" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"owner_user_id" integer NOT NULL,
	"start_coins" bigint NOT NULL,
	"rate" integer NOT NULL,
	"prepay_fen" integer NOT NULL,
	"stage" varchar(16) DEFAULT 'awaiting_report' NOT NULL,
	"renter_coins" bigint,
	"reported_at" timestamp with time zone,
	"owner_coins" bigint,
	"owner_evidence" text,
	"owner_images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answered_at" timestamp with time zone,
	"operator_id" integer,
	"operator_text" text,
	"final_coins" bigint,
	"decided_by" varchar(16),
	"owner_fen" integer DEFAULT 0 NOT NULL,
	"renter_fen" integer DEFAULT 0 NOT NULL,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hafu_settlements_stage_check" CHECK ("hafu_settlements"."stage" in ('awaiting_report', 'reported', 'disputed', 'settled')),
	CONSTRAINT "hafu_settlements_decided_by_check" CHECK ("hafu_settlements"."decided_by" is null or "hafu_settlements"."decided_by" in ('agreed', 'renter_silent', 'owner_silent', 'operator', 'refunded')),
	CONSTRAINT "hafu_settlements_coins_check" CHECK ("hafu_settlements"."start_coins" >= 0 and "hafu_settlements"."rate" > 0 and "hafu_settlements"."prepay_fen" >= 0 and coalesce("hafu_settlements"."renter_coins", 0) >= 0 and coalesce("hafu_settlements"."owner_coins", 0) >= 0 and coalesce("hafu_settlements"."final_coins", 0) >= 0),
	CONSTRAINT "hafu_settlements_split_check" CHECK ("hafu_settlements"."owner_fen" >= 0 and "hafu_settlements"."renter_fen" >= 0 and "hafu_settlements"."owner_fen" + "hafu_settlements"."renter_fen" <= "hafu_settlements"."prepay_fen"),
	CONSTRAINT "hafu_settlements_settled_check" CHECK (("hafu_settlements"."stage" = 'settled') = ("hafu_settlements"."settled_at" is not null and "hafu_settlements"."decided_by" is not null))
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "hafu_settlements" ADD CONSTRAINT "hafu_settlements_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hafu_settlements" ADD CONSTRAINT "hafu_settlements_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hafu_settlements" ADD CONSTRAINT "hafu_settlements_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hafu_settlements_open_idx" ON "hafu_settlements" USING btree ("stage") WHERE "hafu_settlements"."stage" <> 'settled';--> statement-breakpoint
CREATE INDEX "hafu_settlements_owner_idx" ON "hafu_settlements" USING btree ("owner_user_id","order_id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK (notification_type in ('order_paid', 'rental_starting', 'rental_ending', 'rental_ended', 'order_refund', 'deposit_returned', 'complaint_answered', 'complaint_decided', 'withdrawal_paid', 'withdrawal_refused', 'red_packet', 'vip_expiring', 'broadcast', 'seller_certification', 'seller_listing', 'task_offer', 'task_offer_accepted', 'account_security', 'seller_rented', 'seller_complaint', 'seller_earnings', 'hafu_settlement'));