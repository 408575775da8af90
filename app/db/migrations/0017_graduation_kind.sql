ALTER TABLE "users" ADD COLUMN "graduation_kind" text DEFAULT 'undergraduate' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_graduation_kind_check" CHECK ("graduation_kind" IN ('undergraduate', 'graduate', 'alumni'));
