CREATE INDEX "comments_company_created_idx" ON "comments" USING btree ("company_id","created_at","author_id");--> statement-breakpoint
CREATE INDEX "idea_events_company_created_idx" ON "idea_events" USING btree ("company_id","created_at","to_status","idea_id");--> statement-breakpoint
CREATE INDEX "ideas_company_submitted_idx" ON "ideas" USING btree ("company_id","submitted_at","id") WHERE "ideas"."submitted_at" is not null;--> statement-breakpoint
CREATE INDEX "ideas_company_team_submitted_idx" ON "ideas" USING btree ("company_id","team_id","submitted_at","id") WHERE "ideas"."submitted_at" is not null;--> statement-breakpoint
CREATE INDEX "votes_company_created_idx" ON "votes" USING btree ("company_id","created_at","user_id");