-- Every change to the companies table is announced on the channel every process listens to
-- ('k:'), so that each process's company search catalog starts its rebuild at once rather than at
-- its next check (issue 31: new companies found by every process's search within 10 s; decision
-- 081). Heard at commit; one notice a transaction however many statements it ran.
CREATE OR REPLACE FUNCTION bump_companies_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE table_versions SET version = version + 1 WHERE name = 'companies';
  PERFORM pg_notify('personal_changes', 'k:');
  RETURN NULL;
END
$$;
