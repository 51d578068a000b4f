import { describe, expect, it } from "vitest";
import { createTranslator } from "./i18n/messages.ts";
import { type NotificationLinkFacts, notificationLink } from "./notification-links.ts";
import {
  describeChannelEvent,
  describeNotification,
  FALLBACK_NOTIFICATION_TEXT,
  NOTIFICATION_TYPES,
  type NotificationFacts,
  type NotificationType,
} from "./notifications.ts";

const PRIYA = { id: "priya", name: "Priya Patel" };
const TOM = { id: "tom", name: "Tom Becker" };
const READER = { id: "reader" };

/** The facts of one notification, as the server writes them: `by` acted, about `subject`. */
function facts(
  type: NotificationType,
  by: { id: string; name: string } | null,
  subject: { id: string } | null,
  extra: Partial<NotificationLinkFacts> = {},
): NotificationLinkFacts {
  return {
    type,
    actor_id: by?.id ?? null,
    actor_name: by?.name ?? null,
    subject_id: subject?.id ?? null,
    project_idea_title: "Greener deliveries",
    challenge_title: null,
    challenge_scope: "company",
    ...extra,
  };
}

const challenge = (scope: "team" | "company" = "company") => ({
  project_idea_title: null,
  challenge_title: "Less paper",
  challenge_scope: scope,
});

const reward = (title: string | null = "Team lunch") => ({ project_idea_title: null, reward_title: title });

/**
 * Every type, read by the person the server sends it to (`READER`), with the one sentence they
 * see. Where a type reaches different readers, each has a row.
 */
