CREATE TABLE "agreement_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"document" varchar(16) NOT NULL,
	"version" integer NOT NULL,
	"body_md" text NOT NULL,
	"body_html" text NOT NULL,
	"renderer_version" smallint NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" integer,
	CONSTRAINT "agreement_versions_document_check" CHECK ("agreement_versions"."document" in ('service', 'privacy')),
	CONSTRAINT "agreement_versions_version_check" CHECK ("agreement_versions"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "user_agreement_acceptances" (
	"user_id" integer NOT NULL,
	"agreement_version_id" integer NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "user_agreement_acceptances_user_id_agreement_version_id_pk" PRIMARY KEY("user_id","agreement_version_id")
);
--> statement-breakpoint
ALTER TABLE "agreement_versions" ADD CONSTRAINT "agreement_versions_published_by_operators_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_agreement_acceptances" ADD CONSTRAINT "user_agreement_acceptances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_agreement_acceptances" ADD CONSTRAINT "user_agreement_acceptances_agreement_version_id_agreement_versions_id_fk" FOREIGN KEY ("agreement_version_id") REFERENCES "public"."agreement_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agreement_versions_document_version_key" ON "agreement_versions" USING btree ("document","version");