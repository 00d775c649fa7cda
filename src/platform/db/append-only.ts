/**
 * The tables whose rows are history: never rewritten, only added to. Triggers refuse UPDATE and
 * DELETE of their rows (migrations 0019_ops_foundation_custom, 0025_complaint_arbitration_custom)
 * and TRUNCATE, cascades included (0042_history_truncate_custom, 0044_agreements_custom); on PostgreSQL the application
 * role may also lack the privileges (deploy/postgres/app-role.sql, docs/postgres-roles.md).
 * tests/integration/append-only.test.ts checks this list against the database's triggers and the
 * role script, so a new history table is added here and in all three places.
 */
export const APPEND_ONLY_TABLES = [
  'ops_audit_log',
  'wallet_ledger',
  'gold_coin_ledger',
  'complaint_decisions',
  'credential_reveals',
  // Published agreements and what each user accepted (0044_agreements_custom).
  'agreement_versions',
  'user_agreement_acceptances',
] as const;
