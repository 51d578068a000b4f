CREATE TABLE "challenge_evaluators" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"challenge_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"invited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evaluation_criteria" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"challenge_id" uuid,
	"preset" text,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"weight" integer NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "evaluation_criteria_id_company_unique" UNIQUE("id","company_id"),
	CONSTRAINT "evaluation_criteria_weight_check" CHECK ("evaluation_criteria"."weight" between 1 and 10)
);
--> statement-breakpoint
CREATE TABLE "idea_evaluations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"idea_id" uuid NOT NULL,
	"evaluator_id" uuid NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idea_scores" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"idea_id" uuid NOT NULL,
	"evaluator_id" uuid NOT NULL,
	"criterion_id" uuid NOT NULL,
	"value" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idea_scores_value_check" CHECK ("idea_scores"."value" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "score" numeric(5, 4);--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "score_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "score_disagreement" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "challenge_evaluators" ADD CONSTRAINT "challenge_evaluators_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_evaluators" ADD CONSTRAINT "challenge_evaluators_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_evaluators" ADD CONSTRAINT "challenge_evaluators_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_evaluators" ADD CONSTRAINT "challenge_evaluators_challenge_fk" FOREIGN KEY ("challenge_id","company_id") REFERENCES "public"."challenges"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_criteria" ADD CONSTRAINT "evaluation_criteria_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_criteria" ADD CONSTRAINT "evaluation_criteria_challenge_fk" FOREIGN KEY ("challenge_id","company_id") REFERENCES "public"."challenges"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idea_evaluations" ADD CONSTRAINT "idea_evaluations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idea_evaluations" ADD CONSTRAINT "idea_evaluations_evaluator_id_users_id_fk" FOREIGN KEY ("evaluator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idea_evaluations" ADD CONSTRAINT "idea_evaluations_idea_fk" FOREIGN KEY ("idea_id","company_id") REFERENCES "public"."ideas"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idea_scores" ADD CONSTRAINT "idea_scores_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idea_scores" ADD CONSTRAINT "idea_scores_evaluator_id_users_id_fk" FOREIGN KEY ("evaluator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idea_scores" ADD CONSTRAINT "idea_scores_idea_fk" FOREIGN KEY ("idea_id","company_id") REFERENCES "public"."ideas"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idea_scores" ADD CONSTRAINT "idea_scores_criterion_fk" FOREIGN KEY ("criterion_id","company_id") REFERENCES "public"."evaluation_criteria"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "challenge_evaluators_challenge_user_unique" ON "challenge_evaluators" USING btree ("challenge_id","user_id");--> statement-breakpoint
CREATE INDEX "challenge_evaluators_user_idx" ON "challenge_evaluators" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE INDEX "evaluation_criteria_company_challenge_idx" ON "evaluation_criteria" USING btree ("company_id","challenge_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "idea_evaluations_idea_evaluator_unique" ON "idea_evaluations" USING btree ("idea_id","evaluator_id");--> statement-breakpoint
CREATE INDEX "idea_evaluations_evaluator_idx" ON "idea_evaluations" USING btree ("company_id","evaluator_id","idea_id");--> statement-breakpoint
CREATE UNIQUE INDEX "idea_scores_idea_evaluator_criterion_unique" ON "idea_scores" USING btree ("idea_id","evaluator_id","criterion_id");--> statement-breakpoint
CREATE INDEX "idea_scores_criterion_idx" ON "idea_scores" USING btree ("criterion_id");--> statement-breakpoint
CREATE INDEX "ideas_company_score_idx" ON "ideas" USING btree ("company_id",coalesce("score", 0) desc,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);