import {
  ANALYTICS_CSV_COLUMNS,
  ANALYTICS_MESSAGES,
  ANALYTICS_SCORE_BUCKETS,
  type AnalyticsOverview,
  AnalyticsOverviewResponseSchema,
  type IdeaStatus,
} from "@ideaport/shared";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type ActionStatus,
  actions,
  type ChallengeRow,
  challenges,
  comments,
  ideaEvaluations,
  ideaEvents,
  ideaScores,
  ideas,
  ideaTags,
  type PointReason,
  pointLedger,
  type TeamRow,
  tags,
  votes,
} from "../../db/schema/index.ts";
import { buildTestApp, startedForSuite } from "../../test/app.ts";
import { type BuildUserOptions, buildCompany, buildPerson, buildTeam, type Person } from "../../test/factories.ts";
import { companyCriteria, recomputeScores, saveEvaluation } from "../evaluation/evaluation.repository.ts";
import { EXPORT_BATCH_SIZE, resolvePeriod } from "./analytics.service.ts";

// The test clock reads 2026-11-22 09:00 UTC: the last 30 days are 2026-10-24 to 2026-11-22, the
// quarter began on 2026-10-01, the year on 2026-01-01. A review waiting since before
// 2026-11-15 09:00 is older than 7 days.
const at = (text: string) => new Date(`2026-${text}:00Z`);

interface IdeaPlan {
  author: Person;
  team: TeamRow | null;
  title: string;
  /** Null for a draft. */
  submittedAt: Date | null;
  /** The status changes after submission, when each happened, in order; the last is the idea's status. */
  steps?: Partial<Record<IdeaStatus, Date>>;
  challenge?: ChallengeRow;
  action?: { status: ActionStatus; due: string };
}

/** The score distribution's counts, bucket by bucket (1–2, 2–3, 3–4, 4–5). */
const buckets = (...counts: number[]) =>
  ANALYTICS_SCORE_BUCKETS.map((bucket, index) => ({ bucket, count: counts[index] }));

