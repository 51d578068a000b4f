ALTER TABLE "notifications" ADD COLUMN "related_reward_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "reward_title" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_related_reward_id_rewards_id_fk" FOREIGN KEY ("related_reward_id") REFERENCES "public"."rewards"("id") ON DELETE set null ON UPDATE no action;