ALTER TABLE "news" ADD COLUMN "announced_at" timestamp with time zone;--> statement-breakpoint
-- Posts already out were told when they were published (or before channels existed): only a post still scheduled is told later.
UPDATE "news" SET "announced_at" = "published_at" WHERE "published_at" <= now();--> statement-breakpoint
CREATE INDEX "news_unannounced_idx" ON "news" USING btree ("published_at") WHERE "news"."announced_at" is null and "news"."published_at" is not null;