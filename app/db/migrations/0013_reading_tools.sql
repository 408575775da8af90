CREATE TABLE "entry_sheet_questions" (
	"post_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"type" "post_type" NOT NULL,
	"company_id" integer NOT NULL,
	"industry_id" integer,
	"year" smallint,
	"result" text,
	"published_at" timestamp with time zone NOT NULL,
	"question" text NOT NULL,
	"char_limit" smallint,
	"search_key" text NOT NULL,
	"bigrams" integer[] NOT NULL,
	CONSTRAINT "entry_sheet_questions_post_id_position_pk" PRIMARY KEY("post_id","position")
);
--> statement-breakpoint
CREATE TABLE "post_listings" (
	"post_id" integer PRIMARY KEY NOT NULL,
	"type" "post_type" NOT NULL,
	"family" text NOT NULL,
	"company_id" integer,
	"industry_id" integer,
	"year" smallint,
	"season" "season",
	"result" text,
	"job_type" text,
	"published_at" timestamp with time zone NOT NULL,
	"useful_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "entry_sheet_questions" ADD CONSTRAINT "entry_sheet_questions_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_sheet_questions" ADD CONSTRAINT "entry_sheet_questions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_listings" ADD CONSTRAINT "post_listings_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_listings" ADD CONSTRAINT "post_listings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "entry_sheet_questions_bigrams_idx" ON "entry_sheet_questions" USING gin ("bigrams");--> statement-breakpoint
CREATE INDEX "entry_sheet_questions_company_idx" ON "entry_sheet_questions" USING btree ("company_id","published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "post_listings_company_idx" ON "post_listings" USING btree ("company_id","type","published_at" DESC NULLS LAST,"post_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "clips_user_created_idx" ON "clips" USING btree ("user_id","created_at" DESC NULLS LAST);