CREATE TYPE "public"."email_request_kind" AS ENUM('signup', 'password_reset', 'email_change');--> statement-breakpoint
CREATE TABLE "email_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" "email_request_kind" NOT NULL,
	"recipient_hash" text,
	"ip" text NOT NULL,
	"requester" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "email_requests_recipient_idx" ON "email_requests" USING btree ("recipient_hash","requested_at");--> statement-breakpoint
CREATE INDEX "email_requests_ip_idx" ON "email_requests" USING btree ("ip","requested_at");--> statement-breakpoint
CREATE INDEX "email_requests_requester_idx" ON "email_requests" USING btree ("requester","requested_at");--> statement-breakpoint
CREATE INDEX "email_requests_requested_at_idx" ON "email_requests" USING btree ("requested_at");