DROP INDEX "ideas_company_submitted_idx";--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "first_reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "last_event_at" timestamp with time zone;--> statement-breakpoint
-- A reviewer's step: taking an idea up, asking for a revision, endorsing, deciding.
CREATE FUNCTION idea_review_step(status text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT status IN ('under_review', 'needs_revision', 'pending_review', 'approved', 'rejected')
$$;--> statement-breakpoint
CREATE FUNCTION idea_decision(status text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT status IN ('approved', 'rejected')
$$;--> statement-breakpoint
-- Each line of an idea's status history moves the idea's first review, decision and latest change.
-- The earliest and the latest win, whatever order the lines are written in.
CREATE FUNCTION idea_events_times() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ideas SET
    last_event_at = greatest(last_event_at, NEW.created_at),
    first_reviewed_at = CASE WHEN idea_review_step(NEW.to_status)
      THEN least(first_reviewed_at, NEW.created_at) ELSE first_reviewed_at END,
    decided_at = CASE WHEN idea_decision(NEW.to_status)
      THEN least(decided_at, NEW.created_at) ELSE decided_at END
  WHERE id = NEW.idea_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER idea_events_times AFTER INSERT ON idea_events FOR EACH ROW EXECUTE FUNCTION idea_events_times();--> statement-breakpoint
-- The same times computed from the whole history: for the ideas written before the trigger, and
-- for loads that bypass triggers.
CREATE FUNCTION recount_idea_event_times() RETURNS void LANGUAGE sql AS $$
  UPDATE ideas i
  SET first_reviewed_at = t.first_reviewed_at, decided_at = t.decided_at, last_event_at = t.last_event_at
  FROM (
    SELECT idea_id,
           min(created_at) FILTER (WHERE idea_review_step(to_status)) AS first_reviewed_at,
           min(created_at) FILTER (WHERE idea_decision(to_status)) AS decided_at,
           max(created_at) AS last_event_at
    FROM idea_events GROUP BY idea_id
  ) t
  WHERE t.idea_id = i.id
$$;--> statement-breakpoint
SELECT recount_idea_event_times();--> statement-breakpoint
CREATE INDEX "ideas_waiting_idx" ON "ideas" USING btree ("company_id","last_event_at","team_id") WHERE "ideas"."status" in ('submitted', 'under_review', 'revision_submitted', 'pending_review');--> statement-breakpoint
CREATE INDEX "ideas_company_submitted_idx" ON "ideas" USING btree ("company_id","submitted_at","id","status","team_id","challenge_id","author_id","first_reviewed_at","decided_at") WHERE "ideas"."submitted_at" is not null;
