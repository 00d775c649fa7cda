CREATE TABLE "help_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" varchar(64) NOT NULL,
	"type" varchar(16) NOT NULL,
	"title" varchar(64) NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"body_md" text NOT NULL,
	"body_html" text NOT NULL,
	"body_text" text NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower("title" || chr(10) || "body_text")) STORED NOT NULL,
	"renderer_version" smallint NOT NULL,
	"is_published" boolean DEFAULT true NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "help_pages_slug_check" CHECK ("help_pages"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
	CONSTRAINT "help_pages_sort_order_check" CHECK ("help_pages"."sort_order" between -100000 and 100000)
);
--> statement-breakpoint
ALTER TABLE "uploaded_images" DROP CONSTRAINT "uploaded_images_purpose_check";--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "is_published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "help_pages" ADD CONSTRAINT "help_pages_updated_by_operators_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "help_pages_slug_key" ON "help_pages" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "help_pages_type_idx" ON "help_pages" USING btree ("type","sort_order","id") WHERE "help_pages"."is_published";--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_updated_by_operators_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploaded_images" ADD CONSTRAINT "uploaded_images_purpose_check" CHECK (purpose in ('listing', 'complaint', 'avatar', 'chat', 'ad', 'content'));