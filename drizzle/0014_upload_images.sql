CREATE TABLE "uploaded_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_user_id" integer NOT NULL,
	"purpose" varchar(16) NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"card" "bytea" NOT NULL,
	"card_sha256" varchar(64) NOT NULL,
	"detail" "bytea" NOT NULL,
	"detail_sha256" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploaded_images_purpose_check" CHECK (purpose in ('listing', 'complaint', 'avatar')),
	CONSTRAINT "uploaded_images_size_check" CHECK ("uploaded_images"."width" > 0 and "uploaded_images"."height" > 0)
);
--> statement-breakpoint
ALTER TABLE "uploaded_images" ADD CONSTRAINT "uploaded_images_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "uploaded_images_owner_sha_key" ON "uploaded_images" USING btree ("owner_user_id","purpose","sha256");--> statement-breakpoint
CREATE INDEX "uploaded_images_owner_created_idx" ON "uploaded_images" USING btree ("owner_user_id","created_at");