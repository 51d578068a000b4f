/**
 * Every notification type the server sends today, caused through the real API and read back
 * through each recipient's bell (`GET /api/notifications/:userId/`): each recipient sees exactly
 * the one sentence written for them. The payloads are recorded (ids and times made stable) in
 * the web app's fixture, so the bell's own test renders what this server really answers.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  describeNotification,
  NOTIFICATION_TYPES,
  type Notification,
  NotificationListResponseSchema,
  type NotificationType,
} from "@ideaport/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { translatorFor } from "../../lib/i18n.ts";
import { createTestClient, type TestApp } from "../../test/app.ts";
import { type BuildUserOptions, buildCompany, buildPerson, buildTeam } from "../../test/factories.ts";
import { createActionsService } from "../actions/actions.service.ts";
import { signUpWithProof } from "../companies/test-kit.ts";
import { buildIdeasTestApp, ideasApiFor, type Person } from "../ideas/ideas.test-kit.ts";

/**
 * Types produced by background work rather than these flows (calendar_needs_reconnecting: the
 * calendar sync, covered by calendar.connection.test.ts), and the author's confirmations of their
 * own step, no longer sent (nobody is notified of their own act) but still read in older bells.
 * The shared renderer's own test covers them.
 */
const NOT_PRODUCED_YET: readonly NotificationType[] = [
  "calendar_needs_reconnecting",
  // Produced by guessing a join password, covered by failed-guesses.test.ts.
  "join_password_guessed",
  // Produced when a webhook keeps failing, covered by integrations.webhooks.test.ts.
  "webhook_disabled",
  "idea_submitted",
  "idea_revision_submitted",
];

/** The web app's copy of the recorded notifications (see the bell's test). */
const FIXTURE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../../../web/src/features/notifications/fixtures/server-notifications.json",
);

type Reader = "ada" | "mona" | "alice" | "carl" | "joe" | "tom" | "uma";

