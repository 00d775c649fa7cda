ALTER TABLE "captchas" ADD COLUMN "answer_hash" varchar(64);--> statement-breakpoint
CREATE UNIQUE INDEX "captchas_answer_hash_key" ON "captchas" USING btree ("answer_hash");