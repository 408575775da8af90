CREATE TYPE "public"."digest_frequency" AS ENUM('daily', 'weekly', 'off');--> statement-breakpoint
CREATE TYPE "public"."notification_kind" AS ENUM('moderation', 'new_post', 'reminder', 'badge');--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"digest" "digest_frequency" DEFAULT 'daily' NOT NULL,
	"remind_es_deadline" boolean DEFAULT true NOT NULL,
	"remind_web_test_deadline" boolean DEFAULT true NOT NULL,
	"remind_briefing" boolean DEFAULT true NOT NULL,
	"remind_interview" boolean DEFAULT true NOT NULL,
	"remind_es_three_days" boolean DEFAULT true NOT NULL,
	"reminder_emails" boolean DEFAULT true NOT NULL,
	"moderation_emails" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" "notification_kind" NOT NULL,
	"title" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"post_id" integer,
	"company_id" integer,
	"badge_kind_id" smallint,
	"dedupe_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"digested_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "scheduled_jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"slot" timestamp with time zone NOT NULL,
	"previous_slot" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"lease_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "email_jobs" ADD COLUMN "unsubscribe_url" text;--> statement-breakpoint
ALTER TABLE "tracker_events" ADD COLUMN "date_set_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_user_dedupe_key" ON "notifications" USING btree ("user_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" IS NULL;--> statement-breakpoint
CREATE INDEX "notifications_undigested_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."kind" = 'new_post' AND "notifications"."digested_at" IS NULL;--> statement-breakpoint
CREATE INDEX "notifications_post_idx" ON "notifications" USING btree ("post_id") WHERE "notifications"."post_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "tracker_events_date_idx" ON "tracker_events" USING btree ("date");--> statement-breakpoint
-- The jobs at fixed times start from the latest 8:00 in Tokyo before this migration, finished:
-- nothing that was due before the feature existed is sent (docs/decisions/083-notifications.md).
INSERT INTO "scheduled_jobs" ("name", "slot", "previous_slot", "finished_at")
SELECT job.name, slot.at, slot.at, now()
FROM (VALUES ('digest-daily'), ('digest-weekly'), ('reminders')) AS job(name),
  LATERAL (SELECT ((date_trunc('day', (now() AT TIME ZONE 'Asia/Tokyo') - interval '8 hours') + interval '8 hours') AT TIME ZONE 'Asia/Tokyo') AS at) AS slot;
--> statement-breakpoint
-- The decisions moderators made before, as read notices: /mypage/notifications lists them as /mypage did.
INSERT INTO "notifications" ("user_id", "kind", "title", "detail", "link", "post_id", "dedupe_key", "created_at", "read_at", "digested_at")
SELECT p.author_id, 'moderation',
  CASE e.action WHEN 'approve' THEN '投稿が公開されました' WHEN 'reject' THEN '投稿を公開できませんでした' ELSE '投稿の公開を停止しました' END,
  coalesce(nullif(r.content->>'title', ''), nullif(p.title, ''), '（タイトルなし）')
    || CASE WHEN e.reason IS NULL THEN '' ELSE E'\n理由：' || CASE e.reason
      WHEN 'personal_information' THEN '個人が特定できる内容' WHEN 'defamation' THEN '誹謗中傷・不適切な表現'
      WHEN 'insufficient_content' THEN '内容が不十分' WHEN 'wrong_company_or_type' THEN '企業または種類の誤り'
      WHEN 'duplicate' THEN '重複投稿' ELSE 'その他' END END
    || CASE WHEN e.note IS NULL OR e.note = '' THEN '' ELSE E'\n担当者より：' || e.note END,
  CASE WHEN e.action = 'approve' THEN '' ELSE '/mypage/posts/' || p.id || '/edit' END,
  p.id, 'moderation:' || e.id, e.created_at, e.created_at, e.created_at
FROM moderation_events e
JOIN posts p ON p.id = e.post_id
LEFT JOIN post_revisions r ON r.post_id = e.post_id AND r.revision = e.revision
WHERE e.action IN ('approve', 'reject', 'unpublish') AND p.author_id IS NOT NULL
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The header's unread count comes with the personal call (docs/decisions/030-shared-pages.md),
-- kept in memory like the rest of its row: a notice made, read or deleted is announced ('u:').
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
  tracker_entries text[],
  unread_notices integer
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
    ) END,
    CASE WHEN u.role = 'student' THEN (
      SELECT count(*)::integer FROM (SELECT 1 FROM notifications n WHERE n.user_id = s.user_id AND n.read_at IS NULL LIMIT 100) unread
    ) END
  FROM sessions s LEFT JOIN users u ON u.id = s.user_id
  WHERE s.id_hash = p_id_hash;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER notifications_personal_changes AFTER INSERT OR DELETE OR UPDATE OF read_at ON notifications
  FOR EACH ROW EXECUTE FUNCTION notify_personal_change();
--> statement-breakpoint
-- A badge earned is a notice, however it was granted (the badge engine calls no feature: 005).
-- One granted by the backfill, already shown, is a read one.
CREATE FUNCTION notice_badge_grant() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notifications (user_id, kind, title, badge_kind_id, link, dedupe_key, created_at, read_at)
  VALUES (NEW.user_id, 'badge', '', NEW.badge_kind_id, '/badges/' || NEW.badge_kind_id, 'badge:' || NEW.badge_kind_id, NEW.acquired_at, NEW.displayed_at)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER badge_grants_notice AFTER INSERT ON badge_grants
  FOR EACH ROW EXECUTE FUNCTION notice_badge_grant();
