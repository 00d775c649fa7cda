-- Hand-written (issue 15): history that nobody rewrites. The operator audit log and the money
-- ledgers are append-only for every caller, the console included: an UPDATE or DELETE of a row
-- raises, so an action can be reversed only by a new row (a refund, a correcting entry) and what
-- was done stays visible. Deleting a user who has ledger rows fails for the same reason
-- (deregistration anonymises the user instead; orders and ledger rows keep their history).
CREATE OR REPLACE FUNCTION refuse_history_rewrite() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'rows of % are append-only', TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS ops_audit_log_append_only ON ops_audit_log;
--> statement-breakpoint
CREATE TRIGGER ops_audit_log_append_only BEFORE UPDATE OR DELETE ON ops_audit_log
  FOR EACH ROW EXECUTE FUNCTION refuse_history_rewrite();
--> statement-breakpoint
DROP TRIGGER IF EXISTS wallet_ledger_append_only ON wallet_ledger;
--> statement-breakpoint
CREATE TRIGGER wallet_ledger_append_only BEFORE UPDATE OR DELETE ON wallet_ledger
  FOR EACH ROW EXECUTE FUNCTION refuse_history_rewrite();
--> statement-breakpoint
DROP TRIGGER IF EXISTS gold_coin_ledger_append_only ON gold_coin_ledger;
--> statement-breakpoint
CREATE TRIGGER gold_coin_ledger_append_only BEFORE UPDATE OR DELETE ON gold_coin_ledger
  FOR EACH ROW EXECUTE FUNCTION refuse_history_rewrite();
