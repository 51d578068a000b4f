ALTER TABLE "idea_events" DROP CONSTRAINT "idea_events_from_status_check";--> statement-breakpoint
ALTER TABLE "idea_events" DROP CONSTRAINT "idea_events_to_status_check";--> statement-breakpoint
ALTER TABLE "ideas" DROP CONSTRAINT "ideas_status_check";--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "merged_into_id" uuid;--> statement-breakpoint
ALTER TABLE "ideas" ADD CONSTRAINT "ideas_merged_into_fk" FOREIGN KEY ("merged_into_id","company_id") REFERENCES "public"."ideas"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ideas_merged_into_idx" ON "ideas" USING btree ("company_id","merged_into_id") WHERE "ideas"."merged_into_id" is not null;--> statement-breakpoint
ALTER TABLE "idea_events" ADD CONSTRAINT "idea_events_from_status_check" CHECK ("idea_events"."from_status" is null or "idea_events"."from_status" in ('draft', 'submitted', 'under_review', 'needs_revision', 'revision_submitted', 'pending_review', 'approved', 'rejected', 'merged'));--> statement-breakpoint
ALTER TABLE "idea_events" ADD CONSTRAINT "idea_events_to_status_check" CHECK ("idea_events"."to_status" in ('draft', 'submitted', 'under_review', 'needs_revision', 'revision_submitted', 'pending_review', 'approved', 'rejected', 'merged'));--> statement-breakpoint
ALTER TABLE "ideas" ADD CONSTRAINT "ideas_merged_into_check" CHECK (("ideas"."status" = 'merged') = ("ideas"."merged_into_id" is not null));--> statement-breakpoint
ALTER TABLE "ideas" ADD CONSTRAINT "ideas_status_check" CHECK ("ideas"."status" in ('draft', 'submitted', 'under_review', 'needs_revision', 'revision_submitted', 'pending_review', 'approved', 'rejected', 'merged'));