CREATE TYPE "public"."employee_review_import_status" AS ENUM('queued', 'checking', 'importing', 'dry_run', 'refused', 'imported', 'unreadable', 'interrupted');--> statement-breakpoint
CREATE TABLE "employee_review_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"moderator_id" integer,
	"file_name" text NOT NULL,
	"file_bytes" integer NOT NULL,
	"dry_run" boolean NOT NULL,
	"skip_invalid" boolean NOT NULL,
	"status" "employee_review_import_status" DEFAULT 'queued' NOT NULL,
	"bytes_read" integer DEFAULT 0 NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	"ready" integer DEFAULT 0 NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"invalid" integer DEFAULT 0 NOT NULL,
	"refused_rows" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"file_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "employee_review_imports_finished_check" CHECK (("employee_review_imports"."finished_at" IS NULL) = ("employee_review_imports"."status" IN ('queued', 'checking', 'importing')))
);
--> statement-breakpoint
ALTER TABLE "employee_review_imports" ADD CONSTRAINT "employee_review_imports_moderator_id_users_id_fk" FOREIGN KEY ("moderator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "employee_review_imports_one_running" ON "employee_review_imports" USING btree ((true)) WHERE "employee_review_imports"."finished_at" IS NULL;--> statement-breakpoint
CREATE INDEX "employee_review_imports_moderator_idx" ON "employee_review_imports" USING btree ("moderator_id");