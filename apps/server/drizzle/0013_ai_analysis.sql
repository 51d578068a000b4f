-- pg_trgm: trigram similarity for the AI analysis (ships with PGlite as a contrib extension, and with PostgreSQL in postgresql-contrib).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "ideas_title_trgm_idx" ON "ideas" USING gist ("title" gist_trgm_ops(siglen=128));
