CREATE TABLE "scim_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "scim_external_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "scim_external_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "scim_user_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "scim_deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "scim_tokens" ADD CONSTRAINT "scim_tokens_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scim_tokens" ADD CONSTRAINT "scim_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "scim_tokens_token_hash_unique" ON "scim_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "scim_tokens_company_live_idx" ON "scim_tokens" USING btree ("company_id","created_at") WHERE "scim_tokens"."revoked_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_company_scim_external_id_unique" ON "users" USING btree ("company_id","scim_external_id") WHERE "users"."scim_external_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_company_scim_user_name_lower_unique" ON "users" USING btree ("company_id",lower("scim_user_name")) WHERE "users"."scim_user_name" is not null;