const CASES: Array<[label: string, notification: NotificationFacts, sentence: string]> = [
  [
    "an admin hears of a request for administrator rights",
    facts("admin_request", TOM, TOM, { project_idea_title: null, request_kind: "admin" }),
    "Tom Becker asked for administrator rights.",
  ],
  [
    "a team's manager hears of a request to manage it",
    facts("admin_request", TOM, TOM, {
      project_idea_title: null,
      request_kind: "manager",
      request_team_name: "Engineering",
    }),
    "Tom Becker asks to manage Engineering.",
  ],
  [
    "the requester hears their request for administrator rights was approved",
    facts("admin_approved", PRIYA, READER, { project_idea_title: null, request_kind: "admin" }),
    "Priya Patel approved your request for administrator rights.",
  ],
  [
    "the requester hears their request to manage a team was denied",
    facts("admin_denied", PRIYA, READER, {
      project_idea_title: null,
      request_kind: "manager",
      request_team_name: "Engineering",
    }),
    "Priya Patel denied your request to manage Engineering.",
  ],
  [
    "the requester hears their request for administrator rights was approved, from the request's outcome",
    facts("admin_request_response", PRIYA, READER, { project_idea_title: null, request_status: "approved" }),
    "Priya Patel approved your request for administrator rights.",
  ],
  [
    "the requester hears their request for administrator rights was denied, from the request's outcome",
    facts("admin_request_response", PRIYA, READER, { project_idea_title: null, request_status: "denied" }),
    "Priya Patel denied your request for administrator rights.",
  ],
  [
    "the requester hears their request was answered, its outcome unknown",
    facts("admin_request_response", PRIYA, READER, { project_idea_title: null }),
    "Priya Patel answered your request for administrator rights.",
  ],
  [
    "the author's confirmation of their own submission",
    facts("idea_submitted", { ...READER, name: "Rea Reader" }, READER),
    'Your idea "Greener deliveries" was submitted for review.',
  ],
  [
    "the author is asked to revise, with the reviewer's note",
    facts("idea_status_needs_revision", PRIYA, READER, { note: "Please add numbers." }),
    'Priya Patel asked you to revise your idea "Greener deliveries": "Please add numbers."',
  ],
  [
    "an admin hears of an idea endorsed for a company challenge",
    facts("project_pending_review", PRIYA, TOM, { challenge_title: "Less paper", note: "Worth it." }),
    'Priya Patel endorsed "Greener deliveries" for the company challenge "Less paper" and asks for your decision: "Worth it."',
  ],
  [
    "the author hears their idea was endorsed for the admins",
    facts("idea_status_pending_review", PRIYA, READER),
    'Priya Patel endorsed your idea "Greener deliveries" for an administrator\'s decision.',
  ],
  [
    "the team's manager hears the admins approved the idea the team endorsed",
    facts("project_approved", PRIYA, TOM),
    'Your team endorsed "Greener deliveries" and Priya Patel approved it.',
  ],
  [
    "the author hears their idea was approved, with a note without a closing mark",
    facts("idea_status_approved", PRIYA, READER, { note: "  Great work,\n rolling it out in April  " }),
    'Priya Patel approved your idea "Greener deliveries": "Great work, rolling it out in April".',
  ],
  [
    "the team's manager hears the admins rejected the idea the team endorsed",
    facts("project_rejected", PRIYA, TOM),
    'Your team endorsed "Greener deliveries" and Priya Patel rejected it.',
  ],
  [
    "the author hears their idea was rejected",
    facts("idea_status_rejected", PRIYA, READER, { note: "Too costly!" }),
    'Priya Patel decided not to take your idea "Greener deliveries" forward: "Too costly!"',
  ],
  [
    "the author of a duplicate hears it was merged, into which idea, and that they are named on it",
    facts("idea_merged", PRIYA, READER),
    'Priya Patel merged your idea into "Greener deliveries", where you are named as a contributor.',
  ],
  [
    "the author hears a review started",
    facts("idea_status_under_review", PRIYA, READER),
    'Priya Patel started reviewing your idea "Greener deliveries".',
  ],
  [
    "the author's confirmation of their own revision is in the second person",
    facts("idea_revision_submitted", { ...READER, name: "Rea Reader" }, READER),
    'You sent your revised idea "Greener deliveries" back for review.',
  ],
  [
    "a reviewer hears of a new idea",
    facts("new_team_submission", TOM, TOM),
    'Tom Becker submitted the new idea "Greener deliveries".',
  ],
  [
    "the owner of an approved idea's action hears of it",
    facts("action_assigned", PRIYA, TOM),
    'Priya Patel made you the owner of the action for "Greener deliveries".',
  ],
  [
    "the owner of an action hears that its due date nears",
    facts("action_due_soon", null, TOM),
    'The action you own for "Greener deliveries" is due within 2 days.',
  ],
  [
    "a person hears their calendar account needs reconnecting",
    facts("calendar_needs_reconnecting", null, READER),
    "Your calendar account needs reconnecting: connect it again in Profile Settings to keep your dates in it.",
  ],
  [
    "a company's administrators hear that its join password is being guessed",
    facts("join_password_guessed", null, READER),
    "Many wrong join passwords were entered for your company in the last hour, so someone may be guessing it: if it may be known outside the company, change it in Company Settings.",
  ],
  [
    "a company's administrators hear that a webhook was switched off for failing",
    facts("webhook_disabled", null, READER),
    "A webhook failed 50 times in a row and was switched off: check its address and delivery log in Company Settings, then switch it on again.",
  ],
  [
    "the reviewer who asked for a revision hears it came back",
    facts("revision_received", TOM, TOM),
    'Tom Becker revised "Greener deliveries" as you asked.',
  ],
  [
    "the author hears of a comment",
    facts("new_comment", PRIYA, READER),
    'Priya Patel commented on your idea "Greener deliveries".',
  ],
  [
    "a reviewer hears of a comment on another person's idea",
    facts("new_team_comment", PRIYA, TOM),
    'Priya Patel commented on "Greener deliveries".',
  ],
  [
    "a person who can afford a reward",
    facts("rewards_available", null, READER, reward()),
    'You have enough points to redeem "Team lunch".',
  ],
  [
    "an admin hears someone redeemed a reward",
    facts("rewards_redeemed", PRIYA, PRIYA, reward()),
    'Priya Patel redeemed "Team lunch".',
  ],
  [
    "the redeemer hears an admin fulfilled their redemption",
    facts("rewards_redeemed", PRIYA, READER, reward()),
    'Priya Patel fulfilled your redemption of "Team lunch".',
  ],
  [
    "the redeemer hears an admin cancelled their redemption, with the reason",
    facts("redemption_cancelled", PRIYA, READER, { ...reward(), note: "Sold out until May." }),
    'Priya Patel cancelled your redemption of "Team lunch" and gave your points back: "Sold out until May."',
  ],
  [
    "a team member hears of a new team challenge",
    facts("new_challenge_posted", PRIYA, PRIYA, challenge("team")),
    'Priya Patel posted the new team challenge "Less paper".',
  ],
  [
    "a member hears of a new company challenge posted by an admin",
    facts("new_challenge_posted", PRIYA, PRIYA, challenge()),
    'Priya Patel posted the new company challenge "Less paper".',
  ],
  [
    "the proposer hears their challenge proposal was approved, with the admin's note",
    facts("new_challenge_posted", PRIYA, READER, { ...challenge(), note: "Go for it." }),
    'Priya Patel approved your challenge proposal "Less paper": "Go for it."',
  ],
  [
    "a member hears of a company challenge approved from someone's proposal",
    facts("new_challenge_posted", PRIYA, TOM, challenge()),
    'Priya Patel approved the new company challenge "Less paper".',
  ],
  [
    "an admin hears of a challenge proposal",
    facts("challenge_proposal_received", TOM, TOM, challenge()),
    'Tom Becker proposed the company challenge "Less paper".',
  ],
  [
    "the proposer hears their challenge proposal was not approved, with the admin's note",
    facts("challenge_proposal_received", PRIYA, READER, { ...challenge(), note: "Budget is closed." }),
    'Priya Patel did not approve your challenge proposal "Less paper": "Budget is closed."',
  ],
];