/** What the bells hold at the end of the story: each sentence, with its type and everyone who reads it. */
const EXPECTED: Array<[readers: Reader[], type: NotificationType, sentence: string]> = [
  // Challenges: posted by a manager and by an admin, proposed, approved and turned down.
  [["alice", "carl"], "new_challenge_posted", 'Mona Manager posted the new team challenge "Faster onboarding".'],
  [["mona", "alice", "carl"], "new_challenge_posted", 'Ada Admin posted the new company challenge "Less paper".'],
  [["ada"], "challenge_proposal_received", 'Alice Author proposed the company challenge "Hackathon".'],
  [["alice"], "new_challenge_posted", 'Ada Admin approved your challenge proposal "Hackathon": "Go for it."'],
  [["mona", "carl"], "new_challenge_posted", 'Ada Admin approved the new company challenge "Hackathon".'],
  // The owner the approver named for the action.
  [["carl"], "action_assigned", 'Mona Manager made you the owner of the action for "Solar roof".'],
  // Its due date nears: the daily job reminds the owner.
  [["carl"], "action_due_soon", 'The action you own for "Solar roof" is due within 2 days.'],
  [["ada"], "challenge_proposal_received", 'Carl Colleague proposed the company challenge "Four-day week".'],
  [
    ["carl"],
    "challenge_proposal_received",
    'Ada Admin did not approve your challenge proposal "Four-day week": "Budget is closed."',
  ],
  // An idea of the team: submitted, reviewed, sent back, revised, approved, commented on.
  [["mona"], "new_team_submission", 'Alice Author submitted the new idea "Solar roof".'],
  [["alice"], "idea_status_under_review", 'Mona Manager started reviewing your idea "Solar roof".'],
  [
    ["alice"],
    "idea_status_needs_revision",
    'Mona Manager asked you to revise your idea "Solar roof": "Please add numbers."',
  ],
  [["mona"], "revision_received", 'Alice Author revised "Solar roof" as you asked.'],
  [["mona"], "new_team_submission", 'Carl Colleague submitted the new idea "Roof panels".'],
  [["carl"], "idea_merged", 'Mona Manager merged your idea into "Solar roof", where you are named as a contributor.'],
  [["alice"], "idea_status_approved", 'Mona Manager approved your idea "Solar roof": "Great work."'],
  [["alice"], "new_comment", 'Carl Colleague commented on your idea "Solar roof".'],
  [["mona"], "new_team_comment", 'Carl Colleague commented on "Solar roof".'],
  // Ideas answering a company challenge: endorsed by the manager, decided by an admin.
  [["mona"], "new_team_submission", 'Alice Author submitted the new idea "Paperless invoices".'],
  [["alice"], "idea_status_under_review", 'Mona Manager started reviewing your idea "Paperless invoices".'],
  [
    ["alice"],
    "idea_status_pending_review",
    'Mona Manager endorsed your idea "Paperless invoices" for an administrator\'s decision: "Worth it."',
  ],
  [
    ["ada"],
    "project_pending_review",
    'Mona Manager endorsed "Paperless invoices" for the company challenge "Less paper" and asks for your decision: "Worth it."',
  ],
  [["alice"], "idea_status_approved", 'Ada Admin approved your idea "Paperless invoices".'],
  [["mona"], "project_approved", 'Your team endorsed "Paperless invoices" and Ada Admin approved it.'],
  [["mona"], "new_team_submission", 'Alice Author submitted the new idea "Printer ban".'],
  [["alice"], "idea_status_under_review", 'Mona Manager started reviewing your idea "Printer ban".'],
  [
    ["alice"],
    "idea_status_pending_review",
    'Mona Manager endorsed your idea "Printer ban" for an administrator\'s decision.',
  ],
  [
    ["ada"],
    "project_pending_review",
    'Mona Manager endorsed "Printer ban" for the company challenge "Less paper" and asks for your decision.',
  ],
  [["alice"], "idea_status_rejected", 'Ada Admin decided not to take your idea "Printer ban" forward: "Too strict."'],
  [["mona"], "project_rejected", 'Your team endorsed "Printer ban" and Ada Admin rejected it: "Too strict."'],
  // Rewards: the approval that brings Alice's balance to a reward's cost, her redemption, its fulfilment.
  [["alice"], "rewards_available", 'You have enough points to redeem "Team lunch".'],
  [["ada"], "rewards_redeemed", 'Alice Author redeemed "Team lunch".'],
  [["alice"], "rewards_redeemed", 'Ada Admin fulfilled your redemption of "Team lunch".'],
  // A second redemption, cancelled with a reason: the points go back.
  [["ada"], "rewards_redeemed", 'Alice Author redeemed "Coffee voucher".'],
  [
    ["alice"],
    "redemption_cancelled",
    'Ada Admin cancelled your redemption of "Coffee voucher" and gave your points back: "Sold out this week."',
  ],
  // Joiners asking for a role, answered from the bell.
  [["ada"], "admin_request", "Joe Joiner asked for administrator rights."],
  [["joe"], "admin_request_response", "Ada Admin approved your request for administrator rights."],
  // Joe is an administrator by now, so he may decide the requests to manage a team too.
  [["mona", "ada", "joe"], "admin_request", "Tom Becker asks to manage Engineering."],
  [["tom"], "admin_denied", "Mona Manager denied your request to manage Engineering."],
  [["mona", "ada", "joe"], "admin_request", "Uma Upton asks to manage Engineering."],
  [["uma"], "admin_approved", "Mona Manager approved your request to manage Engineering."],
];

let testApp: TestApp;
const people = {} as Record<Reader, Person>;
const bells = {} as Record<Reader, Notification[]>;

