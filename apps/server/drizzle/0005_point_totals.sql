CREATE TABLE "point_totals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"team_id" uuid,
	"span" text NOT NULL,
	"starts_on" date NOT NULL,
	"points" integer NOT NULL,
	CONSTRAINT "point_totals_bucket_unique" UNIQUE NULLS NOT DISTINCT("company_id","span","starts_on","user_id","team_id"),
	CONSTRAINT "point_totals_span_check" CHECK ("point_totals"."span" in ('month', 'year', 'all'))
);
--> statement-breakpoint
ALTER TABLE "point_totals" ADD CONSTRAINT "point_totals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_totals" ADD CONSTRAINT "point_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_totals" ADD CONSTRAINT "point_totals_team_fk" FOREIGN KEY ("team_id","company_id") REFERENCES "public"."teams"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "point_totals_board_idx" ON "point_totals" USING btree ("company_id","span","starts_on","user_id","team_id","points");
--> statement-breakpoint
-- Adds the earned points (the condition of point_ledger_earned_idx: spending on a reward and its
-- refund move no board) of the rows one statement inserted into the ledger to their UTC month,
-- UTC year and all time, in the inserting transaction.
CREATE FUNCTION "point_totals_add_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "point_totals" ("company_id", "user_id", "team_id", "span", "starts_on", "points")
	SELECT r."company_id", r."user_id", r."team_id", s."span", s."starts_on", sum(r."delta")::integer
	FROM "inserted_ledger_rows" r
	CROSS JOIN LATERAL (VALUES
		('month', date_trunc('month', r."created_at" AT TIME ZONE 'UTC')::date),
		('year', date_trunc('year', r."created_at" AT TIME ZONE 'UTC')::date),
		('all', '-infinity'::date)
	) AS s("span", "starts_on")
	WHERE r."reason" NOT IN ('reward_redemption', 'reward_refund')
	GROUP BY r."company_id", r."user_id", r."team_id", s."span", s."starts_on"
	ON CONFLICT ON CONSTRAINT "point_totals_bucket_unique"
	DO UPDATE SET "points" = "point_totals"."points" + excluded."points";
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "point_ledger_totals" AFTER INSERT ON "point_ledger"
	REFERENCING NEW TABLE AS "inserted_ledger_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "point_totals_add_inserted"();
--> statement-breakpoint
-- The totals of the ledger written before this migration.
INSERT INTO "point_totals" ("company_id", "user_id", "team_id", "span", "starts_on", "points")
SELECT r."company_id", r."user_id", r."team_id", s."span", s."starts_on", sum(r."delta")::integer
FROM "point_ledger" r
CROSS JOIN LATERAL (VALUES
	('month', date_trunc('month', r."created_at" AT TIME ZONE 'UTC')::date),
	('year', date_trunc('year', r."created_at" AT TIME ZONE 'UTC')::date),
	('all', '-infinity'::date)
) AS s("span", "starts_on")
WHERE r."reason" NOT IN ('reward_redemption', 'reward_refund')
GROUP BY r."company_id", r."user_id", r."team_id", s."span", s."starts_on";
