-- Hand-written (issue 27): the catalogue version is raised at COMMIT, once per transaction.
--
-- Until now a statement trigger on each catalogue table ran `UPDATE catalog_version` (its one row)
-- in the middle of the writing transaction, so every transaction that touched a catalogue table
-- held that row locked from its first such statement until its commit. A wallet payment marks the
-- listing rented and counts the rental in listing_stats, so all payments of the whole site queued
-- on that row for the rest of each other's transactions, and a transaction holding it while it
-- waited for a listing row deadlocked with one holding the listing (the sweep, a login-failure
-- report).
--
-- Now each table has a row-level constraint trigger, DEFERRABLE INITIALLY DEFERRED: its events
-- fire at COMMIT, after every statement of the transaction, and the first one raises the version
-- and sets a transaction-local flag (set_config(..., true)) so that the others return at once.
-- The row is therefore held only from the pre-commit step to the end of COMMIT, and it is the last
-- lock a transaction takes, so nothing waits on anything while holding it. The bump is still part
-- of the writing transaction: the new version and the new rows become visible together, which is
-- what the page cache needs (a page is kept under the version read before rendering it; a request
-- after the commit reads the new version and misses). The NOTIFY keeps its meaning for the
-- embedded database's watcher (catalog-version-watch.ts): delivered at commit, as before.
--
-- Row triggers fire only for rows really written, so a statement that changes nothing (e.g. a
-- rented-flag refresh where every flag was right) no longer empties the page cache. TRUNCATE has no
-- row events: a statement trigger calls the same function (immediately, which is just as correct).
-- The function keeps its name (migration 0013's, replaced here), so a statement trigger some later
-- migration attaches with it still works: it raises the version at once, once per transaction.
CREATE OR REPLACE FUNCTION bump_catalog_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bumped bigint;
BEGIN
  IF current_setting('zuhao.catalog_version_bumped', true) = 'on' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('zuhao.catalog_version_bumped', 'on', true);
  UPDATE catalog_version SET version = version + 1 WHERE id = 1 RETURNING version INTO bumped;
  PERFORM pg_notify('catalog_version', bumped::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS listings_bump_catalog_version ON "listings";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER listings_bump_catalog_version AFTER INSERT OR UPDATE OR DELETE ON "listings"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalog_version();
--> statement-breakpoint
CREATE TRIGGER listings_truncate_bumps_catalog_version AFTER TRUNCATE ON "listings"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
--> statement-breakpoint
DROP TRIGGER IF EXISTS listing_attrs_bump_catalog_version ON "listing_attrs";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER listing_attrs_bump_catalog_version AFTER INSERT OR UPDATE OR DELETE ON "listing_attrs"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalog_version();
--> statement-breakpoint
CREATE TRIGGER listing_attrs_truncate_bumps_catalog_version AFTER TRUNCATE ON "listing_attrs"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
--> statement-breakpoint
DROP TRIGGER IF EXISTS listing_stats_bump_catalog_version ON "listing_stats";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER listing_stats_bump_catalog_version AFTER INSERT OR UPDATE OR DELETE ON "listing_stats"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalog_version();
--> statement-breakpoint
CREATE TRIGGER listing_stats_truncate_bumps_catalog_version AFTER TRUNCATE ON "listing_stats"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
--> statement-breakpoint
DROP TRIGGER IF EXISTS games_bump_catalog_version ON "games";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER games_bump_catalog_version AFTER INSERT OR UPDATE OR DELETE ON "games"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalog_version();
--> statement-breakpoint
CREATE TRIGGER games_truncate_bumps_catalog_version AFTER TRUNCATE ON "games"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
--> statement-breakpoint
DROP TRIGGER IF EXISTS platforms_bump_catalog_version ON "platforms";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER platforms_bump_catalog_version AFTER INSERT OR UPDATE OR DELETE ON "platforms"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalog_version();
--> statement-breakpoint
CREATE TRIGGER platforms_truncate_bumps_catalog_version AFTER TRUNCATE ON "platforms"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
--> statement-breakpoint
DROP TRIGGER IF EXISTS zones_bump_catalog_version ON "zones";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER zones_bump_catalog_version AFTER INSERT OR UPDATE OR DELETE ON "zones"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalog_version();
--> statement-breakpoint
CREATE TRIGGER zones_truncate_bumps_catalog_version AFTER TRUNCATE ON "zones"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
--> statement-breakpoint
DROP TRIGGER IF EXISTS shops_bump_catalog_version ON "shops";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER shops_bump_catalog_version AFTER INSERT OR UPDATE OR DELETE ON "shops"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalog_version();
--> statement-breakpoint
CREATE TRIGGER shops_truncate_bumps_catalog_version AFTER TRUNCATE ON "shops"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
--> statement-breakpoint
DROP TRIGGER IF EXISTS banners_bump_catalog_version ON "banners";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER banners_bump_catalog_version AFTER INSERT OR UPDATE OR DELETE ON "banners"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalog_version();
--> statement-breakpoint
CREATE TRIGGER banners_truncate_bumps_catalog_version AFTER TRUNCATE ON "banners"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
--> statement-breakpoint
DROP TRIGGER IF EXISTS announcements_bump_catalog_version ON "announcements";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER announcements_bump_catalog_version AFTER INSERT OR UPDATE OR DELETE ON "announcements"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalog_version();
--> statement-breakpoint
CREATE TRIGGER announcements_truncate_bumps_catalog_version AFTER TRUNCATE ON "announcements"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
--> statement-breakpoint
DROP TRIGGER IF EXISTS hot_tags_bump_catalog_version ON "hot_tags";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER hot_tags_bump_catalog_version AFTER INSERT OR UPDATE OR DELETE ON "hot_tags"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalog_version();
--> statement-breakpoint
CREATE TRIGGER hot_tags_truncate_bumps_catalog_version AFTER TRUNCATE ON "hot_tags"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
--> statement-breakpoint
DROP TRIGGER IF EXISTS free_offers_bump_catalog_version ON "free_offers";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER free_offers_bump_catalog_version AFTER INSERT OR UPDATE OR DELETE ON "free_offers"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalog_version();
--> statement-breakpoint
CREATE TRIGGER free_offers_truncate_bumps_catalog_version AFTER TRUNCATE ON "free_offers"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
--> statement-breakpoint
DROP TRIGGER IF EXISTS help_pages_bump_catalog_version ON "help_pages";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER help_pages_bump_catalog_version AFTER INSERT OR UPDATE OR DELETE ON "help_pages"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalog_version();
--> statement-breakpoint
CREATE TRIGGER help_pages_truncate_bumps_catalog_version AFTER TRUNCATE ON "help_pages"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
--> statement-breakpoint
DROP TRIGGER IF EXISTS site_settings_bump_catalog_version ON "site_settings";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER site_settings_bump_catalog_version AFTER INSERT OR UPDATE OR DELETE ON "site_settings"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalog_version();
--> statement-breakpoint
CREATE TRIGGER site_settings_truncate_bumps_catalog_version AFTER TRUNCATE ON "site_settings"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
--> statement-breakpoint
DROP TRIGGER IF EXISTS agreement_versions_bump_catalog_version ON "agreement_versions";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER agreement_versions_bump_catalog_version AFTER INSERT ON "agreement_versions"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalog_version();
