CREATE TABLE "complaint_decisions" (
	"complaint_id" integer PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"operator_id" integer NOT NULL,
	"outcome" varchar(16) NOT NULL,
	"refund_fen" bigint DEFAULT 0 NOT NULL,
	"owner_share_fen" bigint DEFAULT 0 NOT NULL,
	"penalty_fen" bigint DEFAULT 0 NOT NULL,
	"ended_rental" boolean DEFAULT false NOT NULL,
	"text" varchar(500) NOT NULL,
	"earnings_state" varchar(8) NOT NULL,
	"post_release_refund_fen" bigint DEFAULT 0 NOT NULL,
	"post_release_seller_fen" bigint DEFAULT 0 NOT NULL,
	"post_release_commission_fen" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "complaint_decisions_outcome_check" CHECK (outcome in ('refund_full', 'refund_partial', 'reject', 'penalize')),
	CONSTRAINT "complaint_decisions_earnings_state_check" CHECK ("complaint_decisions"."earnings_state" in ('none', 'frozen', 'released')),
	CONSTRAINT "complaint_decisions_money_check" CHECK ("complaint_decisions"."refund_fen" >= 0 and "complaint_decisions"."owner_share_fen" between 0 and "complaint_decisions"."refund_fen" and "complaint_decisions"."penalty_fen" >= 0 and ("complaint_decisions"."outcome" = 'penalize' or "complaint_decisions"."penalty_fen" = 0) and ("complaint_decisions"."outcome" <> 'reject' or "complaint_decisions"."refund_fen" = 0)),
	CONSTRAINT "complaint_decisions_post_release_check" CHECK ("complaint_decisions"."post_release_refund_fen" >= 0 and "complaint_decisions"."post_release_seller_fen" <= 0 and "complaint_decisions"."post_release_commission_fen" <= 0 and "complaint_decisions"."post_release_refund_fen" + "complaint_decisions"."post_release_seller_fen" + "complaint_decisions"."post_release_commission_fen" = 0 and ("complaint_decisions"."earnings_state" = 'released' or "complaint_decisions"."post_release_refund_fen" = 0))
);
--> statement-breakpoint
CREATE TABLE "credential_reveals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"listing_id" integer NOT NULL,
	"order_id" integer,
	"user_id" integer NOT NULL,
	"viewer" varchar(8) NOT NULL,
	"ip" varchar(64),
	"user_agent" varchar(256),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credential_reveals_viewer_check" CHECK ("credential_reveals"."viewer" in ('renter', 'owner')),
	CONSTRAINT "credential_reveals_order_check" CHECK (("credential_reveals"."viewer" = 'renter') = ("credential_reveals"."order_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "owner_charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"seller_user_id" integer NOT NULL,
	"complaint_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"amount_fen" bigint NOT NULL,
	"collected_fen" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "owner_charges_kind_check" CHECK ("owner_charges"."kind" in ('clawback', 'penalty')),
	CONSTRAINT "owner_charges_money_check" CHECK ("owner_charges"."amount_fen" > 0 and "owner_charges"."collected_fen" between 0 and "owner_charges"."amount_fen"),
	CONSTRAINT "owner_charges_settled_check" CHECK (("owner_charges"."settled_at" is not null) = ("owner_charges"."collected_fen" = "owner_charges"."amount_fen"))
);
--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "images" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "complaint_decisions" ADD CONSTRAINT "complaint_decisions_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_decisions" ADD CONSTRAINT "complaint_decisions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_decisions" ADD CONSTRAINT "complaint_decisions_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credential_reveals" ADD CONSTRAINT "credential_reveals_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credential_reveals" ADD CONSTRAINT "credential_reveals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credential_reveals" ADD CONSTRAINT "credential_reveals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_charges" ADD CONSTRAINT "owner_charges_seller_user_id_users_id_fk" FOREIGN KEY ("seller_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_charges" ADD CONSTRAINT "owner_charges_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_charges" ADD CONSTRAINT "owner_charges_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "complaint_decisions_order_idx" ON "complaint_decisions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "complaint_decisions_created_idx" ON "complaint_decisions" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "credential_reveals_order_idx" ON "credential_reveals" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "credential_reveals_listing_idx" ON "credential_reveals" USING btree ("listing_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "owner_charges_complaint_kind_key" ON "owner_charges" USING btree ("complaint_id","kind");--> statement-breakpoint
CREATE INDEX "owner_charges_outstanding_idx" ON "owner_charges" USING btree ("seller_user_id","id") WHERE "owner_charges"."collected_fen" < "owner_charges"."amount_fen";--> statement-breakpoint
CREATE INDEX "complaints_queue_idx" ON "complaints" USING btree ("status","id");