describe("analytics", () => {
  const testApp = startedForSuite(() => buildTestApp({ env: { RATE_LIMIT_MULTIPLIER: "1000" } }));
  let companyId: string;
  let red: TeamRow;
  let blue: TeamRow;
  let admin: Person;
  let mia: Person;
  let max: Person;
  let eve: Person;
  let ed: Person;
  let bo: Person;
  let ina: Person;
  let outsiderAdmin: Person;
  let greener: ChallengeRow;
  let onboarding: ChallengeRow;
  let tagIds: { comfort: string; greener: string };
  const ids: Record<string, string> = {};

  function person(team: TeamRow, options: BuildUserOptions = {}): Promise<Person> {
    return buildPerson(testApp, { teamId: team.id, ...options });
  }

  async function idea(plan: IdeaPlan): Promise<string> {
    const steps = Object.entries(plan.steps ?? {}) as Array<[IdeaStatus, Date]>;
    const status: IdeaStatus = steps.at(-1)?.[0] ?? (plan.submittedAt ? "submitted" : "draft");
    const company = plan.author.companyId!;
    const [row] = await testApp.db
      .insert(ideas)
      .values({
        companyId: company,
        authorId: plan.author.id,
        teamId: plan.team?.id ?? null,
        challengeId: plan.challenge?.id ?? null,
        title: plan.title,
        status,
        submittedAt: plan.submittedAt,
        createdAt: plan.submittedAt ?? at("11-01T08:00"),
      })
      .returning({ id: ideas.id });
    const ideaId = row!.id;
    const history: Array<{ from: IdeaStatus | null; to: IdeaStatus; when: Date }> = [
      { from: null, to: plan.submittedAt ? "submitted" : "draft", when: plan.submittedAt ?? at("11-01T08:00") },
    ];
    for (const [to, when] of steps) history.push({ from: history.at(-1)!.to, to, when });
    await testApp.db.insert(ideaEvents).values(
      history.map((step) => ({
        companyId: company,
        ideaId,
        fromStatus: step.from,
        toStatus: step.to,
        actorId: plan.author.id,
        createdAt: step.when,
      })),
    );
    if (plan.action) {
      await testApp.db
        .insert(actions)
        .values({ companyId: company, ideaId, status: plan.action.status, dueDate: plan.action.due });
    }
    ids[plan.title] = ideaId;
    return ideaId;
  }

  async function pay(who: Person, team: TeamRow | null, delta: number, when: Date, reason: PointReason = "submit") {
    await testApp.db
      .insert(pointLedger)
      .values({ companyId: who.companyId!, userId: who.id, teamId: team?.id ?? null, delta, reason, createdAt: when });
  }

  async function comment(who: Person, ideaId: string, when: Date) {
    await testApp.db
      .insert(comments)
      .values({ companyId: who.companyId!, ideaId, authorId: who.id, body: "Good one.", createdAt: when });
  }

  async function vote(who: Person, ideaId: string, when: Date) {
    await testApp.db.insert(votes).values({ companyId: who.companyId!, ideaId, userId: who.id, createdAt: when });
  }

  /** An evaluator's scorecard of an idea on the company's criteria (Impact, Confidence, Ease, equally weighted). */
  async function score(who: Person, ideaId: string, values: [number, number, number]) {
    const company = who.companyId!;
    const criteria = await companyCriteria(testApp.db, company);
    await saveEvaluation(
      testApp.db,
      { companyId: company, ideaId, evaluatorId: who.id, note: null },
      criteria.map((criterion, index) => ({ criterionId: criterion.id, value: values[index]! })),
    );
    await recomputeScores(testApp.db, company, { ideaId });
  }

  async function overview(query: string, as: Person = admin): Promise<AnalyticsOverview> {
    const response = await testApp.client.get(`/api/analytics/overview/?${query}`, { token: as.token });
    expect(response.statusCode, response.body).toBe(200);
    return AnalyticsOverviewResponseSchema.parse(response.json()).overview;
  }

  beforeAll(async () => {
    const company = await buildCompany(testApp.db);
    companyId = company.id;
    red = await buildTeam(testApp.db, { companyId, name: "Red" });
    blue = await buildTeam(testApp.db, { companyId, name: "Blue" });
    admin = await person(red, { role: "admin", isAdmin: true, firstName: "Ada", lastName: "Admin" });
    mia = await person(red, { role: "manager", firstName: "Mia", lastName: "Manager" });
    max = await person(blue, { role: "manager", firstName: "Max", lastName: "Manager" });
    eve = await person(red, { firstName: "Eve", lastName: "Early" });
    ed = await person(red, { firstName: "Ed", lastName: "Eager" });
    bo = await person(blue, { firstName: "Bo", lastName: "Blue" });
    ina = await person(red, { firstName: "Ina", lastName: "Inactive", isActive: false });

    greener = (
      await testApp.db
        .insert(challenges)
        .values({ companyId, scope: "company", title: "Greener office", status: "active", createdBy: admin.id })
        .returning()
    )[0]!;
    onboarding = (
      await testApp.db
        .insert(challenges)
        .values({
          companyId,
          teamId: red.id,
          scope: "team",
          title: "Faster onboarding",
          status: "active",
          createdBy: mia.id,
        })
        .returning()
    )[0]!;

    // The last 30 days: seven submitted ideas, five in Red and two in Blue, and a draft.
    const r1 = await idea({
      author: eve,
      team: red,
      title: 'Standing desks, "quiet" corner',
      submittedAt: at("11-01T10:00"),
      steps: { under_review: at("11-02T10:00"), approved: at("11-04T10:00") },
      action: { status: "in_progress", due: "2026-11-30" },
    });
    await idea({
      author: ed,
      team: red,
      title: "Buddy for new starters",
      submittedAt: at("11-03T09:00"),
      challenge: onboarding,
      steps: { under_review: at("11-03T21:00"), rejected: at("11-05T09:00") },
    });
    await idea({
      author: eve,
      team: red,
      title: "Welcome pack",
      submittedAt: at("11-10T09:00"),
      challenge: onboarding,
    });
    await idea({ author: mia, team: red, title: "Fewer meetings", submittedAt: at("11-20T09:00") });
    await idea({
      author: ed,
      team: red,
      title: "Solar panels",
      submittedAt: at("11-05T09:00"),
      challenge: greener,
      steps: { under_review: at("11-06T09:00"), pending_review: at("11-06T21:00"), approved: at("11-07T09:00") },
      action: { status: "todo", due: "2026-11-10" },
    });
    const b1 = await idea({
      author: bo,
      team: blue,
      title: "Shared calendar",
      submittedAt: at("10-28T09:00"),
      steps: {
        under_review: at("10-29T15:00"),
        needs_revision: at("10-30T09:00"),
        revision_submitted: at("11-01T09:00"),
      },
    });
    await idea({
      author: bo,
      team: blue,
      title: "Bike racks",
      submittedAt: at("11-12T09:00"),
      challenge: greener,
      steps: { under_review: at("11-13T05:00"), pending_review: at("11-14T09:00"), approved: at("11-16T09:00") },
      action: { status: "done", due: "2026-11-15" },
    });
    await idea({ author: max, team: blue, title: "Draft only", submittedAt: null });

    // Earlier in the year: an approved idea with an overdue action, and a review waiting since September.
    const r6 = await idea({
      author: eve,
      team: red,
      title: "Recycling bins",
      submittedAt: at("03-01T09:00"),
      steps: { under_review: at("03-02T09:00"), approved: at("03-03T09:00") },
      action: { status: "todo", due: "2026-04-01" },
    });
    await idea({
      author: ed,
      team: red,
      title: "Quiet hours",
      submittedAt: at("09-01T09:00"),
      steps: { under_review: at("09-02T09:00") },
    });

    // Tags: Comfort on two ideas of the 30 days and one of March, Greener on one; Unused on none.
    const tagOf = async (name: string, company = companyId) =>
      (await testApp.db.insert(tags).values({ companyId: company, name }).returning())[0]!.id;
    const comfort = await tagOf("Comfort");
    const greenerTag = await tagOf("Greener");
    await tagOf("Unused");
    await testApp.db.insert(ideaTags).values([
      { companyId, ideaId: r1, tagId: comfort },
      { companyId, ideaId: r1, tagId: greenerTag },
      { companyId, ideaId: b1, tagId: comfort },
      { companyId, ideaId: r6, tagId: comfort },
    ]);
    tagIds = { comfort, greener: greenerTag };

    await comment(max, r1, at("11-02T12:00"));
    await comment(ina, r1, at("11-03T12:00"));
    await comment(eve, b1, at("11-02T12:00"));
    await comment(admin, r6, at("03-05T12:00"));
    await vote(bo, r1, at("11-03T12:00"));
    await vote(eve, b1, at("11-04T12:00"));
    await vote(mia, r6, at("03-05T12:00"));

    await pay(eve, red, 10, at("11-01T10:00"));
    await pay(eve, red, 25, at("11-04T10:00"), "approved");
    await pay(eve, null, -20, at("11-05T10:00"), "reward_redemption");
    await pay(ed, red, 10, at("11-03T09:00"));
    await pay(bo, blue, 10, at("11-12T09:00"));
    await pay(bo, blue, 5, at("11-02T12:00"), "comment");
    await pay(mia, red, 100, at("03-01T09:00"));

    // Another company's busy admin: none of it shows in this company's figures.
    const other = await buildCompany(testApp.db);
    const green = await buildTeam(testApp.db, { companyId: other.id, name: "Green" });
    outsiderAdmin = await person(green, { role: "admin", isAdmin: true, firstName: "Olga", lastName: "Outsider" });
    const foreign = await idea({
      author: outsiderAdmin,
      team: green,
      title: "Elsewhere",
      submittedAt: at("11-10T09:00"),
    });
    const [foreignTag] = await testApp.db.insert(tags).values({ companyId: other.id, name: "Comfort" }).returning();
    await testApp.db.insert(ideaTags).values({ companyId: other.id, ideaId: foreign, tagId: foreignTag!.id });
    await comment(outsiderAdmin, foreign, at("11-10T10:00"));
    await vote(outsiderAdmin, foreign, at("11-10T10:00"));
    await pay(outsiderAdmin, green, 1000, at("11-10T10:00"));

    // Scorecards, as the admin reads them. Greener office: Solar panels 4.67 (two evaluators), Bike
    // racks 2.0 (a bucket's lower end). Faster onboarding: Buddy 1.67, Welcome pack unscored. Outside
    // any challenge: Standing desks 5.0, Shared calendar 2.17 (under review, and the admin scored it
    // too). Fewer meetings (2.0) is undecided and the admin did not score it: its score stays hidden
    // from them, as on the idea. The outsider's 1.0 never shows here.
    await score(mia, ids["Solar panels"]!, [5, 5, 4]);
    await score(admin, ids["Solar panels"]!, [4, 5, 5]);
    await score(max, ids["Bike racks"]!, [2, 2, 2]);
    await score(mia, ids["Buddy for new starters"]!, [2, 2, 1]);
    await score(mia, r1, [5, 5, 5]);
    await score(admin, r1, [5, 5, 5]);
    await score(max, b1, [2, 3, 2]);
    await score(admin, b1, [2, 2, 2]);
    await score(mia, ids["Fewer meetings"]!, [2, 2, 2]);
    await score(outsiderAdmin, foreign, [1, 1, 1]);
  });

  it("resolves the periods to UTC days ending today", () => {
    const now = at("11-22T09:00");
    expect(resolvePeriod({ period: "30d" }, now)).toMatchObject({ from: "2026-10-24", to: "2026-11-22" });
    expect(resolvePeriod({ period: "quarter" }, now)).toMatchObject({ from: "2026-10-01", to: "2026-11-22" });
    expect(resolvePeriod({ period: "year" }, now)).toMatchObject({ from: "2026-01-01", to: "2026-11-22" });
    const custom = resolvePeriod({ period: "custom", from: "2026-11-01", to: "2026-11-04" }, now);
    expect(custom).toEqual({
      period: "custom",
      from: "2026-11-01",
      to: "2026-11-04",
      start: new Date("2026-11-01T00:00:00Z"),
      end: new Date("2026-11-05T00:00:00Z"),
    });
  });

  it("answers every figure of the last 30 days for the whole company", async () => {
    const answer = await overview("period=30d");
    expect(answer).toEqual({
      period: { period: "30d", from: "2026-10-24", to: "2026-11-22" },
      team: null,
      funnel: [
        { stage: "submitted", count: 7 },
        { stage: "under_review", count: 5 },
        { stage: "approved", count: 3 },
        { stage: "actioned", count: 2 },
      ],
      by_status: [
        { status: "submitted", count: 2 },
        { status: "under_review", count: 0 },
        { status: "needs_revision", count: 0 },
        { status: "revision_submitted", count: 1 },
        { status: "pending_review", count: 0 },
        { status: "approved", count: 3 },
        { status: "rejected", count: 1 },
        { status: "merged", count: 0 },
      ],
      ideas_per_team: [
        { team_id: red.id, team_name: "Red", count: 5 },
        { team_id: blue.id, team_name: "Blue", count: 2 },
      ],
      ideas_per_tag: [
        { tag_id: tagIds.comfort, tag_name: "Comfort", count: 2 },
        { tag_id: tagIds.greener, tag_name: "Greener", count: 1 },
      ],
      scores_per_challenge: [
        // Greener office: 4.67 and 2.0. Outside any challenge: 5.0 and 2.17 (Fewer meetings hidden).
        {
          challenge_id: greener.id,
          challenge_title: "Greener office",
          scored: 2,
          average_score: 3.3,
          buckets: buckets(0, 1, 0, 1),
        },
        { challenge_id: null, challenge_title: null, scored: 2, average_score: 3.6, buckets: buckets(0, 1, 0, 1) },
        // Welcome pack has no scorecard: one scored idea of two.
        {
          challenge_id: onboarding.id,
          challenge_title: "Faster onboarding",
          scored: 1,
          average_score: 1.7,
          buckets: buckets(1, 0, 0, 0),
        },
      ],
      participation: {
        active_people: 6,
        submitted: 4,
        commented: 2,
        voted: 2,
        participated: 5,
        submitted_share: 0.6667,
        commented_share: 0.3333,
        voted_share: 0.3333,
        participated_share: 0.8333,
      },
      review_times: {
        // First review after 24, 12, 24, 30 and 20 hours; decisions after 72, 48, 48 and 96.
        first_review: { count: 5, median_hours: 24, p90_hours: 27.6 },
        decision: { count: 4, median_hours: 60, p90_hours: 88.8 },
      },
      stale_reviews: [
        { team_id: red.id, team_name: "Red", count: 2 },
        { team_id: blue.id, team_name: "Blue", count: 1 },
      ],
      challenges: [
        { id: onboarding.id, title: "Faster onboarding", answers: 2, approved: 0, approval_rate: 0 },
        { id: greener.id, title: "Greener office", answers: 2, approved: 2, approval_rate: 1 },
      ],
      actions: {
        by_status: [
          { status: "todo", count: 1 },
          { status: "in_progress", count: 1 },
          { status: "done", count: 1 },
          { status: "blocked", count: 0 },
        ],
        overdue: 1,
      },
      points_awarded: 60,
      top_contributors: [
        { rank: 1, user_id: eve.id, name: "Eve Early", points: 35, ideas_submitted: 2 },
        { rank: 2, user_id: bo.id, name: "Bo Blue", points: 15, ideas_submitted: 2 },
        { rank: 3, user_id: ed.id, name: "Ed Eager", points: 10, ideas_submitted: 2 },
      ],
    });
  });

  it("limits the figures to one team, its active members and the points earned in it", async () => {
    const answer = await overview(`period=30d&team=${blue.id}`);
    expect(answer.team).toEqual({ id: blue.id, name: "Blue" });
    expect(answer.funnel.map((stage) => stage.count)).toEqual([2, 2, 1, 1]);
    expect(answer.ideas_per_team).toEqual([{ team_id: blue.id, team_name: "Blue", count: 2 }]);
    expect(answer.ideas_per_tag).toEqual([{ tag_id: tagIds.comfort, tag_name: "Comfort", count: 1 }]);
    // As many scored ideas in each: the challenge first, then the ideas outside any.
    expect(answer.scores_per_challenge).toEqual([
      {
        challenge_id: greener.id,
        challenge_title: "Greener office",
        scored: 1,
        average_score: 2,
        buckets: buckets(0, 1, 0, 0),
      },
      { challenge_id: null, challenge_title: null, scored: 1, average_score: 2.2, buckets: buckets(0, 1, 0, 0) },
    ]);
    expect(answer.participation).toEqual({
      active_people: 2,
      submitted: 1,
      commented: 1,
      voted: 1,
      participated: 2,
      submitted_share: 0.5,
      commented_share: 0.5,
      voted_share: 0.5,
      participated_share: 1,
    });
    expect(answer.review_times).toEqual({
      first_review: { count: 2, median_hours: 25, p90_hours: 29 },
      decision: { count: 1, median_hours: 96, p90_hours: 96 },
    });
    expect(answer.stale_reviews).toEqual([{ team_id: blue.id, team_name: "Blue", count: 1 }]);
    expect(answer.challenges).toEqual([
      { id: greener.id, title: "Greener office", answers: 1, approved: 1, approval_rate: 1 },
    ]);
    expect(answer.actions).toEqual({
      by_status: [
        { status: "todo", count: 0 },
        { status: "in_progress", count: 0 },
        { status: "done", count: 1 },
        { status: "blocked", count: 0 },
      ],
      overdue: 0,
    });
    expect(answer.points_awarded).toBe(15);
    expect(answer.top_contributors).toEqual([
      { rank: 1, user_id: bo.id, name: "Bo Blue", points: 15, ideas_submitted: 2 },
    ]);
  });

  it("counts the year and custom days by when ideas were submitted", async () => {
    const year = await overview("period=year");
    expect(year.period).toEqual({ period: "year", from: "2026-01-01", to: "2026-11-22" });
    expect(year.funnel.map((stage) => stage.count)).toEqual([9, 7, 4, 2]);
    expect(year.ideas_per_tag.map((row) => [row.tag_name, row.count])).toEqual([
      ["Comfort", 3],
      ["Greener", 1],
    ]);
    expect(year.actions.overdue).toBe(2);
    expect(year.points_awarded).toBe(160);
    expect(year.top_contributors[0]).toEqual({
      rank: 1,
      user_id: mia.id,
      name: "Mia Manager",
      points: 100,
      ideas_submitted: 1,
    });
    // The waiting reviews are those of now, whatever the period.
    expect(year.stale_reviews).toEqual((await overview("period=30d")).stale_reviews);

    const quarter = await overview("period=quarter");
    expect(quarter.period).toEqual({ period: "quarter", from: "2026-10-01", to: "2026-11-22" });
    expect(quarter.funnel[0]).toEqual({ stage: "submitted", count: 7 });

    const custom = await overview("period=custom&from=2026-11-01&to=2026-11-04");
    expect(custom.period).toEqual({ period: "custom", from: "2026-11-01", to: "2026-11-04" });
    expect(custom.by_status.filter((row) => row.count > 0)).toEqual([
      { status: "approved", count: 1 },
      { status: "rejected", count: 1 },
    ]);
    expect(custom.participation).toMatchObject({ submitted: 2, commented: 2, voted: 2, participated: 4 });
  });

  it("answers an empty period with zeros and no percentiles", async () => {
    const empty = await overview("period=custom&from=2025-01-01&to=2025-01-31");
    expect(empty.funnel.every((stage) => stage.count === 0)).toBe(true);
    expect(empty.ideas_per_team).toEqual([]);
    expect(empty.review_times).toEqual({
      first_review: { count: 0, median_hours: null, p90_hours: null },
      decision: { count: 0, median_hours: null, p90_hours: null },
    });
    expect(empty.participation).toMatchObject({ active_people: 6, participated: 0, participated_share: 0 });
    expect(empty.challenges).toEqual([]);
    expect(empty.scores_per_challenge).toEqual([]);
    expect(empty.points_awarded).toBe(0);
    expect(empty.top_contributors).toEqual([]);
  });

  it("is for administrators only, of their own company's teams", async () => {
    for (const someone of [mia, eve]) {
      const response = await testApp.client.get("/api/analytics/overview/", { token: someone.token });
      expect(response.statusCode, response.body).toBe(403);
      const csv = await testApp.client.get("/api/analytics/ideas.csv", { token: someone.token });
      expect(csv.statusCode, csv.body).toBe(403);
    }
    const foreignTeam = await testApp.client.get(`/api/analytics/overview/?team=${red.id}`, {
      token: outsiderAdmin.token,
    });
    expect(foreignTeam.statusCode, foreignTeam.body).toBe(404);
    const mine = await overview("period=30d", outsiderAdmin);
    expect(mine.funnel[0]).toEqual({ stage: "submitted", count: 1 });
    expect(mine.participation).toMatchObject({ active_people: 1, participated: 1 });
    expect(mine.points_awarded).toBe(1000);
    expect(mine.scores_per_challenge).toEqual([
      { challenge_id: null, challenge_title: null, scored: 1, average_score: 1, buckets: buckets(1, 0, 0, 0) },
    ]);
  });

  it("counts a score only where the admin reads it on the idea: decided, or scored by them", async () => {
    const other = await person(blue, { role: "admin", isAdmin: true, firstName: "Abe", lastName: "Admin" });
    const answer = await overview("period=30d", other);
    // Shared calendar is under review and Abe has not scored it; Standing desks is approved.
    expect(answer.scores_per_challenge.find((row) => row.challenge_id === null)).toEqual({
      challenge_id: null,
      challenge_title: null,
      scored: 1,
      average_score: 5,
      buckets: buckets(0, 0, 0, 1),
    });
    const csv = await testApp.client.get("/api/analytics/ideas.csv?period=30d", { token: other.token });
    const calendar = csv.body.split("\r\n").find((line) => line.startsWith(ids["Shared calendar"]!));
    expect(calendar?.split(",").slice(-2)).toEqual(["", "2"]);

    await score(other, ids["Shared calendar"]!, [3, 3, 3]);
    const after = await overview("period=30d", other);
    expect(after.scores_per_challenge.find((row) => row.challenge_id === null)).toMatchObject({
      scored: 2,
      buckets: buckets(0, 1, 0, 1),
    });
    // Back as it was for the other tests.
    await testApp.db.delete(ideaEvaluations).where(eq(ideaEvaluations.evaluatorId, other.id));
    await testApp.db.delete(ideaScores).where(eq(ideaScores.evaluatorId, other.id));
    await recomputeScores(testApp.db, companyId, { ideaId: ids["Shared calendar"]! });
  });

  it("shows the scores of the 10 challenges with most scored ideas", async () => {
    const company = await buildCompany(testApp.db);
    const team = await buildTeam(testApp.db, { companyId: company.id, name: "Many" });
    const boss = await person(team, { role: "admin", isAdmin: true });
    const writer = await person(team);
    // Challenge 11 has one scored idea, the ten others two each (and Challenge 03 a third, unscored).
    for (let number = 1; number <= 11; number++) {
      const title = `Challenge ${String(number).padStart(2, "0")}`;
      const [challenge] = await testApp.db
        .insert(challenges)
        .values({ companyId: company.id, scope: "company", title, status: "active", createdBy: boss.id })
        .returning();
      for (let copy = 0; copy < (number === 11 ? 1 : 2); copy++) {
        const ideaId = await idea({
          author: writer,
          team,
          title: `${title} idea ${copy}`,
          challenge: challenge!,
          submittedAt: at("11-10T09:00"),
          steps: { under_review: at("11-11T09:00"), approved: at("11-12T09:00") },
        });
        await score(boss, ideaId, [number % 5 || 5, 3, 3]);
      }
      if (number === 3)
        await idea({ author: writer, team, title: "Unscored", challenge: challenge!, submittedAt: at("11-10T09:00") });
    }
    const answer = await overview("period=30d", boss);
    expect(answer.scores_per_challenge.map((row) => [row.challenge_title, row.scored])).toEqual(
      Array.from({ length: 10 }, (_, index) => [`Challenge ${String(index + 1).padStart(2, "0")}`, 2]),
    );
  });

  it("explains a query it cannot answer", async () => {
    const cases: Array<[string, string, string]> = [
      ["period=week", "period", ANALYTICS_MESSAGES.periodInvalid.defaultMessage],
      ["period=custom&from=2026-11-01", "to", ANALYTICS_MESSAGES.customNeedsDays.defaultMessage],
      ["period=custom&from=2026-11-05&to=2026-11-01", "to", ANALYTICS_MESSAGES.toBeforeFrom.defaultMessage],
      ["period=custom&from=2026-02-31&to=2026-03-01", "from", ANALYTICS_MESSAGES.dayInvalid.defaultMessage],
      ["period=custom&from=0000-01-01&to=2026-03-01", "from", "Please enter a date from the year 1900 to 9999."],
      ["period=custom&from=2000-01-01&to=2026-03-01", "to", "A custom period can cover at most 3660 days."],
      ["period=30d&from=2026-11-01", "from", ANALYTICS_MESSAGES.daysOnlyForCustom.defaultMessage],
      ["team=red", "team", ANALYTICS_MESSAGES.teamInvalid.defaultMessage],
    ];
    for (const [query, field, message] of cases) {
      for (const path of ["/api/analytics/overview/", "/api/analytics/ideas.csv"]) {
        const response = await testApp.client.get(`${path}?${query}`, { token: admin.token });
        expect(response.statusCode, `${path}?${query}: ${response.body}`).toBe(400);
        expect(response.json().fields, query).toMatchObject({ [field]: message });
      }
    }
  });

  it("exports the period's ideas with their status history as a CSV attachment", async () => {
    const response = await testApp.client.get("/api/analytics/ideas.csv?period=30d", { token: admin.token });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe('attachment; filename="ideas-2026-10-24-to-2026-11-22.csv"');
    const lines = response.body.split("\r\n");
    expect(lines.at(-1)).toBe("");
    expect(lines[0]).toBe(`\uFEFF${ANALYTICS_CSV_COLUMNS.join(",")}`);
    // Oldest submission first; the title's comma and quotes are escaped.
    expect(lines.slice(1, -1).map((line) => line.split(",")[0])).toEqual(
      [
        "Shared calendar",
        'Standing desks, "quiet" corner',
        "Buddy for new starters",
        "Solar panels",
        "Welcome pack",
        "Bike racks",
        "Fewer meetings",
      ].map((title) => ids[title]),
    );
    expect(lines[2]).toBe(
      [
        ids['Standing desks, "quiet" corner'],
        '"Standing desks, ""quiet"" corner"',
        "approved",
        "Red",
        "Eve Early",
        "",
        "2026-11-01T10:00:00.000Z",
        "2026-11-02T10:00:00.000Z",
        "2026-11-04T10:00:00.000Z",
        "0",
        "0",
        "in_progress",
        "2026-11-30",
        "submitted 2026-11-01T10:00:00.000Z > under_review 2026-11-02T10:00:00.000Z > approved 2026-11-04T10:00:00.000Z",
        "5.0",
        "2",
      ].join(","),
    );
    expect(lines[4]).toBe(
      [
        ids["Solar panels"],
        "Solar panels",
        "approved",
        "Red",
        "Ed Eager",
        "Greener office",
        "2026-11-05T09:00:00.000Z",
        "2026-11-06T09:00:00.000Z",
        "2026-11-07T09:00:00.000Z",
        "0",
        "0",
        "todo",
        "2026-11-10",
        "submitted 2026-11-05T09:00:00.000Z > under_review 2026-11-06T09:00:00.000Z > pending_review 2026-11-06T21:00:00.000Z > approved 2026-11-07T09:00:00.000Z",
        "4.7",
        "2",
      ].join(","),
    );
    // The last columns, score and evaluators: one decimal, empty while nobody scored.
    expect(lines.slice(1, -1).map((line) => line.split(",").slice(-2))).toEqual([
      ["2.2", "2"],
      ["5.0", "2"],
      ["1.7", "1"],
      ["4.7", "2"],
      ["", "0"],
      ["2.0", "1"],
      // Undecided and not scored by the admin: how many scored, not what they gave.
      ["", "1"],
    ]);

    const blueOnly = await testApp.client.get(`/api/analytics/ideas.csv?period=30d&team=${blue.id}`, {
      token: admin.token,
    });
    expect(
      blueOnly.body
        .split("\r\n")
        .slice(1, -1)
        .map((line) => line.split(",")[0]),
    ).toEqual([ids["Shared calendar"], ids["Bike racks"]]);
  });

  it("exports ideas beyond one batch, submitted at the same instant, each exactly once", async () => {
    const company = await buildCompany(testApp.db);
    const team = await buildTeam(testApp.db, { companyId: company.id, name: "Crowd" });
    const boss = await person(team, { role: "admin", isAdmin: true });
    const count = EXPORT_BATCH_SIZE * 2 + 3;
    const inserted = await testApp.db
      .insert(ideas)
      .values(
        Array.from({ length: count }, (_, index) => ({
          companyId: company.id,
          authorId: boss.id,
          teamId: team.id,
          title: `Idea ${index}`,
          status: "submitted" as const,
          submittedAt: at("11-20T09:00"),
        })),
      )
      .returning({ id: ideas.id });
    const response = await testApp.client.get("/api/analytics/ideas.csv", { token: boss.token });
    expect(response.statusCode).toBe(200);
    const exported = response.body
      .split("\r\n")
      .slice(1, -1)
      .map((line) => line.split(",")[0]);
    expect(exported).toEqual(inserted.map((row) => row.id).sort());
  });

  it("starts with a byte-order mark and leaves no formula to a spreadsheet splitting on semicolons", async () => {
    const company = await buildCompany(testApp.db);
    const team = await buildTeam(testApp.db, { companyId: company.id, name: "Équipe; =Ops" });
    const boss = await person(team, { role: "admin", isAdmin: true, firstName: "Zoë", lastName: "Ångström" });
    const ideaId = await idea({ author: boss, team, title: "Semi;=1+1;colon idea", submittedAt: at("11-20T09:00") });

    const response = await testApp.client.get("/api/analytics/ideas.csv", { token: boss.token });
    expect(response.statusCode, response.body).toBe(200);
    // Excel reads a file as UTF-8 only with its byte-order mark: without it, "Zoë" shows as "ZoÃ«".
    expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = response.body.split("\r\n");
    expect(lines[0]).toBe(`\uFEFF${ANALYTICS_CSV_COLUMNS.join(",")}`);
    expect(lines[1]!.split(",").slice(0, 5)).toEqual([
      ideaId,
      '"Semi;\'=1+1;colon idea"',
      "submitted",
      '"Équipe; \'=Ops"',
      "Zoë Ångström",
    ]);
    // Split on semicolons as such a spreadsheet does, no cell starts a formula.
    const cells = lines.slice(1, -1).flatMap((line) => line.split(/[;,]/));
    expect(cells.filter((cell) => /^[=+\-@]/.test(cell))).toEqual([]);
  });
});
