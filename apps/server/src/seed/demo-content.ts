/**
 * Demo content for the demo company: the Company Portal's months of history, rewards and news
 * (demo-portal.ts), then today's challenges and ideas at every stage of review. It goes
 * through the services, as people using the product would, so history, notifications, points and
 * the ideas-to-action board are exactly what real use leaves behind.
 */

import {
  CreateChallengeRequestSchema,
  CreateCommentRequestSchema,
  type CreateIdeaRequest,
  CreateIdeaRequestSchema,
  type IdeaStatus,
} from "@ideaport/shared";
import { eq } from "drizzle-orm";
import { type CompanyCaller, inCompany, loadCaller } from "../core/caller.ts";
import type { Database } from "../db/client.ts";
import { users } from "../db/schema/index.ts";
import { createChallengesService } from "../modules/challenges/challenges.service.ts";
import { createIdeasService } from "../modules/ideas/ideas.service.ts";
import { createDemoTimeline, type DemoPerson, seedDemoPortal } from "./demo-portal.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** `YYYY-MM-DD`, `days` from `from` (the challenge forms' calendar days). */
function calendarDay(from: Date, days: number): string {
  return new Date(from.getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

/** Creates the demo content; `emails` are the demo people's addresses. */
export async function seedDemoContent(db: Database, emails: Record<DemoPerson, string>): Promise<void> {
  const viewerNamed = async (person: DemoPerson): Promise<CompanyCaller> => {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, emails[person]));
    const caller = row && (await loadCaller(db, row.id));
    if (!caller) throw new Error(`Demo user ${emails[person]} is missing`);
    return inCompany(caller);
  };
  const alice = await viewerNamed("alice");
  const marcus = await viewerNamed("marcus");
  const priya = await viewerNamed("priya");
  const tom = await viewerNamed("tom");
  const elena = await viewerNamed("elena");
  const sam = await viewerNamed("sam");

  const timeline = createDemoTimeline();
  await seedDemoPortal(db, { alice, marcus, priya, tom, elena, sam }, timeline);

  const { clock } = timeline;
  const challenges = createChallengesService({ db, clock });
  const ideas = createIdeasService({ db, clock });
  const today = clock();

  const buildTimes = await challenges.create(
    marcus,
    CreateChallengeRequestSchema.parse({
      title: "Halve our build times",
      description: "Our pipeline takes 40 minutes. What would get us a green build in 20?",
      scope: "team",
      team_id: marcus.managedTeamIds[0],
      ends_at: calendarDay(today, 21),
      reward_points: 20,
    }),
  );
  const greenerOffice = await challenges.create(
    alice,
    CreateChallengeRequestSchema.parse({
      title: "A greener office",
      description: "Ideas that cut the energy, paper or waste our offices use.",
      scope: "company",
      ends_at: calendarDay(today, 30),
      reward_points: 50,
    }),
  );
  await challenges.create(
    alice,
    CreateChallengeRequestSchema.parse({
      title: "Happier customers in the first week",
      description: "Where do new customers get stuck in their first week, and how could we help them?",
      scope: "team",
      team_id: alice.managedTeamIds[0],
      ends_at: calendarDay(today, 14),
    }),
  );
  // An employee's company challenge is a proposal that waits for an administrator.
  await challenges.create(
    priya,
    CreateChallengeRequestSchema.parse({
      title: "Fewer meetings, more focus",
      description: "How could we protect two afternoons a week for focused work?",
      scope: "company",
    }),
  );

  const idea = (author: CompanyCaller, input: CreateIdeaRequest) =>
    ideas.create(author, CreateIdeaRequestSchema.parse(input));
  const step = (caller: CompanyCaller, ideaId: string, to: IdeaStatus, note?: string) =>
    ideas.transition(caller, ideaId, { to, ...(note ? { note } : {}) });
  /** The reviewer takes the idea under review, then decides where it goes, saying why. */
  const review = async (reviewer: CompanyCaller, ideaId: string, to: IdeaStatus, note: string) => {
    await step(reviewer, ideaId, "under_review");
    await step(reviewer, ideaId, to, note);
  };

  const cache = await idea(elena, {
    title: "Cache dependencies between CI runs",
    description:
      "Most of every build downloads and compiles the same dependencies. Caching them by lockfile hash would save about 12 minutes a run.",
    challenge_id: buildTimes.id,
  });
  await review(marcus, cache.id, "approved", "Clear win. Elena, please pair with Sam on it.");
  await ideas.comment(
    sam,
    cache.id,
    CreateCommentRequestSchema.parse({ body: "Happy to help: I set up the cache on my last team." }),
  );
  await ideas.vote(sam, cache.id);

  const shards = await idea(sam, {
    title: "Run the test suite in parallel shards",
    description: "Split the tests over four runners by their recorded durations.",
    challenge_id: buildTimes.id,
  });
  await review(marcus, shards.id, "needs_revision", "Good start. How much would four runners cost us a month?");

  await idea(priya, {
    title: "Motion sensors for meeting-room lights",
    description: "Lights in empty meeting rooms stay on for hours. Motion sensors switch them off after ten minutes.",
    challenge_id: greenerOffice.id,
  });

  const calendar = await idea(tom, {
    title: "One shared calendar for team holidays",
    description:
      "Everyone keeps their days off somewhere else. One shared calendar would show who is away before we plan.",
  });
  await step(alice, calendar.id, "under_review");

  await idea(priya, { title: "A plant wall in the lobby", description: "", draft: true });
}
