-- A counter that every change to the companies table moves on, so that each app process can
-- tell in microseconds whether its in-memory company catalog (app/features/search/company-catalog.server.ts)
-- is stale. It replaces count(*) and max(updated_at) over the whole table, which took 40-80 ms
-- on the embedded database every few seconds, blocking its one thread.
CREATE TABLE table_versions (
  name text PRIMARY KEY,
  version bigint NOT NULL DEFAULT 0
);
--> statement-breakpoint
INSERT INTO table_versions (name) VALUES ('companies');
--> statement-breakpoint
CREATE FUNCTION bump_companies_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE table_versions SET version = version + 1 WHERE name = 'companies';
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER companies_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON companies
  FOR EACH STATEMENT EXECUTE FUNCTION bump_companies_version();
