-- Hand-written (issue 15, customer-service chat; docs/decisions.md "Customer-service chat (issue 15)").
-- Every change of a chat conversation row (a new message moves last_message_id, a read moves a read
-- pointer, take / close / release move status) announces `<conversation id>:<user id>` on the
-- channel chat_events, ids only: each process LISTENs once and its open streams read the rows.
-- NOTIFY is sent at COMMIT (never for a rolled-back change), and PostgreSQL folds identical
-- payloads of one transaction into one notification, so a message (insert + conversation update)
-- is announced once. PGlite (one process) delivers the same notifications to its own listeners.
-- Self-contained and idempotent: safe to carry over verbatim at merge time.
CREATE OR REPLACE FUNCTION chat_announce_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('chat_events', NEW.id::text || ':' || NEW.user_id::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS chat_conversations_announce ON chat_conversations;
--> statement-breakpoint
CREATE TRIGGER chat_conversations_announce
  AFTER INSERT OR UPDATE ON chat_conversations
  FOR EACH ROW EXECUTE FUNCTION chat_announce_change();
