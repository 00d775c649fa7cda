-- The application role of a PostgreSQL deployment (issue 25; docs/postgres-roles.md explains it).
--
-- Two roles: zuhao_owner owns the schema and runs the migrations (DATABASE_MIGRATION_URL), and
-- zuhao_app is what every process serves requests as (DATABASE_URL). zuhao_app may read and write
-- the ordinary tables but only INSERT and SELECT the history tables: even a process taken over by
-- an attacker cannot rewrite, delete or truncate the audit log, the ledgers, the complaint
-- decisions, the credential reveals or the agreements users accepted (the triggers of migrations
-- 0019, 0025, 0042 and 0044 refuse it too;
-- this is the second lock).
--
-- Once, as a superuser (choose real passwords):
--   CREATE ROLE zuhao_owner LOGIN PASSWORD 'owner-secret';
--   CREATE ROLE zuhao_app LOGIN PASSWORD 'app-secret';
--   CREATE DATABASE zuhao OWNER zuhao_owner;
--   \c zuhao
--   ALTER SCHEMA public OWNER TO zuhao_owner;
--   REVOKE CREATE ON SCHEMA public FROM PUBLIC;
--
-- Then, after the processes have migrated once, run this file as zuhao_owner in that database:
--   psql postgres://zuhao_owner@host/zuhao -v ON_ERROR_STOP=1 -f deploy/postgres/app-role.sql
-- and again after every release that adds a table (it is idempotent).

GRANT USAGE ON SCHEMA public TO zuhao_app;

-- Ordinary tables: what the application does to them today (no TRUNCATE, no DDL).
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO zuhao_app;
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO zuhao_app;

-- Tables the owner creates later get the same, until this file runs again.
ALTER DEFAULT PRIVILEGES FOR ROLE zuhao_owner IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO zuhao_app;
ALTER DEFAULT PRIVILEGES FOR ROLE zuhao_owner IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO zuhao_app;

-- History: append and read only (src/platform/db/append-only.ts lists the same tables).
REVOKE UPDATE, DELETE, TRUNCATE ON ops_audit_log, wallet_ledger, gold_coin_ledger, complaint_decisions, credential_reveals, agreement_versions, user_agreement_acceptances FROM zuhao_app;
