ALTER TABLE "notifications" ADD COLUMN "subject_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "related_challenge_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_subject_id_users_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_related_challenge_id_challenges_id_fk" FOREIGN KEY ("related_challenge_id") REFERENCES "public"."challenges"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
UPDATE "notifications" SET "related_challenge_id" = "related_request_id", "related_request_id" = NULL WHERE "type" IN ('new_challenge_posted', 'challenge_proposal_received') AND "related_request_id" IN (SELECT "id" FROM "challenges");--> statement-breakpoint
UPDATE "notifications" AS "n" SET "subject_id" = "c"."created_by" FROM "challenges" AS "c" WHERE "n"."related_challenge_id" = "c"."id";--> statement-breakpoint
UPDATE "notifications" AS "n" SET "subject_id" = "i"."author_id" FROM "ideas" AS "i" WHERE "n"."related_idea_id" = "i"."id" AND "n"."subject_id" IS NULL;--> statement-breakpoint
UPDATE "notifications" AS "n" SET "subject_id" = "r"."requester_id" FROM "admin_requests" AS "r" WHERE "n"."related_request_id" = "r"."id" AND "n"."subject_id" IS NULL;--> statement-breakpoint
UPDATE "notifications" SET "note" = substring("content" from '\. Note: (.*)$') WHERE "type" IN ('idea_status_needs_revision', 'idea_status_approved', 'idea_status_rejected', 'new_challenge_posted', 'challenge_proposal_received') AND "content" LIKE '%. Note: %';
