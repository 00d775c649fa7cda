CREATE TABLE "red_packets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" varchar(32) NOT NULL,
	"type" smallint NOT NULL,
	"min_order_amount_fen" integer DEFAULT 0 NOT NULL,
	"discount_percentage" smallint,
	"max_discount_amount_fen" integer,
	"discount_amount_fen" integer,
	"status" smallint DEFAULT 1 NOT NULL,
	"source" varchar(32) NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "red_packets_type_check" CHECK ("red_packets"."type" in (1, 2)),
	CONSTRAINT "red_packets_status_check" CHECK ("red_packets"."status" in (1, 2)),
	CONSTRAINT "red_packets_amounts_check" CHECK ("red_packets"."min_order_amount_fen" >= 0 and coalesce("red_packets"."max_discount_amount_fen", 0) >= 0 and coalesce("red_packets"."discount_amount_fen", 0) >= 0),
	CONSTRAINT "red_packets_shape_check" CHECK (("red_packets"."type" = 1 and "red_packets"."discount_percentage" between 1 and 99) or ("red_packets"."type" = 2 and "red_packets"."discount_amount_fen" > 0))
);
--> statement-breakpoint
ALTER TABLE "red_packets" ADD CONSTRAINT "red_packets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "red_packets_user_status_idx" ON "red_packets" USING btree ("user_id","status","expires_at");