beforeAll(async () => {
  testApp = await buildIdeasTestApp();
  const { db, client } = testApp;
  const company = await buildCompany(db);
  const team = await buildTeam(db, { companyId: company.id, name: "Engineering" });
  const person = (options: BuildUserOptions) => buildPerson(testApp, options);
  people.ada = await person({ companyId: company.id, isAdmin: true, firstName: "Ada", lastName: "Admin" });
  people.mona = await person({ teamId: team.id, role: "manager", firstName: "Mona", lastName: "Manager" });
  people.alice = await person({ teamId: team.id, firstName: "Alice", lastName: "Author" });
  people.carl = await person({ teamId: team.id, firstName: "Carl", lastName: "Colleague" });
  const { ada, mona, alice, carl } = people;
  const api = ideasApiFor(testApp);
  const decideChallenge = async (id: string, approved: boolean, note: string) => {
    const response = await client.post(`/api/challenges/${id}/decision/`, { approved, note }, { token: ada.token });
    expect(response.statusCode, response.body).toBe(200);
  };

  // A reward Alice's first approved idea pays enough for (submitted, then approved).
  const reward = await client.post("/api/rewards/", { title: "Team lunch", cost: 60 }, { token: ada.token });
  expect(reward.statusCode, reward.body).toBe(200);

  await api.createChallenge(mona, { scope: "team", title: "Faster onboarding" });
  const lessPaper = await api.createChallenge(ada, { scope: "company", title: "Less paper" });
  const hackathon = await api.createChallenge(alice, { scope: "company", title: "Hackathon" });
  await decideChallenge(hackathon.id, true, "Go for it.");
  const fourDayWeek = await api.createChallenge(carl, { scope: "company", title: "Four-day week" });
  await decideChallenge(fourDayWeek.id, false, "Budget is closed.");

  const solarRoof = await api.createIdea(alice, { title: "Solar roof" });
  await api.step(mona, solarRoof.id, "under_review");
  await api.step(mona, solarRoof.id, "needs_revision", "Please add numbers.");
  await api.step(alice, solarRoof.id, "revision_submitted");
  // A duplicate of it, merged in by its reviewer: its author is named on "Solar roof" as a contributor.
  const roofPanels = await api.createIdea(carl, { title: "Roof panels" });
  const merged = await client.post(
    `/api/project-ideas/${roofPanels.id}/merge/`,
    { into: solarRoof.id },
    { token: mona.token },
  );
  expect(merged.statusCode, merged.body).toBe(200);
  const approval = await client.post(
    `/api/project-ideas/${solarRoof.id}/transition/`,
    { to: "approved", note: "Great work.", action: { owner_id: carl.id, due_date: "2026-11-23" } },
    { token: mona.token },
  );
  expect(approval.statusCode, approval.body).toBe(200);
  expect(await createActionsService({ db, clock: testApp.clock }).remindDueSoon()).toBe(1);
  const comment = await client.post(
    `/api/project-ideas/${solarRoof.id}/comments/`,
    { body: "Could we add batteries?" },
    { token: carl.token },
  );
  expect(comment.statusCode, comment.body).toBe(200);

  for (const [title, decision, note] of [
    ["Paperless invoices", "approved", "Worth it."],
    ["Printer ban", "rejected", null],
  ] as const) {
    const idea = await api.createIdea(alice, { title, challenge_id: lessPaper.id });
    await api.step(mona, idea.id, "under_review");
    await api.step(mona, idea.id, "pending_review", note ?? undefined);
    await api.step(ada, idea.id, decision, decision === "rejected" ? "Too strict." : undefined);
  }

  const redeemed = await client.post(`/api/rewards/${reward.json().reward.id}/redeem/`, undefined, {
    token: alice.token,
  });
  expect(redeemed.statusCode, redeemed.body).toBe(200);
  const fulfilled = await client.post(`/api/redemptions/${redeemed.json().redemption.id}/fulfil/`, undefined, {
    token: ada.token,
  });
  expect(fulfilled.statusCode, fulfilled.body).toBe(200);
  const coffee = await client.post("/api/rewards/", { title: "Coffee voucher", cost: 5 }, { token: ada.token });
  const coffeeRedeemed = await client.post(`/api/rewards/${coffee.json().reward.id}/redeem/`, undefined, {
    token: alice.token,
  });
  expect(coffeeRedeemed.statusCode, coffeeRedeemed.body).toBe(200);
  const cancelled = await client.post(
    `/api/redemptions/${coffeeRedeemed.json().redemption.id}/cancel/`,
    { reason: "Sold out this week." },
    { token: ada.token },
  );
  expect(cancelled.statusCode, cancelled.body).toBe(200);

  const join = async (displayName: string, choice: { role: "employee" | "manager"; requesting_admin: boolean }) => {
    const joinerClient = createTestClient(testApp.app);
    const [firstName, lastName] = displayName.split(" ");
    const { user } = await signUpWithProof(testApp, { client: joinerClient, user: { firstName, lastName } });
    const verified = await joinerClient.post("/api/verify-company/", {
      companyName: company.name,
      companyPassword: company.password,
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const joined = await joinerClient.post("/api/associate-company/", {
      userId: user.id,
      companyName: company.name,
      displayName,
      team: team.id,
      ...choice,
    });
    expect(joined.statusCode, joined.body).toBe(200);
    return { ...user, companyId: company.id, token: joined.json().access as string };
  };
  const answer = async (decider: Person, requester: { id: string }, approved: boolean) => {
    const requests = await bellOf(decider);
    const request = requests.find((item) => item.type === "admin_request" && item.actor_id === requester.id);
    const response = await client.post(
      "/api/admin-request-response/",
      { requestId: request!.related_request_id, adminId: decider.id, approved },
      { token: decider.token },
    );
    expect(response.statusCode, response.body).toBe(200);
  };
  people.joe = await join("Joe Joiner", { role: "employee", requesting_admin: true });
  await answer(ada, people.joe, true);
  people.tom = await join("Tom Becker", { role: "manager", requesting_admin: false });
  await answer(mona, people.tom, false);
  people.uma = await join("Uma Upton", { role: "manager", requesting_admin: false });
  await answer(mona, people.uma, true);

  for (const reader of Object.keys(people) as Reader[]) bells[reader] = await bellOf(people[reader]);
});

afterAll(async () => {
  await testApp?.close();
});

/** Everything in one person's bell, read as the web app reads it. */
async function bellOf(person: Person): Promise<Notification[]> {
  const response = await testApp.client.get(`/api/notifications/${person.id}/?limit=100`, { token: person.token });
  expect(response.statusCode, response.body).toBe(200);
  const body = NotificationListResponseSchema.parse(response.json());
  expect(body.next_cursor).toBeNull();
  return body.notifications;
}

const byReaderTypeSentence = (a: string[], b: string[]) => a.join("\u0000").localeCompare(b.join("\u0000"));

describe("the sentence each recipient reads", () => {
  it("is produced for every type but those of features not built yet", () => {
    const produced = new Set(Object.values(bells).flatMap((bell) => bell.map((item) => item.type)));
    expect([...produced].sort()).toEqual(NOTIFICATION_TYPES.filter((type) => !NOT_PRODUCED_YET.includes(type)).sort());
    expect(new Set(EXPECTED.map(([, type]) => type))).toEqual(produced);
  });

  it("is exactly the expected sentence, for every notification of every bell and nothing else", () => {
    const actual = (Object.keys(bells) as Reader[]).flatMap((reader) =>
      bells[reader].map((item) => [reader, item.type, item.content]),
    );
    const expected = EXPECTED.flatMap(([readers, type, sentence]) => readers.map((reader) => [reader, type, sentence]));
    expect(actual.sort(byReaderTypeSentence)).toEqual(expected.sort(byReaderTypeSentence));
  });

  it("is what the shared renderer says to that reader from the payload's facts alone", () => {
    for (const reader of Object.keys(bells) as Reader[]) {
      for (const item of bells[reader]) {
        expect(describeNotification({ ...item, content: "" }, { id: people[reader].id }, translatorFor("en"))).toBe(
          item.content,
        );
      }
    }
  });

  it("is recorded for the web app's bell test, with stable ids and times", async () => {
    await expect(`${JSON.stringify(recordedBells(), null, 2)}\n`).toMatchFileSnapshot(FIXTURE);
  });
});

/**
 * The bells as the web app's fixture holds them: each reader's id is their name, every other id
 * a stable label, every time the same, sorted by reader, type and sentence.
 */
function recordedBells() {
  const labels = new Map<string, string>();
  for (const reader of Object.keys(people) as Reader[]) labels.set(people[reader].id, reader);
  const labelOf = (id: string | null) => {
    if (id === null) return null;
    if (!labels.has(id)) labels.set(id, `id-${labels.size - Object.keys(people).length + 1}`);
    return labels.get(id)!;
  };
  const rows = (Object.keys(bells) as Reader[])
    .flatMap((reader) => bells[reader].map((notification) => ({ reader, notification })))
    .sort((a, b) =>
      byReaderTypeSentence(
        [a.reader, a.notification.type, a.notification.content],
        [b.reader, b.notification.type, b.notification.content],
      ),
    );
  return rows.map(({ reader, notification }) => {
    const id = labelOf(notification.id)!;
    return {
      reader,
      sentence: notification.content,
      notification: {
        ...notification,
        id,
        _id: id,
        created_at: "2026-11-22T09:00:00.000Z",
        actor_id: labelOf(notification.actor_id),
        subject_id: labelOf(notification.subject_id),
        related_idea_id: labelOf(notification.related_idea_id),
        related_request_id: labelOf(notification.related_request_id),
        related_challenge_id: labelOf(notification.related_challenge_id),
        related_reward_id: labelOf(notification.related_reward_id),
        request_team_id: labelOf(notification.request_team_id),
      },
    };
  });
}
