-- Hand-written (issue 25): the append-only tables refuse TRUNCATE too. Their row triggers
-- (migrations 0019_ops_foundation_custom and 0025_complaint_arbitration_custom) fire on UPDATE and
-- DELETE only; TRUNCATE fires no row trigger, so one statement (or a TRUNCATE ... CASCADE of a
-- table they reference, such as listings or orders) could empty the history. A statement-level
-- BEFORE TRUNCATE trigger raises the same error, also when the table is reached by a cascade.
-- A privilege is the second lock: see docs/postgres-roles.md.
DROP TRIGGER IF EXISTS ops_audit_log_no_truncate ON ops_audit_log;
--> statement-breakpoint
CREATE TRIGGER ops_audit_log_no_truncate BEFORE TRUNCATE ON ops_audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_history_rewrite();
--> statement-breakpoint
DROP TRIGGER IF EXISTS wallet_ledger_no_truncate ON wallet_ledger;
--> statement-breakpoint
CREATE TRIGGER wallet_ledger_no_truncate BEFORE TRUNCATE ON wallet_ledger
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_history_rewrite();
--> statement-breakpoint
DROP TRIGGER IF EXISTS gold_coin_ledger_no_truncate ON gold_coin_ledger;
--> statement-breakpoint
CREATE TRIGGER gold_coin_ledger_no_truncate BEFORE TRUNCATE ON gold_coin_ledger
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_history_rewrite();
--> statement-breakpoint
DROP TRIGGER IF EXISTS complaint_decisions_no_truncate ON complaint_decisions;
--> statement-breakpoint
CREATE TRIGGER complaint_decisions_no_truncate BEFORE TRUNCATE ON complaint_decisions
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_history_rewrite();
--> statement-breakpoint
DROP TRIGGER IF EXISTS credential_reveals_no_truncate ON credential_reveals;
--> statement-breakpoint
CREATE TRIGGER credential_reveals_no_truncate BEFORE TRUNCATE ON credential_reveals
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_history_rewrite();
