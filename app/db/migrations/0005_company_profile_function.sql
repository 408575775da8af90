-- Everything the company page shows, as one JSON value (app/features/companies/get-company-profile.server.ts).
-- A PL/pgSQL function keeps its query plan for the connection's lifetime, so the page does not
-- pay PostgreSQL's planning of this query (about 2 ms, more than running it) on every request.
-- Rating keys follow RATING_ITEMS (app/features/companies/rating-items.ts).
CREATE OR REPLACE FUNCTION company_profile(p_company_id integer) RETURNS json
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT json_build_object(
      'id', c.id, 'name', c.name, 'kana', c.kana, 'industry_id', c.industry_id,
      'industry_name', i.name, 'prefecture_name', p.name, 'url', c.url,
      'employee_count', c.employee_count, 'founded_year', c.founded_year, 'description', c.description,
      'ratings', (
        SELECT json_build_object(
          'report_count', count(*),
          'all', round(avg(ie.rating_all)::numeric, 1),
          'difficulty', round(avg(ie.rating_difficulty)::numeric, 1),
          'industry_understanding', round(avg(ie.rating_industry_understanding)::numeric, 1),
          'company_understanding', round(avg(ie.rating_company_understanding)::numeric, 1),
          'mentor', round(avg(ie.rating_mentor)::numeric, 1),
          'growth', round(avg(ie.rating_growth)::numeric, 1),
          'directly_linked_to_offer', round(avg(ie.rating_directly_linked_to_offer)::numeric, 1),
          'level', round(avg(ie.rating_level)::numeric, 1),
          'theme', round(avg(ie.rating_theme)::numeric, 1))
          FROM intern_experiences ie JOIN posts ip ON ip.id = ie.post_id AND ip.status = 'published'
         WHERE ie.company_id = c.id),
      'counts', (
        SELECT json_object_agg(t.type, t.n) FROM (
          SELECT type, count(*) AS n FROM posts WHERE company_id = c.id AND status = 'published' GROUP BY type
        ) t),
      'latest', (
        SELECT json_agg(x ORDER BY x.type, x.rn) FROM (
          SELECT id, type, title, left(sections->0->>'body', 120) AS body, published_at,
                 row_number() OVER (PARTITION BY type ORDER BY published_at DESC, id DESC) AS rn
            FROM posts WHERE company_id = c.id AND status = 'published'
        ) x WHERE x.rn <= 3))
      FROM companies c
      JOIN industries i ON i.id = c.industry_id
      JOIN prefectures p ON p.id = c.prefecture_id
     WHERE c.id = p_company_id
  );
END
$$;
