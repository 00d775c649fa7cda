-- Hand-written (issue 15/16 Markdown content): the help centre's pages are page-cached like the
-- catalogue (cached-pages.ts), so every change to help_pages raises catalog_version, exactly as the
-- announcements' trigger of migration 0002 does: an operator's edit shows at once on /help, on
-- /help/<slug> and in search results, in every process. bump_catalog_version() is migration
-- 0013's (it also NOTIFYs the embedded database's watcher).
DROP TRIGGER IF EXISTS help_pages_bump_catalog_version ON help_pages;
--> statement-breakpoint
CREATE TRIGGER help_pages_bump_catalog_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON help_pages
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
