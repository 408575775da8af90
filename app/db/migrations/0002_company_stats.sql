ALTER TABLE "companies" ADD COLUMN "published_post_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "intern_report_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "intern_rating_average" real;--> statement-breakpoint
CREATE INDEX "companies_updated_idx" ON "companies" USING btree ("updated_at");