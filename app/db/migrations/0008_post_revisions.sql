CREATE TYPE "public"."moderation_action" AS ENUM('approve', 'reject', 'unpublish');--> statement-breakpoint
CREATE TYPE "public"."rejection_reason_code" AS ENUM('personal_information', 'defamation', 'insufficient_content', 'wrong_company_or_type', 'duplicate', 'other');--> statement-breakpoint
CREATE TYPE "public"."revision_status" AS ENUM('draft', 'submitted', 'published', 'rejected', 'superseded');--> statement-breakpoint
CREATE TABLE "moderation_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"post_id" integer NOT NULL,
	"revision" integer NOT NULL,
	"moderator_id" integer NOT NULL,
	"action" "moderation_action" NOT NULL,
	"reason" "rejection_reason_code",
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_revisions" (
	"post_id" integer NOT NULL,
	"revision" integer NOT NULL,
	"status" "revision_status" DEFAULT 'draft' NOT NULL,
	"content" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"lock_version" integer DEFAULT 1 NOT NULL,
	"submitted_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" integer,
	"rejection_reason" "rejection_reason_code",
	"rejection_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_revisions_post_id_revision_pk" PRIMARY KEY("post_id","revision"),
	CONSTRAINT "post_revisions_revision_check" CHECK ("post_revisions"."revision" >= 1),
	CONSTRAINT "post_revisions_rejected_check" CHECK ("post_revisions"."status" <> 'rejected' OR "post_revisions"."rejection_reason" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "posts" DROP CONSTRAINT "posts_subject_check";--> statement-breakpoint
ALTER TABLE "posts" DROP CONSTRAINT "posts_reviewed_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "moderation_events" ADD CONSTRAINT "moderation_events_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_events" ADD CONSTRAINT "moderation_events_moderator_id_users_id_fk" FOREIGN KEY ("moderator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_revisions" ADD CONSTRAINT "post_revisions_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_revisions" ADD CONSTRAINT "post_revisions_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moderation_events_post_idx" ON "moderation_events" USING btree ("post_id","created_at");--> statement-breakpoint
CREATE INDEX "moderation_events_created_idx" ON "moderation_events" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "post_revisions_open_key" ON "post_revisions" USING btree ("post_id") WHERE "post_revisions"."status" IN ('draft', 'submitted', 'rejected');--> statement-breakpoint
CREATE INDEX "post_revisions_queue_idx" ON "post_revisions" USING btree ("submitted_at") WHERE "post_revisions"."status" = 'submitted';--> statement-breakpoint
-- Unpublished posts of earlier versions keep their state as their first revision.
INSERT INTO "post_revisions" ("post_id", "revision", "status", "content", "submitted_at", "reviewed_at", "reviewed_by",
    "rejection_reason", "rejection_note", "created_at", "updated_at")
  SELECT "id", 1, "status"::text::"revision_status", jsonb_build_object('title', "title"), "submitted_at", "reviewed_at", "reviewed_by",
    CASE WHEN "status" = 'rejected' THEN 'other'::"rejection_reason_code" END, "rejection_reason", "created_at", "updated_at"
  FROM "posts" WHERE "status" <> 'published';--> statement-breakpoint
UPDATE "posts" SET "revision" = 1 WHERE "status" = 'published';--> statement-breakpoint
ALTER TABLE "posts" DROP COLUMN "rejection_reason";--> statement-breakpoint
ALTER TABLE "posts" DROP COLUMN "reviewed_by";--> statement-breakpoint
ALTER TABLE "posts" DROP COLUMN "reviewed_at";--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_subject_check" CHECK (("posts"."type" = 'recruit_service_review' AND "posts"."company_id" IS NULL
          AND ("posts"."recruit_service_id" IS NOT NULL OR "posts"."status" = 'draft'))
        OR ("posts"."type" <> 'recruit_service_review' AND "posts"."recruit_service_id" IS NULL
          AND ("posts"."company_id" IS NOT NULL OR "posts"."status" = 'draft')));--> statement-breakpoint
-- The moderation log is append-only whatever code runs: no UPDATE, DELETE or TRUNCATE.
CREATE FUNCTION "moderation_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'moderation_events is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "moderation_events_append_only" BEFORE UPDATE OR DELETE OR TRUNCATE ON "moderation_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "moderation_events_append_only"();
