CREATE TYPE "public"."company_import_status" AS ENUM('queued', 'importing', 'dry_run', 'imported', 'unreadable', 'interrupted');--> statement-breakpoint
ALTER TYPE "public"."moderation_action" ADD VALUE 'import_companies';--> statement-breakpoint
CREATE TABLE "company_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"moderator_id" integer,
	"file_name" text NOT NULL,
	"file_bytes" bigint NOT NULL,
	"dry_run" boolean NOT NULL,
	"kinds" text[] NOT NULL,
	"status" "company_import_status" DEFAULT 'queued' NOT NULL,
	"bytes_read" bigint DEFAULT 0 NOT NULL,
	"counts" jsonb,
	"refused_lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"file_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "company_imports_finished_check" CHECK (("company_imports"."finished_at" IS NULL) = ("company_imports"."status" IN ('queued', 'importing')))
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "corporate_number" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "company_imports" ADD CONSTRAINT "company_imports_moderator_id_users_id_fk" FOREIGN KEY ("moderator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_imports_one_running" ON "company_imports" USING btree ((true)) WHERE "company_imports"."finished_at" IS NULL;--> statement-breakpoint
CREATE INDEX "company_imports_moderator_idx" ON "company_imports" USING btree ("moderator_id");--> statement-breakpoint
CREATE UNIQUE INDEX "companies_corporate_number_key" ON "companies" USING btree ("corporate_number");--> statement-breakpoint
CREATE INDEX "companies_unnumbered_name_idx" ON "companies" USING btree ("name") WHERE "companies"."corporate_number" IS NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_corporate_number_check" CHECK ("companies"."corporate_number" ~ '^[0-9]{13}$');--> statement-breakpoint
-- The company page says when a corporation's registration was closed (decision 077): the profile
-- carries closed_at and the 法人番号. Otherwise the function of migration 0005, unchanged.
CREATE OR REPLACE FUNCTION company_profile(p_company_id integer) RETURNS json
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT json_build_object(
      'id', c.id, 'name', c.name, 'kana', c.kana, 'industry_id', c.industry_id,
      'industry_name', i.name, 'prefecture_name', p.name, 'url', c.url,
      'employee_count', c.employee_count, 'founded_year', c.founded_year, 'description', c.description,
      'corporate_number', c.corporate_number, 'closed_at', c.closed_at,
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
--> statement-breakpoint
-- A closing or reopening moves the company in or out of lists and search like a rename does.
DROP TRIGGER companies_content_update ON companies;
--> statement-breakpoint
CREATE TRIGGER companies_content_update AFTER UPDATE OF name, industry_id, closed_at ON companies
  FOR EACH STATEMENT EXECUTE FUNCTION notify_content_change();
