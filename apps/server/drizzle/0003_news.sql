CREATE TABLE "news_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "news_categories_id_company_unique" UNIQUE("id","company_id")
);
--> statement-breakpoint
CREATE TABLE "news_reads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"news_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "news_categories" ADD CONSTRAINT "news_categories_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "news_categories_company_name_lower_unique" ON "news_categories" USING btree ("company_id",lower("name"));--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "category_id" uuid;--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "body_html" text;--> statement-breakpoint
-- Existing news keep their text category: one category per company and name (ignoring case), "general" or none becoming "General".
INSERT INTO "news_categories" ("company_id", "name") SELECT DISTINCT ON ("company_id", lower("name")) "company_id", "name" FROM (SELECT "company_id", CASE WHEN lower(btrim("category")) IN ('', 'general') THEN 'General' ELSE left(btrim("category"), 50) END AS "name" FROM "news") AS "named" ORDER BY "company_id", lower("name"), "name";--> statement-breakpoint
UPDATE "news" AS "n" SET "category_id" = "c"."id" FROM "news_categories" AS "c" WHERE "c"."company_id" = "n"."company_id" AND lower("c"."name") = lower(CASE WHEN lower(btrim("n"."category")) IN ('', 'general') THEN 'General' ELSE left(btrim("n"."category"), 50) END);--> statement-breakpoint
ALTER TABLE "news" ALTER COLUMN "category_id" SET NOT NULL;--> statement-breakpoint
DROP INDEX "news_company_published_idx";--> statement-breakpoint
ALTER TABLE "news" DROP COLUMN "category";--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_id_company_unique" UNIQUE("id","company_id");--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_category_fk" FOREIGN KEY ("category_id","company_id") REFERENCES "public"."news_categories"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "news_company_pinned_published_idx" ON "news" USING btree ("company_id","is_pinned" DESC NULLS FIRST,"published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "news_company_category_idx" ON "news" USING btree ("company_id","category_id");--> statement-breakpoint
ALTER TABLE "news_reads" ADD CONSTRAINT "news_reads_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_reads" ADD CONSTRAINT "news_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_reads" ADD CONSTRAINT "news_reads_news_fk" FOREIGN KEY ("news_id","company_id") REFERENCES "public"."news"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "news_reads_news_user_unique" ON "news_reads" USING btree ("news_id","user_id");--> statement-breakpoint
CREATE INDEX "news_reads_user_idx" ON "news_reads" USING btree ("user_id");
