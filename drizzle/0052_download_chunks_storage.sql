-- Launcher builds are already compressed (zip, exe, dmg): storing the chunks uncompressed out of
-- line spares PostgreSQL a pointless compression attempt on every 1 MB row.
ALTER TABLE "download_chunks" ALTER COLUMN "data" SET STORAGE EXTERNAL;
