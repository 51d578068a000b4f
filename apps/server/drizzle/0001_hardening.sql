DROP INDEX "admin_requests_one_pending_unique";--> statement-breakpoint
ALTER TABLE "admin_requests" ADD COLUMN "kind" text DEFAULT 'admin' NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_requests" ADD COLUMN "team_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "session_generation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_requests" ADD CONSTRAINT "admin_requests_team_fk" FOREIGN KEY ("team_id","company_id") REFERENCES "public"."teams"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admin_requests_one_pending_per_kind_unique" ON "admin_requests" USING btree ("company_id","requester_id","kind") WHERE "admin_requests"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "admin_requests" ADD CONSTRAINT "admin_requests_kind_check" CHECK ("admin_requests"."kind" in ('admin', 'manager'));--> statement-breakpoint
ALTER TABLE "admin_requests" ADD CONSTRAINT "admin_requests_manager_team_check" CHECK (("admin_requests"."kind" = 'manager') = ("admin_requests"."team_id" is not null));