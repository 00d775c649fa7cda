-- Hand-written (issue 26 part 3, visitors reach customer service; docs/decisions.md "Visitors reach
-- customer service"). A conversation belongs to a user or to a visitor (0058): the announcement is
-- `<conversation id>:<user id>` as before, or `<conversation id>:v<visitor id>` for a visitor's, so
-- a visitor's open stream hears its own conversation and nobody else's. A conversation deleted when
-- a visitor's conversation joins an account's is announced too (the console drops it).
-- Self-contained and idempotent: safe to carry over verbatim at merge time.
CREATE OR REPLACE FUNCTION chat_announce_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_ chat_conversations%ROWTYPE;
BEGIN
  IF TG_OP = 'DELETE' THEN row_ := OLD; ELSE row_ := NEW; END IF;
  IF row_.user_id IS NOT NULL THEN
    PERFORM pg_notify('chat_events', row_.id::text || ':' || row_.user_id::text);
  ELSE
    PERFORM pg_notify('chat_events', row_.id::text || ':v' || row_.visitor_id::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS chat_conversations_announce ON chat_conversations;
--> statement-breakpoint
CREATE TRIGGER chat_conversations_announce
  AFTER INSERT OR UPDATE OR DELETE ON chat_conversations
  FOR EACH ROW EXECUTE FUNCTION chat_announce_change();
