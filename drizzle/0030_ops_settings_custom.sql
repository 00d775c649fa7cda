-- Hand-written (issue 15/16 site settings): /ContactUs and /download are page-cached like the
-- catalogue (cached-pages.ts) and show site settings (site.contacts, download.manifest), so every
-- change to site_settings raises catalog_version, as the triggers of migrations 0002 and 0027 do:
-- an operator's save shows on the next request, in every process. Settings change rarely, so the
-- whole page cache being refreshed on a save costs nothing worth a finer key.
DROP TRIGGER IF EXISTS site_settings_bump_catalog_version ON site_settings;
--> statement-breakpoint
CREATE TRIGGER site_settings_bump_catalog_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON site_settings
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
