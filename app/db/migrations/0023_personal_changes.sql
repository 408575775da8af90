-- The personal call's rows are kept in each app process's memory (docs/decisions/071-personal-rows-in-memory.md).
-- Every change to what personal_parts() reads is announced on the channel personal_changes, from
-- the database itself, whichever process or script made it: 's:' and the id hash for a session
-- touched or ended, 'u:' and the user id for a user's name, address or role, favorites, clips,
-- votes, tracker entries and match conditions (the preferred industries and prefectures, which
-- a student's recommendations follow). NOTIFY is transactional: the listeners hear of a change when it is
-- committed, and identical payloads of one transaction are sent once.
CREATE FUNCTION notify_personal_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('personal_changes', 's:' || OLD.id_hash);
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('personal_changes', 'u:' || OLD.id);
  ELSE
    PERFORM pg_notify('personal_changes', 'u:' || r.user_id);
    IF TG_OP = 'UPDATE' THEN
      IF OLD.user_id IS DISTINCT FROM NEW.user_id THEN
        PERFORM pg_notify('personal_changes', 'u:' || OLD.user_id);
      END IF;
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_personal_changes AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_personal_change();
--> statement-breakpoint
CREATE TRIGGER users_personal_changes AFTER UPDATE OF role, name, email OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_personal_change();
--> statement-breakpoint
CREATE TRIGGER favorites_personal_changes AFTER INSERT OR UPDATE OR DELETE ON favorites
  FOR EACH ROW EXECUTE FUNCTION notify_personal_change();
--> statement-breakpoint
CREATE TRIGGER clips_personal_changes AFTER INSERT OR UPDATE OR DELETE ON clips
  FOR EACH ROW EXECUTE FUNCTION notify_personal_change();
--> statement-breakpoint
CREATE TRIGGER useful_votes_personal_changes AFTER INSERT OR UPDATE OR DELETE ON useful_votes
  FOR EACH ROW EXECUTE FUNCTION notify_personal_change();
--> statement-breakpoint
CREATE TRIGGER tracker_entries_personal_changes AFTER INSERT OR UPDATE OR DELETE ON tracker_entries
  FOR EACH ROW EXECUTE FUNCTION notify_personal_change();
--> statement-breakpoint
CREATE TRIGGER user_preferred_industries_personal_changes AFTER INSERT OR UPDATE OR DELETE ON user_preferred_industries
  FOR EACH ROW EXECUTE FUNCTION notify_personal_change();
--> statement-breakpoint
CREATE TRIGGER user_preferred_prefectures_personal_changes AFTER INSERT OR UPDATE OR DELETE ON user_preferred_prefectures
  FOR EACH ROW EXECUTE FUNCTION notify_personal_change();