const english = createTranslator("en", {});

describe("describeNotification", () => {
  it("covers each of the 29 notification types", () => {
    expect(NOTIFICATION_TYPES).toHaveLength(29);
    expect(new Set(CASES.map(([, notification]) => notification.type))).toEqual(new Set(NOTIFICATION_TYPES));
  });

  it.each(CASES)("%s", (_label, notification, sentence) => {
    expect(describeNotification(notification, READER, english)).toBe(sentence);
  });

  it("says one sentence for every type: no full stop inside it but the note's", () => {
    for (const [, notification] of CASES) {
      const sentence = describeNotification({ ...notification, note: null }, READER, english);
      expect(sentence.slice(0, -1)).not.toMatch(/[.!?]/);
    }
  });

  it("names the actor to everyone else where it says 'you' to the actor", () => {
    const revision = facts("idea_revision_submitted", TOM, TOM);
    expect(describeNotification(revision, TOM, english)).toBe(
      'You sent your revised idea "Greener deliveries" back for review.',
    );
    expect(describeNotification(revision, READER, english)).toBe(
      'Tom Becker sent the revised idea "Greener deliveries" back for review.',
    );
    expect(describeNotification(facts("rewards_redeemed", TOM, TOM, reward()), TOM, english)).toBe(
      'You redeemed "Team lunch".',
    );
    expect(describeNotification(facts("rewards_redeemed", TOM, TOM, reward()), READER, english)).toBe(
      'Tom Becker redeemed "Team lunch".',
    );
  });

  it("says 'a reward' when the reward's title is unknown", () => {
    for (const title of [null, " "]) {
      expect(describeNotification(facts("rewards_available", null, READER, reward(title)), READER, english)).toBe(
        "You have enough points to redeem a reward.",
      );
      expect(describeNotification(facts("rewards_redeemed", PRIYA, PRIYA, reward(title)), READER, english)).toBe(
        "Priya Patel redeemed a reward.",
      );
      expect(describeNotification(facts("rewards_redeemed", TOM, TOM, reward(title)), TOM, english)).toBe(
        "You redeemed a reward.",
      );
      expect(describeNotification(facts("rewards_redeemed", PRIYA, READER, reward(title)), READER, english)).toBe(
        "Priya Patel fulfilled your reward redemption.",
      );
    }
    // A notification written before rewards were named carries no title at all.
    expect(describeNotification(facts("rewards_redeemed", PRIYA, PRIYA), READER, english)).toBe(
      "Priya Patel redeemed a reward.",
    );
  });

  it("tells a reviewer whose own idea it is that a comment is on their idea", () => {
    expect(describeNotification(facts("new_team_comment", PRIYA, READER), READER, english)).toBe(
      'Priya Patel commented on your idea "Greener deliveries".',
    );
  });

  it("uses neutral words when a name is missing", () => {
    expect(
      describeNotification(facts("idea_status_approved", null, READER, { project_idea_title: " " }), READER, english),
    ).toBe("Someone approved your idea.");
    expect(
      describeNotification(facts("new_challenge_posted", PRIYA, PRIYA, { challenge_title: null }), READER, english),
    ).toBe("Priya Patel posted a new company challenge.");
    expect(
      describeNotification(
        facts("admin_request", TOM, TOM, { request_kind: "manager", request_team_name: null }),
        READER,
        english,
      ),
    ).toBe("Tom Becker asks to manage the team.");
  });

  it("reads a notification written before subjects were stored as the type's usual reader does", () => {
    const legacy = facts("new_challenge_posted", PRIYA, null, challenge());
    expect(describeNotification(legacy, READER, english)).toBe(
      'Priya Patel posted the new company challenge "Less paper".',
    );
  });

  it("says the stored content for a type it does not know, or a neutral sentence", () => {
    const unknown = { ...facts("something_new" as NotificationType, PRIYA, null), content: "Something new happened." };
    expect(describeNotification(unknown, READER, english)).toBe("Something new happened.");
    expect(describeNotification({ ...unknown, content: "" }, READER, english)).toBe(
      english(FALLBACK_NOTIFICATION_TEXT),
    );
  });
});

