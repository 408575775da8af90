DROP INDEX "post_revisions_open_key";--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "draft_key" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "posts_author_draft_key" ON "posts" USING btree ("author_id","draft_key");--> statement-breakpoint
CREATE UNIQUE INDEX "post_revisions_open_key" ON "post_revisions" USING btree ("post_id") WHERE "post_revisions"."status" IN ('draft', 'submitted');