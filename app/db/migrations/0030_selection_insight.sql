CREATE TABLE "selection_questions" (
	"post_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"ord" smallint NOT NULL,
	"type" "post_type" NOT NULL,
	"company_id" integer NOT NULL,
	"industry_id" integer,
	"graduation_year" smallint,
	"step" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"question" text NOT NULL,
	"search_key" text NOT NULL,
	"bigrams" integer[] NOT NULL,
	CONSTRAINT "selection_questions_post_id_position_ord_pk" PRIMARY KEY("post_id","position","ord")
);
--> statement-breakpoint
CREATE TABLE "selection_reports" (
	"post_id" integer PRIMARY KEY NOT NULL,
	"type" "post_type" NOT NULL,
	"company_id" integer NOT NULL,
	"graduation_year" smallint,
	"flow" text NOT NULL,
	"result" text,
	"published_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "selection_step_reports" (
	"post_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"type" "post_type" NOT NULL,
	"company_id" integer NOT NULL,
	"graduation_year" smallint,
	"step" text NOT NULL,
	"passed" boolean,
	"result_days" smallint,
	"result_via" text,
	"step_date" date,
	"published_at" timestamp with time zone NOT NULL,
	CONSTRAINT "selection_step_reports_post_id_position_pk" PRIMARY KEY("post_id","position")
);
--> statement-breakpoint
ALTER TABLE "intern_experiences" ADD COLUMN "steps" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "selection_questions" ADD CONSTRAINT "selection_questions_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selection_questions" ADD CONSTRAINT "selection_questions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selection_reports" ADD CONSTRAINT "selection_reports_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selection_reports" ADD CONSTRAINT "selection_reports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selection_step_reports" ADD CONSTRAINT "selection_step_reports_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selection_step_reports" ADD CONSTRAINT "selection_step_reports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "selection_questions_bigrams_idx" ON "selection_questions" USING gin ("bigrams");--> statement-breakpoint
CREATE INDEX "selection_questions_company_idx" ON "selection_questions" USING btree ("company_id","published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "selection_reports_company_idx" ON "selection_reports" USING btree ("company_id","type");--> statement-breakpoint
CREATE INDEX "selection_step_reports_company_idx" ON "selection_step_reports" USING btree ("company_id","step");--> statement-breakpoint
-- 選考対策 (issue 34, docs/decisions/084-selection-insight.md). The question search's newest-first
-- index, overall, with what the search checks of each row in the index itself (as for the ES
-- questions, migration 0014).
CREATE INDEX selection_questions_recent_idx ON selection_questions
  (published_at DESC NULLS LAST, post_id DESC NULLS LAST, position, ord) INCLUDE (search_key, step, graduation_year, industry_id);
--> statement-breakpoint
-- A stored step's key: es, web_test, gd, interview_{round} or final. It mirrors stepKeyOf
-- (app/features/selection-insight/steps.ts), and an integration test holds the two together: an
-- interview marked final is 最終面接 only when it was not the first (a single interview is 一次面接).
CREATE FUNCTION selection_step_key(step jsonb) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN step->>'kind' <> 'interview' THEN step->>'kind'
    WHEN (step->>'final') = 'true' AND (CASE WHEN step->>'round' ~ '^[0-9]{1,2}$' THEN (step->>'round')::int ELSE 1 END) > 1 THEN 'final'
    ELSE 'interview_' || least(greatest(CASE WHEN step->>'round' ~ '^[0-9]{1,2}$' THEN (step->>'round')::int ELSE 1 END, 1), 10)
  END
$$;
--> statement-breakpoint
-- Brings the 選考対策 rows in line with the posts whose ids lie in [p_from, p_to]: a published
-- 体験記 with steps has its report, its steps and their questions; a published 就活速報 that names
-- its step has that step (position 0); any other post has none. Set-based, so that the backfill
-- below and the bench's bulk data use it too.
--
-- Whether a step was passed: every step of a 本選考体験記 before the last one was; the last one was
-- when it ended in an offer and was not when it ended in a rejection (辞退 and 選考中 leave it
-- unknown); a 就活速報 says it (通過 / 不合格; 結果待ち is unknown). An インターン体験記 is written only
-- by those who passed, so its steps would make every step look easy: they count for the flows, the
-- questions and 結果連絡, not for passing.
CREATE FUNCTION sync_selection_insight(p_from integer, p_to integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM selection_questions WHERE post_id BETWEEN p_from AND p_to;
  DELETE FROM selection_step_reports WHERE post_id BETWEEN p_from AND p_to;
  DELETE FROM selection_reports WHERE post_id BETWEEN p_from AND p_to;

  WITH source AS (
    SELECT p.id AS post_id, p.type, p.company_id, c.industry_id, p.published_at,
      coalesce(se.graduation_year,
        CASE WHEN p.attributes->>'graduationYear' ~ '^[0-9]{4}$' THEN (p.attributes->>'graduationYear')::smallint END) AS graduation_year,
      coalesce(se.steps, ie.steps) AS steps,
      se.result::text AS result
    FROM posts p
    JOIN companies c ON c.id = p.company_id
    LEFT JOIN screening_experiences se ON se.post_id = p.id AND p.type = 'screening_experience'
    LEFT JOIN intern_experiences ie ON ie.post_id = p.id AND p.type = 'intern_experience'
    WHERE p.id BETWEEN p_from AND p_to AND p.status = 'published'
      AND p.type IN ('screening_experience', 'intern_experience')
      AND jsonb_typeof(coalesce(se.steps, ie.steps)) = 'array'
      AND jsonb_array_length(coalesce(se.steps, ie.steps)) > 0
  ),
  steps AS (
    SELECT source.*, s.ord, s.item, selection_step_key(s.item) AS step, jsonb_array_length(source.steps) AS step_count
    FROM source CROSS JOIN LATERAL jsonb_array_elements(source.steps) WITH ORDINALITY AS s(item, ord)
  ),
  reports AS (
    INSERT INTO selection_reports (post_id, type, company_id, graduation_year, flow, result, published_at)
    SELECT post_id, type, company_id, graduation_year, string_agg(step, ',' ORDER BY ord), result, published_at
    FROM steps GROUP BY post_id, type, company_id, graduation_year, result, published_at
    RETURNING post_id
  ),
  step_rows AS (
    INSERT INTO selection_step_reports (post_id, position, type, company_id, graduation_year, step, passed,
      result_days, result_via, step_date, published_at)
    SELECT post_id, ord, type, company_id, graduation_year, step,
      CASE
        WHEN type = 'intern_experience' THEN NULL
        WHEN ord < step_count THEN true
        WHEN result = 'offer' THEN true
        WHEN result = 'rejected' THEN false
      END,
      CASE WHEN item->>'resultDays' ~ '^[0-9]{1,3}$' THEN (item->>'resultDays')::smallint END,
      CASE WHEN item->>'resultVia' IN ('phone', 'email', 'mypage', 'silent') THEN item->>'resultVia' END,
      CASE WHEN item->>'date' ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' THEN (item->>'date')::date END,
      published_at
    FROM steps
    RETURNING post_id
  )
  INSERT INTO selection_questions (post_id, position, ord, type, company_id, industry_id, graduation_year, step,
    published_at, question, search_key, bigrams)
  SELECT steps.post_id, steps.ord, q.ord, steps.type, steps.company_id, steps.industry_id, steps.graduation_year, steps.step,
    steps.published_at, btrim(q.question), k.key, question_bigrams(k.key)
  FROM steps
  CROSS JOIN LATERAL jsonb_array_elements_text(
    CASE WHEN jsonb_typeof(steps.item->'questions') = 'array' THEN steps.item->'questions' ELSE '[]'::jsonb END
  ) WITH ORDINALITY AS q(question, ord)
  CROSS JOIN LATERAL (SELECT question_search_key(q.question) AS key) AS k
  WHERE btrim(q.question) <> '';

  INSERT INTO selection_step_reports (post_id, position, type, company_id, graduation_year, step, passed,
    result_days, result_via, step_date, published_at)
  SELECT p.id, 0, p.type, p.company_id,
    CASE WHEN p.attributes->>'graduationYear' ~ '^[0-9]{4}$' THEN (p.attributes->>'graduationYear')::smallint END,
    p.attributes->>'step',
    CASE p.attributes->>'outcome' WHEN 'passed' THEN true WHEN 'failed' THEN false END,
    CASE WHEN p.attributes->>'outcome' IN ('passed', 'failed') AND p.attributes->>'resultDays' ~ '^[0-9]{1,3}$'
      THEN (p.attributes->>'resultDays')::smallint END,
    CASE WHEN p.attributes->>'outcome' IN ('passed', 'failed') AND p.attributes->>'resultVia' IN ('phone', 'email', 'mypage', 'silent')
      THEN p.attributes->>'resultVia' END,
    NULL, p.published_at
  FROM posts p
  WHERE p.id BETWEEN p_from AND p_to AND p.status = 'published' AND p.company_id IS NOT NULL
    AND p.type = 'jobhunt_prompt_report'
    AND p.attributes->>'step' IN ('es', 'web_test', 'gd', 'interview_1', 'interview_2', 'interview_3', 'interview_4',
      'interview_5', 'interview_6', 'interview_7', 'interview_8', 'interview_9', 'interview_10', 'final');
END;
$$;
--> statement-breakpoint
CREATE FUNCTION sync_selection_insight_trigger() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'posts' THEN
    PERFORM sync_selection_insight(NEW.id, NEW.id);
  ELSE
    PERFORM sync_selection_insight(NEW.post_id, NEW.post_id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- At commit, once the post and its detail row are both written (as the listing triggers of
-- migration 0014). Drafts are left alone.
CREATE CONSTRAINT TRIGGER posts_selection_sync_insert AFTER INSERT ON posts
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
WHEN (NEW.status = 'published' AND NEW.type IN ('screening_experience', 'intern_experience', 'jobhunt_prompt_report'))
EXECUTE FUNCTION sync_selection_insight_trigger();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER posts_selection_sync_update
AFTER UPDATE OF status, type, company_id, attributes, published_at ON posts
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
WHEN ((NEW.status = 'published' OR OLD.status = 'published')
  AND (NEW.type IN ('screening_experience', 'intern_experience', 'jobhunt_prompt_report')))
EXECUTE FUNCTION sync_selection_insight_trigger();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER screening_experiences_selection_sync AFTER INSERT OR UPDATE ON screening_experiences
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION sync_selection_insight_trigger();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER intern_experiences_selection_sync AFTER INSERT OR UPDATE ON intern_experiences
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION sync_selection_insight_trigger();
--> statement-breakpoint
-- A company moved to another industry takes its questions along (the rest of the function is
-- migration 0014's).
CREATE OR REPLACE FUNCTION company_industry_sync_trigger() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.industry_id IS DISTINCT FROM OLD.industry_id THEN
    UPDATE post_listings SET industry_id = NEW.industry_id WHERE company_id = NEW.id;
    UPDATE entry_sheet_questions SET industry_id = NEW.industry_id WHERE company_id = NEW.id;
    UPDATE selection_questions SET industry_id = NEW.industry_id WHERE company_id = NEW.id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The posts already published.
SELECT sync_selection_insight(coalesce(min(id), 0), coalesce(max(id), 0)) FROM posts;
