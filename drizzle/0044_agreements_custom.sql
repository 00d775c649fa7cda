-- Hand-written (issue 25, agreements): a published agreement version and a user's acceptance are
-- records nobody rewrites. UPDATE and DELETE of a row raise (refuse_history_rewrite() is migration
-- 0019's), and so does TRUNCATE of the tables, so what a user accepted stays readable by its address
-- and the acceptance stays provable. A new version is a new row.
CREATE OR REPLACE FUNCTION refuse_history_rewrite() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'rows of % are append-only', TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS agreement_versions_append_only ON agreement_versions;
--> statement-breakpoint
CREATE TRIGGER agreement_versions_append_only BEFORE UPDATE OR DELETE ON agreement_versions
  FOR EACH ROW EXECUTE FUNCTION refuse_history_rewrite();
--> statement-breakpoint
DROP TRIGGER IF EXISTS agreement_versions_no_truncate ON agreement_versions;
--> statement-breakpoint
CREATE TRIGGER agreement_versions_no_truncate BEFORE TRUNCATE ON agreement_versions
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_history_rewrite();
--> statement-breakpoint
DROP TRIGGER IF EXISTS user_agreement_acceptances_append_only ON user_agreement_acceptances;
--> statement-breakpoint
CREATE TRIGGER user_agreement_acceptances_append_only BEFORE UPDATE OR DELETE ON user_agreement_acceptances
  FOR EACH ROW EXECUTE FUNCTION refuse_history_rewrite();
--> statement-breakpoint
DROP TRIGGER IF EXISTS user_agreement_acceptances_no_truncate ON user_agreement_acceptances;
--> statement-breakpoint
CREATE TRIGGER user_agreement_acceptances_no_truncate BEFORE TRUNCATE ON user_agreement_acceptances
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_history_rewrite();
--> statement-breakpoint
-- The agreement pages are page-cached (cached-pages.ts): a new version raises catalog_version, as
-- the help pages' trigger of migration 0027 does, so /agreement/<document> shows it at once in
-- every process. bump_catalog_version() is migration 0013's.
DROP TRIGGER IF EXISTS agreement_versions_bump_catalog_version ON agreement_versions;
--> statement-breakpoint
CREATE TRIGGER agreement_versions_bump_catalog_version AFTER INSERT ON agreement_versions
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
