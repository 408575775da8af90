CREATE TYPE "public"."entry_sheet_result" AS ENUM('passed', 'failed', 'unknown');--> statement-breakpoint
CREATE TYPE "public"."intern_format" AS ENUM('in_person', 'online');--> statement-breakpoint
CREATE TYPE "public"."point_reason" AS ENUM('post_published', 'adjustment');--> statement-breakpoint
CREATE TYPE "public"."post_status" AS ENUM('draft', 'submitted', 'published', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."post_type" AS ENUM('intern_entry_sheet', 'screening_entry_sheet', 'intern_experience', 'screening_experience', 'student_word_mouth', 'employee_word_mouth', 'company_study', 'recruit_service_review', 'jobhunt_prompt_report');--> statement-breakpoint
CREATE TYPE "public"."screening_result" AS ENUM('offer', 'rejected', 'declined', 'in_progress');--> statement-breakpoint
CREATE TYPE "public"."season" AS ENUM('summer', 'winter');--> statement-breakpoint
CREATE TYPE "public"."selection_type" AS ENUM('intern', 'recruit');--> statement-breakpoint
CREATE TYPE "public"."tracker_category" AS ENUM('intern', 'recruit');--> statement-breakpoint
CREATE TYPE "public"."tracker_status" AS ENUM('registered', 'intern_participated', 'es_submitted', 'passed_first_interview', 'passed_second_or_later_interview', 'job_offer', 'entered');--> statement-breakpoint
CREATE TYPE "public"."user_role" AS ENUM('student', 'moderator');--> statement-breakpoint
CREATE TABLE "badge_grants" (
	"user_id" integer NOT NULL,
	"badge_kind_id" smallint NOT NULL,
	"acquired_at" timestamp with time zone DEFAULT now() NOT NULL,
	"displayed_at" timestamp with time zone,
	CONSTRAINT "badge_grants_user_id_badge_kind_id_pk" PRIMARY KEY("user_id","badge_kind_id")
);
--> statement-breakpoint
CREATE TABLE "clips" (
	"user_id" integer NOT NULL,
	"post_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clips_user_id_post_id_pk" PRIMARY KEY("user_id","post_id")
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kana" text NOT NULL,
	"industry_id" integer NOT NULL,
	"prefecture_id" smallint NOT NULL,
	"url" text,
	"employee_count" integer,
	"founded_year" smallint,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_employee_count_check" CHECK ("companies"."employee_count" IS NULL OR "companies"."employee_count" >= 0),
	CONSTRAINT "companies_founded_year_check" CHECK ("companies"."founded_year" IS NULL OR "companies"."founded_year" BETWEEN 1600 AND 2100)
);
--> statement-breakpoint
CREATE TABLE "company_view_days" (
	"company_id" integer NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "company_view_days_company_id_day_pk" PRIMARY KEY("company_id","day")
);
--> statement-breakpoint
CREATE TABLE "entry_sheets" (
	"post_id" integer PRIMARY KEY NOT NULL,
	"selection_type" "selection_type" NOT NULL,
	"year" smallint NOT NULL,
	"result" "entry_sheet_result" DEFAULT 'unknown' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favorites" (
	"user_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorites_user_id_company_id_pk" PRIMARY KEY("user_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "industries" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "industries_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "intern_experiences" (
	"post_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"season" "season" NOT NULL,
	"theme" text NOT NULL,
	"format" "intern_format" NOT NULL,
	"days" smallint NOT NULL,
	"rating_all" smallint NOT NULL,
	"rating_difficulty" smallint NOT NULL,
	"rating_industry_understanding" smallint NOT NULL,
	"rating_company_understanding" smallint NOT NULL,
	"rating_mentor" smallint NOT NULL,
	"rating_growth" smallint NOT NULL,
	"rating_directly_linked_to_offer" smallint NOT NULL,
	"rating_level" smallint NOT NULL,
	"rating_theme" smallint NOT NULL,
	CONSTRAINT "intern_experiences_year_check" CHECK ("intern_experiences"."year" BETWEEN 1000 AND 9999),
	CONSTRAINT "intern_experiences_days_check" CHECK ("intern_experiences"."days" BETWEEN 1 AND 365),
	CONSTRAINT "intern_experiences_ratings_check" CHECK (LEAST("intern_experiences"."rating_all", "intern_experiences"."rating_difficulty", "intern_experiences"."rating_industry_understanding", "intern_experiences"."rating_company_understanding",
        "intern_experiences"."rating_mentor", "intern_experiences"."rating_growth", "intern_experiences"."rating_directly_linked_to_offer", "intern_experiences"."rating_level", "intern_experiences"."rating_theme") >= 1
       AND GREATEST("intern_experiences"."rating_all", "intern_experiences"."rating_difficulty", "intern_experiences"."rating_industry_understanding", "intern_experiences"."rating_company_understanding",
        "intern_experiences"."rating_mentor", "intern_experiences"."rating_growth", "intern_experiences"."rating_directly_linked_to_offer", "intern_experiences"."rating_level", "intern_experiences"."rating_theme") <= 5)
);
--> statement-breakpoint
CREATE TABLE "point_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"reason" "point_reason" NOT NULL,
	"post_id" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" "post_type" NOT NULL,
	"status" "post_status" DEFAULT 'draft' NOT NULL,
	"author_id" integer,
	"company_id" integer,
	"recruit_service_id" integer,
	"title" text DEFAULT '' NOT NULL,
	"sections" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"useful_count" integer DEFAULT 0 NOT NULL,
	"rejection_reason" text,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "posts_subject_check" CHECK (("posts"."type" = 'recruit_service_review' AND "posts"."recruit_service_id" IS NOT NULL AND "posts"."company_id" IS NULL)
        OR ("posts"."type" <> 'recruit_service_review' AND "posts"."company_id" IS NOT NULL AND "posts"."recruit_service_id" IS NULL)),
	CONSTRAINT "posts_author_check" CHECK ("posts"."author_id" IS NOT NULL OR "posts"."type" = 'employee_word_mouth'),
	CONSTRAINT "posts_published_check" CHECK ("posts"."status" <> 'published' OR "posts"."published_at" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "prefectures" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kana" text NOT NULL,
	"region" text NOT NULL,
	CONSTRAINT "prefectures_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "recruit_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kana" text NOT NULL,
	"category" text NOT NULL,
	"url" text,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recruit_services_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "screening_experiences" (
	"post_id" integer PRIMARY KEY NOT NULL,
	"graduation_year" smallint NOT NULL,
	"steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"result" "screening_result" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer,
	"csrf_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracker_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"category" "tracker_category" NOT NULL,
	"status" "tracker_status" DEFAULT 'registered' NOT NULL,
	"will_enter" boolean DEFAULT false NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "useful_votes" (
	"user_id" integer NOT NULL,
	"post_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "useful_votes_user_id_post_id_pk" PRIMARY KEY("user_id","post_id")
);
--> statement-breakpoint
CREATE TABLE "user_preferred_industries" (
	"user_id" integer NOT NULL,
	"industry_id" integer NOT NULL,
	CONSTRAINT "user_preferred_industries_user_id_industry_id_pk" PRIMARY KEY("user_id","industry_id")
);
--> statement-breakpoint
CREATE TABLE "user_preferred_prefectures" (
	"user_id" integer NOT NULL,
	"prefecture_id" smallint NOT NULL,
	CONSTRAINT "user_preferred_prefectures_user_id_prefecture_id_pk" PRIMARY KEY("user_id","prefecture_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" "user_role" DEFAULT 'student' NOT NULL,
	"name" text,
	"university" text,
	"faculty" text,
	"graduation_year" smallint,
	"profile_completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "badge_grants" ADD CONSTRAINT "badge_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clips" ADD CONSTRAINT "clips_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clips" ADD CONSTRAINT "clips_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_industry_id_industries_id_fk" FOREIGN KEY ("industry_id") REFERENCES "public"."industries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_prefecture_id_prefectures_id_fk" FOREIGN KEY ("prefecture_id") REFERENCES "public"."prefectures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_view_days" ADD CONSTRAINT "company_view_days_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_sheets" ADD CONSTRAINT "entry_sheets_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intern_experiences" ADD CONSTRAINT "intern_experiences_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intern_experiences" ADD CONSTRAINT "intern_experiences_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_entries" ADD CONSTRAINT "point_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_entries" ADD CONSTRAINT "point_entries_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_recruit_service_id_recruit_services_id_fk" FOREIGN KEY ("recruit_service_id") REFERENCES "public"."recruit_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_experiences" ADD CONSTRAINT "screening_experiences_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracker_entries" ADD CONSTRAINT "tracker_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracker_entries" ADD CONSTRAINT "tracker_entries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "useful_votes" ADD CONSTRAINT "useful_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "useful_votes" ADD CONSTRAINT "useful_votes_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_preferred_industries" ADD CONSTRAINT "user_preferred_industries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_preferred_industries" ADD CONSTRAINT "user_preferred_industries_industry_id_industries_id_fk" FOREIGN KEY ("industry_id") REFERENCES "public"."industries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_preferred_prefectures" ADD CONSTRAINT "user_preferred_prefectures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_preferred_prefectures" ADD CONSTRAINT "user_preferred_prefectures_prefecture_id_prefectures_id_fk" FOREIGN KEY ("prefecture_id") REFERENCES "public"."prefectures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "badge_grants_undisplayed_idx" ON "badge_grants" USING btree ("user_id") WHERE "badge_grants"."displayed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "clips_post_idx" ON "clips" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "companies_industry_idx" ON "companies" USING btree ("industry_id");--> statement-breakpoint
CREATE INDEX "companies_prefecture_idx" ON "companies" USING btree ("prefecture_id");--> statement-breakpoint
CREATE INDEX "companies_kana_idx" ON "companies" USING btree ("kana");--> statement-breakpoint
CREATE INDEX "company_view_days_day_idx" ON "company_view_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "favorites_company_idx" ON "favorites" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "intern_experiences_company_season_idx" ON "intern_experiences" USING btree ("company_id","year","season");--> statement-breakpoint
CREATE INDEX "point_entries_user_idx" ON "point_entries" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "point_entries_post_reason_key" ON "point_entries" USING btree ("user_id","reason","post_id") WHERE "point_entries"."post_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "posts_company_type_published_idx" ON "posts" USING btree ("company_id","type","published_at" DESC NULLS LAST) WHERE "posts"."status" = 'published';--> statement-breakpoint
CREATE INDEX "posts_published_idx" ON "posts" USING btree ("published_at" DESC NULLS LAST) WHERE "posts"."status" = 'published';--> statement-breakpoint
CREATE INDEX "posts_service_idx" ON "posts" USING btree ("recruit_service_id") WHERE "posts"."recruit_service_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "posts_author_idx" ON "posts" USING btree ("author_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "posts_submitted_idx" ON "posts" USING btree ("submitted_at") WHERE "posts"."status" = 'submitted';--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tracker_entries_user_company_category_key" ON "tracker_entries" USING btree ("user_id","company_id","category");--> statement-breakpoint
CREATE INDEX "useful_votes_post_idx" ON "useful_votes" USING btree ("post_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");