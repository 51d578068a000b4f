DROP INDEX "notifications_user_unread_idx";--> statement-breakpoint
ALTER TABLE "email_preferences" ADD COLUMN "request_answers" text DEFAULT 'immediate' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_preferences" ADD COLUMN "redemptions" text DEFAULT 'immediate' NOT NULL;--> statement-breakpoint
ALTER TABLE "reward_redemptions" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
CREATE INDEX "notifications_company_user_unread_idx" ON "notifications" USING btree ("company_id","user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
ALTER TABLE "email_preferences" ADD CONSTRAINT "email_preferences_request_answers_check" CHECK ("email_preferences"."request_answers" in ('immediate', 'daily', 'weekly', 'none'));--> statement-breakpoint
ALTER TABLE "email_preferences" ADD CONSTRAINT "email_preferences_redemptions_check" CHECK ("email_preferences"."redemptions" in ('immediate', 'daily', 'weekly', 'none'));--> statement-breakpoint
-- Answers to one's own requests were mailed under "admin_requests": whoever chose a frequency for those keeps it.
UPDATE "email_preferences" SET "request_answers" = "admin_requests";--> statement-breakpoint
-- Nobody is notified of their own act: the confirmations written before ("Your idea … was submitted") go.
DELETE FROM "notifications" WHERE "actor_id" = "user_id";
