-- Hand-written (issue 12): every catalogue-version bump also announces the new version on the
-- `catalog_version` channel. The embedded database (PGlite, one process) listens and keeps the
-- version in memory, so a cached page is served without a query per request; PostgreSQL
-- deployments read the row as before (a notification crosses processes too late to be trusted).
CREATE OR REPLACE FUNCTION bump_catalog_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bumped bigint;
BEGIN
  UPDATE catalog_version SET version = version + 1 WHERE id = 1 RETURNING version INTO bumped;
  PERFORM pg_notify('catalog_version', bumped::text);
  RETURN NULL;
END;
$$;
