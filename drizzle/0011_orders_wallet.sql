-- Hand-written (keep when regenerating): the exclusion constraint at the end needs btree_gist for the integer listing_id (PGlite loads the extension in client.ts).
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE TABLE "alipay_accounts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"account" varchar(64) NOT NULL,
	"real_name" varchar(32) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_secrets" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "complaints" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"content" varchar(500) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"reply" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "complaints_status_check" CHECK ("complaints"."status" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "gold_coin_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"amount" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"ref_no" varchar(40) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gold_coin_ledger_amount_check" CHECK ("gold_coin_ledger"."amount" <> 0 and "gold_coin_ledger"."balance_after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" integer NOT NULL,
	"scope" varchar(32) NOT NULL,
	"key" varchar(64) NOT NULL,
	"request_hash" varchar(64) NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_scope_key_pk" PRIMARY KEY("user_id","scope","key")
);
--> statement-breakpoint
CREATE TABLE "listing_credentials" (
	"listing_id" integer PRIMARY KEY NOT NULL,
	"login_account" varchar(64) NOT NULL,
	"password_cipher" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_renewals" (
	"id" serial PRIMARY KEY NOT NULL,
	"renew_no" varchar(32) NOT NULL,
	"order_id" integer NOT NULL,
	"hours" integer NOT NULL,
	"pay_fen" integer NOT NULL,
	"vip_discount_fen" integer DEFAULT 0 NOT NULL,
	"old_ends_at" timestamp with time zone NOT NULL,
	"new_ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_renewals_check" CHECK ("order_renewals"."hours" >= 1 and "order_renewals"."pay_fen" >= 0 and "order_renewals"."new_ends_at" > "order_renewals"."old_ends_at")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_no" varchar(32) NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"listing_id" integer,
	"rental_id" smallint,
	"rental_option" varchar(16),
	"hours" integer,
	"bonus_hours" integer DEFAULT 0 NOT NULL,
	"reserved" boolean DEFAULT false NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"original_fen" integer NOT NULL,
	"activity_discount_fen" integer DEFAULT 0 NOT NULL,
	"vip_discount_fen" integer DEFAULT 0 NOT NULL,
	"red_packet_id" integer,
	"coupon_discount_fen" integer DEFAULT 0 NOT NULL,
	"pay_fen" integer NOT NULL,
	"deposit_fen" integer DEFAULT 0 NOT NULL,
	"total_fen" integer NOT NULL,
	"vip_plan_id" integer,
	"vip_days" integer,
	"pay_channel" text,
	"pay_deadline" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"refund_fen" integer DEFAULT 0 NOT NULL,
	"deposit_returned_fen" integer DEFAULT 0 NOT NULL,
	"game_money_fen" integer DEFAULT 0 NOT NULL,
	"refund_game_money_fen" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" between 1 and 5),
	CONSTRAINT "orders_kind_check" CHECK ("orders"."kind" in ('rental', 'vip', 'recharge')),
	CONSTRAINT "orders_money_check" CHECK ("orders"."original_fen" >= 0 and "orders"."activity_discount_fen" >= 0 and "orders"."vip_discount_fen" >= 0 and "orders"."coupon_discount_fen" >= 0 and "orders"."pay_fen" >= 0 and "orders"."deposit_fen" >= 0 and "orders"."total_fen" = "orders"."pay_fen" + "orders"."deposit_fen" and "orders"."refund_fen" between 0 and "orders"."pay_fen" and "orders"."deposit_returned_fen" between 0 and "orders"."deposit_fen" and "orders"."game_money_fen" >= 0 and "orders"."refund_game_money_fen" between 0 and "orders"."game_money_fen"),
	CONSTRAINT "orders_rental_shape_check" CHECK ("orders"."kind" <> 'rental' or ("orders"."listing_id" is not null and "orders"."rental_id" in (1, 2, 3, 6, 7) and "orders"."hours" >= 1 and "orders"."starts_at" is not null and "orders"."ends_at" > "orders"."starts_at")),
	CONSTRAINT "orders_vip_shape_check" CHECK ("orders"."kind" <> 'vip' or ("orders"."vip_plan_id" is not null and "orders"."vip_days" > 0)),
	CONSTRAINT "orders_recharge_shape_check" CHECK ("orders"."kind" <> 'recharge' or ("orders"."pay_fen" > 0 and "orders"."deposit_fen" = 0))
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"pay_no" varchar(40) NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"channel" text NOT NULL,
	"amount_fen" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"gateway_trade_no" varchar(64),
	"paid_at" timestamp with time zone,
	"notify_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_fen" > 0),
	CONSTRAINT "payments_channel_check" CHECK ("payments"."channel" in ('alipay', 'wechat')),
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('pending', 'paid', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_gateway_trades" (
	"pay_no" varchar(40) PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"trade_no" varchar(64) NOT NULL,
	"amount_fen" integer NOT NULL,
	"subject" varchar(128) NOT NULL,
	"notify_url" text NOT NULL,
	"return_url" text NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"paid_at" timestamp with time zone,
	"notify_attempts" integer DEFAULT 0 NOT NULL,
	"next_notify_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vip_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(32) NOT NULL,
	"days" integer NOT NULL,
	"price_fen" integer NOT NULL,
	"original_price_fen" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "vip_plans_days_check" CHECK ("vip_plans"."days" > 0),
	CONSTRAINT "vip_plans_price_check" CHECK ("vip_plans"."price_fen" > 0 and "vip_plans"."original_price_fen" >= "vip_plans"."price_fen")
);
--> statement-breakpoint
CREATE TABLE "wallet_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount_fen" bigint NOT NULL,
	"balance_after_fen" bigint NOT NULL,
	"ref_no" varchar(40) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_ledger_amount_check" CHECK ("wallet_ledger"."amount_fen" <> 0),
	CONSTRAINT "wallet_ledger_balance_check" CHECK ("wallet_ledger"."balance_after_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"balance_fen" bigint DEFAULT 0 NOT NULL,
	"frozen_fen" bigint DEFAULT 0 NOT NULL,
	"gold_coins" integer DEFAULT 0 NOT NULL,
	"vip_expires_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallets_balance_check" CHECK ("wallets"."balance_fen" >= 0),
	CONSTRAINT "wallets_frozen_check" CHECK ("wallets"."frozen_fen" >= 0),
	CONSTRAINT "wallets_gold_coins_check" CHECK ("wallets"."gold_coins" >= 0)
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" serial PRIMARY KEY NOT NULL,
	"withdraw_no" varchar(32) NOT NULL,
	"user_id" integer NOT NULL,
	"amount_fen" integer NOT NULL,
	"account" varchar(64) NOT NULL,
	"real_name" varchar(32) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "withdrawals_amount_check" CHECK ("withdrawals"."amount_fen" > 0),
	CONSTRAINT "withdrawals_status_check" CHECK ("withdrawals"."status" in ('pending', 'done', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "alipay_accounts" ADD CONSTRAINT "alipay_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gold_coin_ledger" ADD CONSTRAINT "gold_coin_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_credentials" ADD CONSTRAINT "listing_credentials_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_renewals" ADD CONSTRAINT "order_renewals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_red_packet_id_red_packets_id_fk" FOREIGN KEY ("red_packet_id") REFERENCES "public"."red_packets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_vip_plan_id_vip_plans_id_fk" FOREIGN KEY ("vip_plan_id") REFERENCES "public"."vip_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_ledger" ADD CONSTRAINT "wallet_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "complaints_user_idx" ON "complaints" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "complaints_order_idx" ON "complaints" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gold_coin_ledger_ref_key" ON "gold_coin_ledger" USING btree ("user_id","kind","ref_no");--> statement-breakpoint
CREATE INDEX "gold_coin_ledger_user_idx" ON "gold_coin_ledger" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_renewals_renew_no_key" ON "order_renewals" USING btree ("renew_no");--> statement-breakpoint
CREATE INDEX "order_renewals_order_idx" ON "order_renewals" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_order_no_key" ON "orders" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "orders_user_kind_idx" ON "orders" USING btree ("user_id","kind","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_listing_idx" ON "orders" USING btree ("listing_id","status");--> statement-breakpoint
CREATE INDEX "orders_unpaid_idx" ON "orders" USING btree ("pay_deadline") WHERE "orders"."status" in (1, 2);--> statement-breakpoint
CREATE INDEX "orders_running_idx" ON "orders" USING btree ("ends_at") WHERE "orders"."status" = 3 and "orders"."kind" = 'rental';--> statement-breakpoint
CREATE UNIQUE INDEX "payments_pay_no_key" ON "payments" USING btree ("pay_no");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_gateway_trade_no_key" ON "payments" USING btree ("channel","gateway_trade_no");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "sandbox_gateway_trades_due_idx" ON "sandbox_gateway_trades" USING btree ("next_notify_at") WHERE "sandbox_gateway_trades"."notified_at" is null and "sandbox_gateway_trades"."status" = 'paid';--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_ledger_kind_ref_key" ON "wallet_ledger" USING btree ("kind","ref_no");--> statement-breakpoint
CREATE INDEX "wallet_ledger_user_idx" ON "wallet_ledger" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_withdraw_no_key" ON "withdrawals" USING btree ("withdraw_no");--> statement-breakpoint
CREATE INDEX "withdrawals_user_idx" ON "withdrawals" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "withdrawals_pending_idx" ON "withdrawals" USING btree ("created_at") WHERE "withdrawals"."status" = 'pending';--> statement-breakpoint
-- Hand-written (keep when regenerating): no double booking. Two rentals of one listing that are unpaid, paying or paid may not overlap; windows are half-open, so back-to-back rentals both fit. Violations raise SQLSTATE 23P01 (services/orders.ts maps it to 409 该账号此时段已被租用).
ALTER TABLE "orders" ADD CONSTRAINT "orders_no_double_booking" EXCLUDE USING gist ("listing_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&) WHERE ("kind" = 'rental' AND "status" IN (1, 2, 3));
