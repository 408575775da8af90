CREATE TYPE "public"."tracker_event_kind" AS ENUM('es_deadline', 'web_test_deadline', 'briefing', 'interview');--> statement-breakpoint
CREATE TYPE "public"."tracker_outcome" AS ENUM('rejected', 'declined');--> statement-breakpoint
CREATE TABLE "tracker_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"kind" "tracker_event_kind" NOT NULL,
	"date" date NOT NULL,
	"time" text,
	"place" text DEFAULT '' NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracker_steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"entry_id" integer NOT NULL,
	"status" "tracker_status" NOT NULL,
	"outcome" "tracker_outcome",
	"on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tracker_entries" ADD COLUMN "outcome" "tracker_outcome";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "calendar_feed_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "tracker_events" ADD CONSTRAINT "tracker_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracker_events" ADD CONSTRAINT "tracker_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracker_steps" ADD CONSTRAINT "tracker_steps_entry_id_tracker_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."tracker_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tracker_events_user_date_idx" ON "tracker_events" USING btree ("user_id","date");--> statement-breakpoint
CREATE INDEX "tracker_events_company_idx" ON "tracker_events" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "tracker_steps_entry_idx" ON "tracker_steps" USING btree ("entry_id","id");