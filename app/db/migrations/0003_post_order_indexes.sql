DROP INDEX "posts_company_type_published_idx";--> statement-breakpoint
DROP INDEX "posts_published_idx";--> statement-breakpoint
CREATE INDEX "posts_company_type_published_idx" ON "posts" USING btree ("company_id","type","published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "posts"."status" = 'published';--> statement-breakpoint
CREATE INDEX "posts_published_idx" ON "posts" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "posts"."status" = 'published';