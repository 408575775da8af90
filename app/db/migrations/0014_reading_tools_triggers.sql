-- The reading tools of issue 16 (docs/decisions/032-post-lists.md, 033-entry-sheet-search.md).
--
-- question_search_key mirrors normalizeQuestionText (app/features/posts/question-search.ts),
-- and an integration test holds the two to the same keys: NFKC (full-width and half-width
-- alike), ASCII letters lowered, hiragana as katakana, spaces and punctuation dropped.
-- The cross-company lists' orders, per family and per family and industry, with every filtered
-- column: a filtered page and its count read the index alone (docs/decisions/032-post-lists.md).
CREATE INDEX post_listings_family_new_idx ON post_listings
  (family, published_at DESC NULLS LAST, post_id DESC NULLS LAST)
  INCLUDE (type, company_id, industry_id, year, season, result, job_type, useful_count);
--> statement-breakpoint
CREATE INDEX post_listings_family_useful_idx ON post_listings
  (family, useful_count DESC NULLS LAST, published_at DESC NULLS LAST, post_id DESC NULLS LAST)
  INCLUDE (type, company_id, industry_id, year, season, result, job_type);
--> statement-breakpoint
CREATE INDEX post_listings_industry_new_idx ON post_listings
  (family, industry_id, published_at DESC NULLS LAST, post_id DESC NULLS LAST)
  INCLUDE (type, company_id, year, season, result, job_type, useful_count);
--> statement-breakpoint
CREATE INDEX post_listings_industry_useful_idx ON post_listings
  (family, industry_id, useful_count DESC NULLS LAST, published_at DESC NULLS LAST, post_id DESC NULLS LAST)
  INCLUDE (type, company_id, year, season, result, job_type);
--> statement-breakpoint
-- The newest questions first, overall and per industry, with what the search checks of each row
-- (its key, type, year and result) in the index itself: the search's first look reads the newest
-- 20,000 entries of one of them without visiting the table (docs/decisions/033-entry-sheet-search.md).
CREATE INDEX entry_sheet_questions_recent_idx ON entry_sheet_questions
  (published_at DESC NULLS LAST, post_id DESC NULLS LAST, position) INCLUDE (search_key, type, year, result);
--> statement-breakpoint
CREATE INDEX entry_sheet_questions_industry_recent_idx ON entry_sheet_questions
  (industry_id, published_at DESC NULLS LAST, post_id DESC NULLS LAST, position) INCLUDE (search_key, type, year, result);
--> statement-breakpoint
CREATE FUNCTION question_search_key(t text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT regexp_replace(
    translate(normalize(t, NFKC), 'ABCDEFGHIJKLMNOPQRSTUVWXYZぁあぃいぅうぇえぉおかがきぎくぐけげこごさざしじすずせぜそぞただちぢっつづてでとどなにぬねのはばぱひびぴふぶぷへべぺほぼぽまみむめもゃやゅゆょよらりるれろゎわゐゑをんゔゕゖゝゞ', 'abcdefghijklmnopqrstuvwxyzァアィイゥウェエォオカガキギクグケゲコゴサザシジスズセゼソゾタダチヂッツヅテデトドナニヌネノハバパヒビピフブプヘベペホボポマミムメモャヤュユョヨラリルレロヮワヰヱヲンヴヵヶヽヾ'),
    '[[:space:]・·、,.。''"’”「」『』【】()?!:;/]', '', 'g')
$$;
--> statement-breakpoint
-- The key's pairs of neighbouring characters as integers (two code points in one number, folded
-- into 31 bits: a rare collision only widens the candidates, which LIKE then checks).
CREATE FUNCTION question_bigrams(k text) RETURNS integer[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT ((ascii(substr(k, i, 1))::bigint * 1114112 + ascii(substr(k, i + 1, 1))) % 2147483647)::integer), '{}')
  FROM generate_series(1, char_length(k) - 1) AS i
