CREATE TABLE "reward_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"reward_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "point_ledger_company_created_idx";--> statement-breakpoint
ALTER TABLE "reward_redemptions" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "reward_redemptions" ADD COLUMN "decided_by" uuid;--> statement-breakpoint
ALTER TABLE "reward_redemptions" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reward_notices" ADD CONSTRAINT "reward_notices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_notices" ADD CONSTRAINT "reward_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_notices" ADD CONSTRAINT "reward_notices_reward_fk" FOREIGN KEY ("reward_id","company_id") REFERENCES "public"."rewards"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reward_notices_user_reward_unique" ON "reward_notices" USING btree ("user_id","reward_id");--> statement-breakpoint
ALTER TABLE "reward_redemptions" ADD CONSTRAINT "reward_redemptions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "point_ledger_earned_idx" ON "point_ledger" USING btree ("company_id","created_at","user_id","team_id","delta") WHERE "point_ledger"."reason" not in ('reward_redemption', 'reward_refund');--> statement-breakpoint
ALTER TABLE "reward_redemptions" ADD CONSTRAINT "reward_redemptions_status_check" CHECK ("reward_redemptions"."status" in ('pending', 'fulfilled', 'cancelled'));