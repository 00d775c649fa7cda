CREATE TABLE "traffic_day_channels" (
	"day" date NOT NULL,
	"channel" text NOT NULL,
	"visits" integer NOT NULL,
	CONSTRAINT "traffic_day_channels_day_channel_pk" PRIMARY KEY("day","channel")
);
--> statement-breakpoint
CREATE TABLE "traffic_days" (
	"day" date PRIMARY KEY NOT NULL,
	"page_views" integer NOT NULL,
	"visits" integer NOT NULL,
	"visitors" integer NOT NULL,
	"listing_sessions" integer NOT NULL,
	"detail_sessions" integer NOT NULL,
	"checkout_sessions" integer NOT NULL,
	"rolled_at" timestamp with time zone NOT NULL,
	CONSTRAINT "traffic_days_counts_check" CHECK (least("traffic_days"."page_views", "traffic_days"."visits", "traffic_days"."visitors", "traffic_days"."listing_sessions", "traffic_days"."detail_sessions", "traffic_days"."checkout_sessions") >= 0)
);
