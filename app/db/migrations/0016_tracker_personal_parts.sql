-- The personal call (docs/decisions/030-shared-pages.md) also answers, in the same one
-- statement, which posts the student has clipped and voted 参考になった (issue 16) and the
-- student's selection tracker entries (issue 17), so that shared pages show the buttons' and
-- 「選考管理に追加」's state. Each entry as 'company_id:category:status:outcome' (outcome empty
-- while the selection goes on).
DROP FUNCTION personal_parts(text);
--> statement-breakpoint
CREATE FUNCTION personal_parts(p_id_hash text)
RETURNS TABLE (
  csrf_token text,
  last_seen_at timestamptz,
  expires_at timestamptz,
  user_id integer,
  role user_role,
  name text,
  email text,
  favorite_company_ids integer[],
  clipped_post_ids integer[],
  voted_post_ids integer[],
  tracker_entries text[]
)
LANGUAGE plpgsql STABLE AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  SELECT s.csrf_token, s.last_seen_at, s.expires_at, s.user_id, u.role, u.name, u.email,
    CASE WHEN u.role = 'student' THEN ARRAY(
      SELECT f.company_id FROM favorites f WHERE f.user_id = s.user_id ORDER BY f.created_at DESC, f.company_id DESC
    ) END,
    CASE WHEN u.role = 'student' THEN ARRAY(SELECT c.post_id FROM clips c WHERE c.user_id = s.user_id ORDER BY c.post_id) END,
    CASE WHEN u.role = 'student' THEN ARRAY(SELECT v.post_id FROM useful_votes v WHERE v.user_id = s.user_id ORDER BY v.post_id) END,
    CASE WHEN u.role = 'student' THEN ARRAY(
      SELECT t.company_id || ':' || t.category || ':' || t.status || ':' || coalesce(t.outcome::text, '')
      FROM tracker_entries t WHERE t.user_id = s.user_id ORDER BY t.company_id, t.category
    ) END
  FROM sessions s LEFT JOIN users u ON u.id = s.user_id
  WHERE s.id_hash = p_id_hash;
END;
$$;
