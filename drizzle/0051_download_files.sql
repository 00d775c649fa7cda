CREATE TABLE "download_chunks" (
	"file_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "download_chunks_file_id_seq_pk" PRIMARY KEY("file_id","seq")
);
--> statement-breakpoint
CREATE TABLE "download_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(128) NOT NULL,
	"state" varchar(16) NOT NULL,
	"size" bigint DEFAULT 0 NOT NULL,
	"sha256" varchar(64),
	"chunk_bytes" integer NOT NULL,
	"chunk_count" integer DEFAULT 0 NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "download_files_state_check" CHECK ("download_files"."state" in ('uploading', 'ready', 'deleted')),
	CONSTRAINT "download_files_ready_check" CHECK ("download_files"."state" <> 'ready' or ("download_files"."sha256" is not null and "download_files"."size" > 0 and "download_files"."completed_at" is not null)),
	CONSTRAINT "download_files_chunk_check" CHECK ("download_files"."chunk_bytes" > 0 and "download_files"."chunk_count" >= 0 and "download_files"."size" >= 0)
);
--> statement-breakpoint
ALTER TABLE "download_chunks" ADD CONSTRAINT "download_chunks_file_id_download_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."download_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "download_files" ADD CONSTRAINT "download_files_uploaded_by_operators_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "download_files_name_key" ON "download_files" USING btree ("name");