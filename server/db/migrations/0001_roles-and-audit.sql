-- The runtime role that serves tenant data. It owns nothing, so FORCE'd row-level security binds it
-- (policies are created for every table with an organization_id column by server/db/rls.ts).
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'thera_app') THEN
    CREATE ROLE thera_app NOLOGIN NOSUPERUSER NOBYPASSRLS;
  END IF;
END
$$;
--> statement-breakpoint
GRANT thera_app TO CURRENT_USER;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO thera_app;
--> statement-breakpoint
-- Global tables the tenant role may read (names of users and children shown inside an organization).
GRANT SELECT ON users, children TO thera_app;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE OR TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
