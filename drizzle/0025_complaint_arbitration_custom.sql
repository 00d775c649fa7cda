-- Hand-written (issue 15, complaint arbitration): a decision and the login-details access log are
-- history. Like the audit log and the money ledgers (ops_foundation_custom), an UPDATE or DELETE of
-- their rows raises for every caller, the console included: a decision is never rewritten (a
-- mistake is corrected by a new money row, never by changing the old one), and the access log is
-- evidence nobody may trim. Self-contained: the function is (re)created here with the same body.
CREATE OR REPLACE FUNCTION refuse_history_rewrite() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'rows of % are append-only', TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS complaint_decisions_append_only ON complaint_decisions;
--> statement-breakpoint
CREATE TRIGGER complaint_decisions_append_only BEFORE UPDATE OR DELETE ON complaint_decisions
  FOR EACH ROW EXECUTE FUNCTION refuse_history_rewrite();
--> statement-breakpoint
DROP TRIGGER IF EXISTS credential_reveals_append_only ON credential_reveals;
--> statement-breakpoint
CREATE TRIGGER credential_reveals_append_only BEFORE UPDATE OR DELETE ON credential_reveals
  FOR EACH ROW EXECUTE FUNCTION refuse_history_rewrite();