describe("notificationLink: where a notification leads its reader", () => {
  const employee = { id: "priya", role: "employee" as const, is_admin: false };
  const manager = { id: "marcus", role: "manager" as const, is_admin: false };
  const admin = { id: "alice", role: "admin" as const, is_admin: true };
  const IDEA = { related_idea_id: "idea-1" };

  it.each([
    [
      "an approval, to its author",
      facts("idea_status_approved", TOM, PRIYA, IDEA),
      employee,
      "/app/employee-ideas?idea=idea-1",
    ],
    ["a comment, to the author", facts("new_comment", TOM, PRIYA, IDEA), employee, "/app/employee-ideas?idea=idea-1"],
    [
      "a team submission, to its manager",
      facts("new_team_submission", PRIYA, PRIYA, IDEA),
      manager,
      "/app/manager-ideas?idea=idea-1",
    ],
    [
      "a decision asked of an admin",
      facts("project_pending_review", TOM, PRIYA, IDEA),
      admin,
      "/app/manager-ideas?idea=idea-1",
    ],
    ["a reward within reach", facts("rewards_available", null, PRIYA), employee, "/app/employee-company#rewards"],
    [
      "a redemption, to the admins",
      facts("rewards_redeemed", PRIYA, PRIYA),
      admin,
      "/app/manager-company#redemption-requests",
    ],
    [
      "a fulfilled redemption, to the redeemer",
      facts("rewards_redeemed", { id: "alice", name: "Alice" }, PRIYA),
      employee,
      "/app/employee-company#your-redemptions",
    ],
    [
      "a cancelled redemption, to the redeemer",
      facts("redemption_cancelled", { id: "alice", name: "Alice" }, PRIYA),
      employee,
      "/app/employee-company#your-redemptions",
    ],
    [
      "a new challenge",
      facts("new_challenge_posted", TOM, TOM, { related_challenge_id: "challenge-1" }),
      employee,
      "/app/employee-ideas?challenge=challenge-1",
    ],
    [
      "an action given, to its owner",
      facts("action_assigned", TOM, PRIYA, IDEA),
      employee,
      "/app/employee-ideas?idea=idea-1",
    ],
    [
      "a due date nearing, to the action's owner",
      facts("action_due_soon", null, PRIYA, IDEA),
      employee,
      "/app/employee-ideas?idea=idea-1",
    ],
    [
      "a calendar account needing reconnecting, to its owner",
      facts("calendar_needs_reconnecting", null, PRIYA),
      employee,
      "/app/settings/profile",
    ],
    [
      "a join password being guessed, to an admin",
      facts("join_password_guessed", null, PRIYA),
      admin,
      "/app/settings/company",
    ],
    [
      "a webhook switched off for failing, to an admin",
      facts("webhook_disabled", null, PRIYA),
      admin,
      "/app/settings/company",
    ],
    ["a new challenge of an older server", facts("new_challenge_posted", TOM, TOM), employee, "/app/employee-ideas"],
    ["a proposal, to an admin", facts("challenge_proposal_received", PRIYA, PRIYA), admin, "/app/manager-ideas"],
  ] as const)("%s", (_, notification, reader, path) => {
    expect(notificationLink(notification, reader)).toBe(path);
  });

  it("leads nowhere for a request answered in the bell, and for a type this version does not know", () => {
    expect(notificationLink(facts("admin_request", PRIYA, PRIYA), admin)).toBeNull();
    expect(notificationLink(facts("admin_approved", { id: "alice", name: "Alice" }, PRIYA), employee)).toBeNull();
    expect(notificationLink({ ...facts("idea_submitted", PRIYA, PRIYA), type: "something_new" }, employee)).toBeNull();
  });
});

describe("describeChannelEvent", () => {
  it.each([
    ["idea.submitted", { idea_title: "Solar roofs" }, 'Ada Byron submitted the new idea "Solar roofs".'],
    ["idea.approved", { idea_title: "Solar roofs" }, 'Ada Byron approved the idea "Solar roofs".'],
    ["action.done", { idea_title: "Solar roofs" }, 'Ada Byron completed the action for "Solar roofs".'],
    [
      "challenge.posted",
      { challenge_title: "Less paper", challenge_scope: "team" },
      'Ada Byron posted the new team challenge "Less paper".',
    ],
    ["challenge.closing", { challenge_title: "Less paper" }, 'The challenge "Less paper" closes for ideas in 2 days.'],
    ["news.published", { news_title: "New canteen" }, 'Ada Byron published the news "New canteen".'],
    ["reward.redeemed", { reward_title: "Team lunch" }, 'Ada Byron redeemed "Team lunch".'],
    ["webhook.test", {}, "Test message from Ideaport: this channel is connected."],
  ] as const)("tells %s to a channel in the third person", (type, facts, sentence) => {
    expect(describeChannelEvent({ type, actor_name: "Ada Byron", ...facts }, english)).toBe(sentence);
  });

  it("says someone when the actor is unknown", () => {
    expect(describeChannelEvent({ type: "idea.approved", actor_name: null, idea_title: null }, english)).toBe(
      "Someone approved an idea.",
    );
  });
});