$$;
--> statement-breakpoint
-- Brings post_listings and entry_sheet_questions in line with the posts whose ids lie in
-- [p_from, p_to]: a published post with a company has its row (and an entry sheet its questions),
-- any other has none. Set-based, so that the backfill below and the bench's bulk data use it too.
CREATE FUNCTION sync_post_listings(p_from integer, p_to integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  -- The companies' rows shared until commit: an industry change waits for these rows to be
  -- written (and then moves them), or is seen by them once it has committed.
  PERFORM 1 FROM companies WHERE id IN (SELECT company_id FROM posts WHERE id BETWEEN p_from AND p_to) FOR SHARE;
  DELETE FROM post_listings l USING posts p
  WHERE l.post_id = p.id AND p.id BETWEEN p_from AND p_to AND (p.status <> 'published' OR p.company_id IS NULL);
  DELETE FROM entry_sheet_questions q
  WHERE q.post_id BETWEEN p_from AND p_to;

  INSERT INTO post_listings (post_id, type, family, company_id, industry_id, year, season, result, job_type, published_at, useful_count)
  SELECT p.id, p.type,
    CASE WHEN p.type IN ('intern_entry_sheet', 'screening_entry_sheet') THEN 'entry_sheet' ELSE p.type::text END,
    p.company_id, c.industry_id,
    coalesce(es.year, ie.year, se.graduation_year),
    coalesce(ie.season, CASE WHEN p.attributes->>'season' IN ('summer', 'winter') THEN (p.attributes->>'season')::season END),
    coalesce(es.result::text, se.result::text),
    nullif(btrim(p.attributes->>'course'), ''),
    p.published_at, p.useful_count
  FROM posts p
  JOIN companies c ON c.id = p.company_id
  LEFT JOIN entry_sheets es ON es.post_id = p.id
  LEFT JOIN intern_experiences ie ON ie.post_id = p.id
  LEFT JOIN screening_experiences se ON se.post_id = p.id
  WHERE p.id BETWEEN p_from AND p_to AND p.status = 'published'
  ON CONFLICT (post_id) DO UPDATE SET
    type = EXCLUDED.type, family = EXCLUDED.family, company_id = EXCLUDED.company_id,
    industry_id = EXCLUDED.industry_id, year = EXCLUDED.year, season = EXCLUDED.season,
    result = EXCLUDED.result, job_type = EXCLUDED.job_type, published_at = EXCLUDED.published_at,
    useful_count = EXCLUDED.useful_count;

  INSERT INTO entry_sheet_questions (post_id, position, type, company_id, industry_id, year, result, published_at,
    question, char_limit, search_key, bigrams)
  SELECT p.id, s.ord, p.type, p.company_id, c.industry_id, es.year, es.result::text, p.published_at,
    s.item->>'heading',
    -- The limit the author gave, else one written into the question (「（400字以内）」).
    coalesce(
      CASE WHEN (s.item->>'limit') ~ '^[0-9]{1,4}$' THEN (s.item->>'limit')::smallint END,
      substring(normalize(s.item->>'heading', NFKC) from '([0-9]{2,4})字')::smallint),
    k.key, question_bigrams(k.key)
  FROM posts p
  JOIN companies c ON c.id = p.company_id
  LEFT JOIN entry_sheets es ON es.post_id = p.id
  CROSS JOIN LATERAL jsonb_array_elements(p.sections) WITH ORDINALITY AS s(item, ord)
  CROSS JOIN LATERAL (SELECT question_search_key(s.item->>'heading') AS key) AS k
  WHERE p.id BETWEEN p_from AND p_to AND p.status = 'published'
    AND p.type IN ('intern_entry_sheet', 'screening_entry_sheet')
    AND coalesce(s.item->>'heading', '') <> '';
END;
$$;
--> statement-breakpoint
CREATE FUNCTION sync_post_listing_trigger() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'posts' THEN
    PERFORM sync_post_listings(NEW.id, NEW.id);
  ELSE
    PERFORM sync_post_listings(NEW.post_id, NEW.post_id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- At commit, once the post and its detail row are both written, whatever order a feature wrote
-- them in. The 参考になった count is not among the columns: the vote keeps it itself.
-- Drafts (saved every few seconds while a student types) are left alone.
CREATE CONSTRAINT TRIGGER posts_listing_sync_insert AFTER INSERT ON posts
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.status = 'published')
EXECUTE FUNCTION sync_post_listing_trigger();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER posts_listing_sync_update
AFTER UPDATE OF status, type, company_id, sections, attributes, published_at ON posts
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.status = 'published' OR OLD.status = 'published')
EXECUTE FUNCTION sync_post_listing_trigger();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER entry_sheets_listing_sync AFTER INSERT OR UPDATE ON entry_sheets
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION sync_post_listing_trigger();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER intern_experiences_listing_sync AFTER INSERT OR UPDATE ON intern_experiences
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION sync_post_listing_trigger();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER screening_experiences_listing_sync AFTER INSERT OR UPDATE ON screening_experiences
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION sync_post_listing_trigger();
--> statement-breakpoint
-- A company moved to another industry takes its posts' rows along.
CREATE FUNCTION company_industry_sync_trigger() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.industry_id IS DISTINCT FROM OLD.industry_id THEN
    UPDATE post_listings SET industry_id = NEW.industry_id WHERE company_id = NEW.id;
    UPDATE entry_sheet_questions SET industry_id = NEW.industry_id WHERE company_id = NEW.id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER companies_industry_sync AFTER UPDATE OF industry_id ON companies
FOR EACH ROW EXECUTE FUNCTION company_industry_sync_trigger();
--> statement-breakpoint
-- The posts already published.
SELECT sync_post_listings(coalesce(min(id), 0), coalesce(max(id), 0)) FROM posts;
