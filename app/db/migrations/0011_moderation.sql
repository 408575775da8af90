CREATE TYPE "public"."report_reason" AS ENUM('personal_information', 'defamation', 'false_information', 'wrong_company_or_type', 'spam', 'other');--> statement-breakpoint
CREATE TYPE "public"."report_resolution" AS ENUM('unpublished', 'dismissed');--> statement-breakpoint
ALTER TYPE "public"."moderation_action" ADD VALUE 'dismiss_reports';--> statement-breakpoint
ALTER TYPE "public"."moderation_action" ADD VALUE 'create_company';--> statement-breakpoint
ALTER TYPE "public"."moderation_action" ADD VALUE 'update_company';--> statement-breakpoint
ALTER TYPE "public"."moderation_action" ADD VALUE 'create_service';--> statement-breakpoint
ALTER TYPE "public"."moderation_action" ADD VALUE 'update_service';--> statement-breakpoint
ALTER TYPE "public"."moderation_action" ADD VALUE 'import_employee_reviews';--> statement-breakpoint
CREATE TABLE "email_jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"dedupe_key" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"post_id" integer NOT NULL,
	"reporter_id" integer NOT NULL,
	"reason" "report_reason" NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" integer,
	"resolution" "report_resolution",
	CONSTRAINT "post_reports_resolution_check" CHECK (("post_reports"."resolved_at" IS NULL) = ("post_reports"."resolution" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "moderation_events" ALTER COLUMN "post_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "moderation_events" ALTER COLUMN "revision" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "moderation_events" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "moderation_events" ADD COLUMN "recruit_service_id" integer;--> statement-breakpoint
ALTER TABLE "moderation_events" ADD COLUMN "detail" jsonb;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "import_source_id" text;--> statement-breakpoint
ALTER TABLE "post_reports" ADD CONSTRAINT "post_reports_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_reports" ADD CONSTRAINT "post_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_reports" ADD CONSTRAINT "post_reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_jobs_dedupe_key" ON "email_jobs" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "email_jobs_pending_idx" ON "email_jobs" USING btree ("run_at") WHERE "email_jobs"."sent_at" IS NULL AND "email_jobs"."failed_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "post_reports_post_reporter_key" ON "post_reports" USING btree ("post_id","reporter_id");--> statement-breakpoint
CREATE INDEX "post_reports_open_idx" ON "post_reports" USING btree ("created_at") WHERE "post_reports"."resolved_at" IS NULL;--> statement-breakpoint
ALTER TABLE "moderation_events" ADD CONSTRAINT "moderation_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_events" ADD CONSTRAINT "moderation_events_recruit_service_id_recruit_services_id_fk" FOREIGN KEY ("recruit_service_id") REFERENCES "public"."recruit_services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "posts_import_source_key" ON "posts" USING btree ("import_source_id");--> statement-breakpoint
ALTER TABLE "moderation_events" ADD CONSTRAINT "moderation_events_subject_check" CHECK (("moderation_events"."action"::text IN ('approve', 'reject', 'unpublish', 'dismiss_reports')) = ("moderation_events"."post_id" IS NOT NULL AND "moderation_events"."revision" IS NOT NULL));--> statement-breakpoint
-- The reward-point ledger is append-only: an entry is never changed or deleted (a correction is
-- a new entry). Only what the foreign keys do is let through: post_id set to null once its post
-- is gone, and the entries of a deleted account.
CREATE FUNCTION "point_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.post_id IS NOT NULL AND NEW.post_id IS NULL
      AND (NEW.id, NEW.user_id, NEW.amount, NEW.reason, NEW.note, NEW.created_at)
        IS NOT DISTINCT FROM (OLD.id, OLD.user_id, OLD.amount, OLD.reason, OLD.note, OLD.created_at)
      AND NOT EXISTS (SELECT 1 FROM "posts" WHERE "id" = OLD.post_id) THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM "users" WHERE "id" = OLD.user_id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'point_entries is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "point_entries_append_only" BEFORE UPDATE OR DELETE ON "point_entries"
  FOR EACH ROW EXECUTE FUNCTION "point_entries_append_only"();--> statement-breakpoint
CREATE TRIGGER "point_entries_no_truncate" BEFORE TRUNCATE ON "point_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "point_entries_append_only"();
