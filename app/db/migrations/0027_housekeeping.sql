-- Housekeeping (docs/decisions/079-housekeeping.md). The last time old rows were pruned: a process
-- that moves it forward (a conditional UPDATE) is the one that prunes, once an hour, however many
-- processes or servers share the database.
CREATE TABLE housekeeping_runs (
  id smallint PRIMARY KEY CHECK (id = 1),
  last_run_at timestamp with time zone NOT NULL
);
--> statement-breakpoint
INSERT INTO housekeeping_runs (id, last_run_at) VALUES (1, '-infinity');
--> statement-breakpoint
-- A queued email announces itself on the channel every process listens to ('e:'), so that the
-- senders wake for it instead of asking the queue every second. Heard at commit, once per
-- statement.
CREATE FUNCTION notify_email_enqueued() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('personal_changes', 'e:');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER email_jobs_enqueued AFTER INSERT ON email_jobs
  FOR EACH STATEMENT EXECUTE FUNCTION notify_email_enqueued();
