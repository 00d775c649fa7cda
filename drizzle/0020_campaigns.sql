CREATE TABLE "exchange_code_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(32) NOT NULL,
	"reward_kind" varchar(16) NOT NULL,
	"template_id" integer,
	"gold_coins" integer,
	"code_count" integer NOT NULL,
	"uses_per_code" integer DEFAULT 1 NOT NULL,
	"per_user_limit" integer DEFAULT 1 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"disabled_at" timestamp with time zone,
	"request_key" varchar(64) NOT NULL,
	"operator_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_code_batches_reward_check" CHECK (("exchange_code_batches"."reward_kind" = 'red_packet' and "exchange_code_batches"."template_id" is not null and "exchange_code_batches"."gold_coins" is null) or ("exchange_code_batches"."reward_kind" = 'gold' and "exchange_code_batches"."gold_coins" > 0 and "exchange_code_batches"."template_id" is null)),
	CONSTRAINT "exchange_code_batches_limits_check" CHECK ("exchange_code_batches"."code_count" >= 1 and "exchange_code_batches"."uses_per_code" >= 1 and "exchange_code_batches"."per_user_limit" >= 1)
);
--> statement-breakpoint
CREATE TABLE "exchange_code_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"code_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"red_packet_id" integer,
	"gold_coins" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"code_cipher" text NOT NULL,
	"code_tail" varchar(4) NOT NULL,
	"max_uses" integer NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "exchange_codes_uses_check" CHECK ("exchange_codes"."uses" >= 0 and "exchange_codes"."uses" <= "exchange_codes"."max_uses")
);
--> statement-breakpoint
CREATE TABLE "red_packet_grants" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_id" integer NOT NULL,
	"target" varchar(16) NOT NULL,
	"segment" varchar(16),
	"usernames" jsonb,
	"recipients" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"request_key" varchar(64) NOT NULL,
	"operator_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "red_packet_grants_target_check" CHECK (("red_packet_grants"."target" = 'segment' and "red_packet_grants"."segment" is not null) or ("red_packet_grants"."target" = 'usernames' and "red_packet_grants"."usernames" is not null))
);
--> statement-breakpoint
CREATE TABLE "red_packet_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(32) NOT NULL,
	"type" smallint NOT NULL,
	"min_order_amount_fen" integer DEFAULT 0 NOT NULL,
	"discount_percentage" smallint,
	"max_discount_amount_fen" integer,
	"discount_amount_fen" integer,
	"valid_days" smallint NOT NULL,
	"per_user_limit" integer DEFAULT 1 NOT NULL,
	"total_limit" integer,
	"issued_count" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"operator_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "red_packet_templates_type_check" CHECK ("red_packet_templates"."type" in (1, 2)),
	CONSTRAINT "red_packet_templates_shape_check" CHECK (("red_packet_templates"."type" = 1 and "red_packet_templates"."discount_percentage" between 1 and 99) or ("red_packet_templates"."type" = 2 and "red_packet_templates"."discount_amount_fen" > 0)),
	CONSTRAINT "red_packet_templates_amounts_check" CHECK ("red_packet_templates"."min_order_amount_fen" >= 0 and coalesce("red_packet_templates"."max_discount_amount_fen", 1) > 0),
	CONSTRAINT "red_packet_templates_valid_days_check" CHECK ("red_packet_templates"."valid_days" between 1 and 365),
	CONSTRAINT "red_packet_templates_limits_check" CHECK ("red_packet_templates"."per_user_limit" >= 1 and ("red_packet_templates"."total_limit" is null or "red_packet_templates"."total_limit" >= 1)),
	CONSTRAINT "red_packet_templates_issued_check" CHECK ("red_packet_templates"."issued_count" >= 0 and ("red_packet_templates"."total_limit" is null or "red_packet_templates"."issued_count" <= "red_packet_templates"."total_limit"))
);
--> statement-breakpoint
ALTER TABLE "uploaded_images" DROP CONSTRAINT "uploaded_images_purpose_check";--> statement-breakpoint
ALTER TABLE "uploaded_images" ALTER COLUMN "owner_user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_broadcasts" ADD COLUMN "popup" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_broadcasts" ADD COLUMN "operator_id" integer;--> statement-breakpoint
ALTER TABLE "notification_broadcasts" ADD COLUMN "request_key" varchar(64);--> statement-breakpoint
ALTER TABLE "red_packets" ADD COLUMN "template_id" integer;--> statement-breakpoint
ALTER TABLE "uploaded_images" ADD COLUMN "owner_operator_id" integer;--> statement-breakpoint
ALTER TABLE "exchange_code_batches" ADD CONSTRAINT "exchange_code_batches_template_id_red_packet_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."red_packet_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_code_batches" ADD CONSTRAINT "exchange_code_batches_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_code_redemptions" ADD CONSTRAINT "exchange_code_redemptions_code_id_exchange_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."exchange_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_code_redemptions" ADD CONSTRAINT "exchange_code_redemptions_batch_id_exchange_code_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."exchange_code_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_code_redemptions" ADD CONSTRAINT "exchange_code_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_code_redemptions" ADD CONSTRAINT "exchange_code_redemptions_red_packet_id_red_packets_id_fk" FOREIGN KEY ("red_packet_id") REFERENCES "public"."red_packets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_codes" ADD CONSTRAINT "exchange_codes_batch_id_exchange_code_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."exchange_code_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_packet_grants" ADD CONSTRAINT "red_packet_grants_template_id_red_packet_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."red_packet_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_packet_grants" ADD CONSTRAINT "red_packet_grants_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_packet_templates" ADD CONSTRAINT "red_packet_templates_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_code_batches_request_key" ON "exchange_code_batches" USING btree ("request_key");--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_code_redemptions_code_user_key" ON "exchange_code_redemptions" USING btree ("code_id","user_id");--> statement-breakpoint
CREATE INDEX "exchange_code_redemptions_batch_user_idx" ON "exchange_code_redemptions" USING btree ("batch_id","user_id");--> statement-breakpoint
CREATE INDEX "exchange_code_redemptions_batch_created_idx" ON "exchange_code_redemptions" USING btree ("batch_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_codes_code_hash_key" ON "exchange_codes" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "exchange_codes_batch_idx" ON "exchange_codes" USING btree ("batch_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "red_packet_grants_request_key" ON "red_packet_grants" USING btree ("request_key");--> statement-breakpoint
CREATE INDEX "red_packet_grants_template_idx" ON "red_packet_grants" USING btree ("template_id","id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "notification_broadcasts" ADD CONSTRAINT "notification_broadcasts_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_packets" ADD CONSTRAINT "red_packets_template_id_red_packet_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."red_packet_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploaded_images" ADD CONSTRAINT "uploaded_images_owner_operator_id_operators_id_fk" FOREIGN KEY ("owner_operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "red_packets_template_user_idx" ON "red_packets" USING btree ("template_id","user_id") WHERE "red_packets"."template_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "uploaded_images_operator_sha_key" ON "uploaded_images" USING btree ("owner_operator_id","purpose","sha256") WHERE "uploaded_images"."owner_operator_id" is not null;--> statement-breakpoint
CREATE INDEX "uploaded_images_operator_created_idx" ON "uploaded_images" USING btree ("owner_operator_id","created_at") WHERE "uploaded_images"."owner_operator_id" is not null;--> statement-breakpoint
ALTER TABLE "notification_broadcasts" ADD CONSTRAINT "notification_broadcasts_request_key" UNIQUE("request_key");--> statement-breakpoint
ALTER TABLE "uploaded_images" ADD CONSTRAINT "uploaded_images_owner_check" CHECK (("uploaded_images"."owner_user_id" is null) <> ("uploaded_images"."owner_operator_id" is null));--> statement-breakpoint
ALTER TABLE "uploaded_images" ADD CONSTRAINT "uploaded_images_purpose_check" CHECK (purpose in ('listing', 'complaint', 'avatar', 'ad'));