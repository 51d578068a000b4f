CREATE TABLE "email_digest_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"notification_id" uuid NOT NULL,
	"category" text NOT NULL,
	"digest_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_digests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"frequency" text NOT NULL,
	"period" date NOT NULL,
	"item_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_digests_frequency_check" CHECK ("email_digests"."frequency" in ('daily', 'weekly'))
);
--> statement-breakpoint
CREATE TABLE "email_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"approvals" text DEFAULT 'immediate' NOT NULL,
	"revision_requests" text DEFAULT 'immediate' NOT NULL,
	"rejections" text DEFAULT 'immediate' NOT NULL,
	"comments" text DEFAULT 'immediate' NOT NULL,
	"admin_requests" text DEFAULT 'immediate' NOT NULL,
	"actions" text DEFAULT 'immediate' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_preferences_approvals_check" CHECK ("email_preferences"."approvals" in ('immediate', 'daily', 'weekly', 'none')),
	CONSTRAINT "email_preferences_revision_requests_check" CHECK ("email_preferences"."revision_requests" in ('immediate', 'daily', 'weekly', 'none')),
	CONSTRAINT "email_preferences_rejections_check" CHECK ("email_preferences"."rejections" in ('immediate', 'daily', 'weekly', 'none')),
	CONSTRAINT "email_preferences_comments_check" CHECK ("email_preferences"."comments" in ('immediate', 'daily', 'weekly', 'none')),
	CONSTRAINT "email_preferences_admin_requests_check" CHECK ("email_preferences"."admin_requests" in ('immediate', 'daily', 'weekly', 'none')),
	CONSTRAINT "email_preferences_actions_check" CHECK ("email_preferences"."actions" in ('immediate', 'daily', 'weekly', 'none'))
);
--> statement-breakpoint
ALTER TABLE "actions" ADD COLUMN "due_reminder_for" date;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "email_digest_items" ADD CONSTRAINT "email_digest_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_digest_items" ADD CONSTRAINT "email_digest_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_digest_items" ADD CONSTRAINT "email_digest_items_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_digest_items" ADD CONSTRAINT "email_digest_items_digest_id_email_digests_id_fk" FOREIGN KEY ("digest_id") REFERENCES "public"."email_digests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_digests" ADD CONSTRAINT "email_digests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_digests" ADD CONSTRAINT "email_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_preferences" ADD CONSTRAINT "email_preferences_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_preferences" ADD CONSTRAINT "email_preferences_user_fk" FOREIGN KEY ("user_id","company_id") REFERENCES "public"."users"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_digest_items_waiting_idx" ON "email_digest_items" USING btree ("user_id","created_at") WHERE "email_digest_items"."digest_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "email_digests_user_period_unique" ON "email_digests" USING btree ("user_id","frequency","period");