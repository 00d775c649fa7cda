CREATE TABLE "invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"inviter_user_id" integer NOT NULL,
	"invitee_user_id" integer NOT NULL,
	"phone_hash" varchar(64),
	"fingerprint" varchar(128),
	"register_ip" varchar(64),
	"status" text DEFAULT 'pending' NOT NULL,
	"refuse_reason" varchar(16),
	"reward_coins" integer DEFAULT 0 NOT NULL,
	"order_no" varchar(32),
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invitations_status_check" CHECK ("invitations"."status" in ('pending', 'rewarded', 'refused')),
	CONSTRAINT "invitations_self_check" CHECK ("invitations"."inviter_user_id" <> "invitations"."invitee_user_id"),
	CONSTRAINT "invitations_reward_check" CHECK ("invitations"."reward_coins" >= 0)
);
--> statement-breakpoint
CREATE TABLE "lottery_chances" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"activity" varchar(32) NOT NULL,
	"source" varchar(16) NOT NULL,
	"ref_no" varchar(40) NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lottery_draws" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"activity" varchar(32) NOT NULL,
	"chance_id" integer NOT NULL,
	"prize_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lottery_prizes" (
	"id" serial PRIMARY KEY NOT NULL,
	"activity" varchar(32) NOT NULL,
	"name" varchar(32) NOT NULL,
	"coins" integer DEFAULT 0 NOT NULL,
	"stock" integer,
	"weight" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "lottery_prizes_stock_check" CHECK ("lottery_prizes"."stock" is null or "lottery_prizes"."stock" >= 0),
	CONSTRAINT "lottery_prizes_weight_check" CHECK ("lottery_prizes"."weight" > 0),
	CONSTRAINT "lottery_prizes_coins_check" CHECK ("lottery_prizes"."coins" >= 0)
);
--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_inviter_user_id_users_id_fk" FOREIGN KEY ("inviter_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invitee_user_id_users_id_fk" FOREIGN KEY ("invitee_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_chances" ADD CONSTRAINT "lottery_chances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_draws" ADD CONSTRAINT "lottery_draws_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_draws" ADD CONSTRAINT "lottery_draws_chance_id_lottery_chances_id_fk" FOREIGN KEY ("chance_id") REFERENCES "public"."lottery_chances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_draws" ADD CONSTRAINT "lottery_draws_prize_id_lottery_prizes_id_fk" FOREIGN KEY ("prize_id") REFERENCES "public"."lottery_prizes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_invitee_key" ON "invitations" USING btree ("invitee_user_id");--> statement-breakpoint
CREATE INDEX "invitations_inviter_idx" ON "invitations" USING btree ("inviter_user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invitations_pending_idx" ON "invitations" USING btree ("invitee_user_id") WHERE "invitations"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "invitations_rewarded_idx" ON "invitations" USING btree ("decided_at") WHERE "invitations"."status" = 'rewarded';--> statement-breakpoint
CREATE INDEX "invitations_phone_idx" ON "invitations" USING btree ("phone_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_chances_ref_key" ON "lottery_chances" USING btree ("user_id","activity","source","ref_no");--> statement-breakpoint
CREATE INDEX "lottery_chances_unused_idx" ON "lottery_chances" USING btree ("user_id","activity") WHERE "lottery_chances"."used_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_draws_chance_key" ON "lottery_draws" USING btree ("chance_id");--> statement-breakpoint
CREATE INDEX "lottery_draws_user_idx" ON "lottery_draws" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "lottery_prizes_activity_idx" ON "lottery_prizes" USING btree ("activity","sort_order");