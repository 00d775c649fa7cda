CREATE TABLE "chat_agent_presence" (
	"operator_id" integer PRIMARY KEY NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_conversations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"operator_id" integer,
	"operator_name" varchar(32),
	"assigned_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"last_message_id" bigint,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_last_read_id" bigint DEFAULT 0 NOT NULL,
	"agent_last_read_id" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_conversations_status_check" CHECK ("chat_conversations"."status" in ('waiting', 'assigned', 'closed')),
	CONSTRAINT "chat_conversations_assigned_check" CHECK ("chat_conversations"."status" <> 'assigned' or "chat_conversations"."operator_id" is not null),
	CONSTRAINT "chat_conversations_closed_check" CHECK (("chat_conversations"."status" = 'closed') = ("chat_conversations"."closed_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"conversation_id" integer NOT NULL,
	"sender" text NOT NULL,
	"operator_id" integer,
	"agent_name" varchar(32),
	"type" text NOT NULL,
	"body" varchar(1000),
	"image_id" integer,
	"order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_messages_sender_check" CHECK ("chat_messages"."sender" in ('user', 'agent', 'system')),
	CONSTRAINT "chat_messages_type_check" CHECK ("chat_messages"."type" in ('text', 'image', 'order', 'system')),
	CONSTRAINT "chat_messages_agent_check" CHECK ("chat_messages"."sender" <> 'agent' or "chat_messages"."operator_id" is not null),
	CONSTRAINT "chat_messages_system_check" CHECK (("chat_messages"."sender" = 'system') = ("chat_messages"."type" = 'system')),
	CONSTRAINT "chat_messages_text_check" CHECK ("chat_messages"."type" not in ('text', 'system') or "chat_messages"."body" is not null)
);
--> statement-breakpoint
ALTER TABLE "uploaded_images" DROP CONSTRAINT "uploaded_images_purpose_check";--> statement-breakpoint
ALTER TABLE "chat_agent_presence" ADD CONSTRAINT "chat_agent_presence_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_image_id_uploaded_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."uploaded_images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_conversations_one_open_key" ON "chat_conversations" USING btree ("user_id") WHERE "chat_conversations"."status" <> 'closed';--> statement-breakpoint
CREATE INDEX "chat_conversations_user_idx" ON "chat_conversations" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "chat_conversations_waiting_idx" ON "chat_conversations" USING btree ("created_at","id") WHERE "chat_conversations"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "chat_conversations_operator_idx" ON "chat_conversations" USING btree ("operator_id","status");--> statement-breakpoint
CREATE INDEX "chat_conversations_recent_idx" ON "chat_conversations" USING btree ("last_message_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "chat_messages_conversation_idx" ON "chat_messages" USING btree ("conversation_id","id");--> statement-breakpoint
ALTER TABLE "uploaded_images" ADD CONSTRAINT "uploaded_images_purpose_check" CHECK (purpose in ('listing', 'complaint', 'avatar', 'chat', 'ad'));