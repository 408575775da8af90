-- The pages a student opens often (/mypage and its sections, /badges) are kept rendered for each
-- session for a few seconds (docs/decisions/072-session-pages-kept.md). Whatever of the student's
-- own those pages show is announced on the channel personal_changes as 'u:' and the user id, as
-- migration 0023 announces the personal call's rows: the whole user row (profile, calendar feed),
-- the student's posts and their revisions (drafts, moderation, useful counts), moderation
-- decisions on them, points, badges, and the selection board's steps and events. A row without
-- an author (an imported word of mouth, a company's change in the log) announces nothing.
CREATE FUNCTION notify_author_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  author integer;
  previous integer;
BEGIN
  IF TG_TABLE_NAME = 'posts' THEN
    IF TG_OP <> 'INSERT' THEN previous := OLD.author_id; END IF;
    IF TG_OP <> 'DELETE' THEN author := NEW.author_id; END IF;
  ELSIF TG_TABLE_NAME = 'tracker_steps' THEN
    SELECT user_id INTO author FROM tracker_entries
      WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.entry_id ELSE NEW.entry_id END;
  ELSE
    -- post_revisions and moderation_events: the author of the post they are about.
    SELECT author_id INTO author FROM posts
      WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.post_id ELSE NEW.post_id END;
  END IF;
  IF author IS NOT NULL THEN
    PERFORM pg_notify('personal_changes', 'u:' || author);
  END IF;
  IF previous IS NOT NULL AND previous IS DISTINCT FROM author THEN
    PERFORM pg_notify('personal_changes', 'u:' || previous);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER users_personal_changes ON users;
--> statement-breakpoint
CREATE TRIGGER users_personal_changes AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_personal_change();
--> statement-breakpoint
CREATE TRIGGER posts_personal_changes AFTER INSERT OR UPDATE OR DELETE ON posts
  FOR EACH ROW EXECUTE FUNCTION notify_author_change();
--> statement-breakpoint
CREATE TRIGGER post_revisions_personal_changes AFTER INSERT OR UPDATE OR DELETE ON post_revisions
  FOR EACH ROW EXECUTE FUNCTION notify_author_change();
--> statement-breakpoint
CREATE TRIGGER moderation_events_personal_changes AFTER INSERT ON moderation_events
  FOR EACH ROW WHEN (NEW.post_id IS NOT NULL) EXECUTE FUNCTION notify_author_change();
--> statement-breakpoint
CREATE TRIGGER tracker_steps_personal_changes AFTER INSERT OR UPDATE OR DELETE ON tracker_steps
  FOR EACH ROW EXECUTE FUNCTION notify_author_change();
--> statement-breakpoint
CREATE TRIGGER point_entries_personal_changes AFTER INSERT OR UPDATE OR DELETE ON point_entries
  FOR EACH ROW EXECUTE FUNCTION notify_personal_change();
--> statement-breakpoint
CREATE TRIGGER badge_grants_personal_changes AFTER INSERT OR UPDATE OR DELETE ON badge_grants
  FOR EACH ROW EXECUTE FUNCTION notify_personal_change();
--> statement-breakpoint
CREATE TRIGGER tracker_events_personal_changes AFTER INSERT OR UPDATE OR DELETE ON tracker_events
  FOR EACH ROW EXECUTE FUNCTION notify_personal_change();
