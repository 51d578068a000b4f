import { NOTIFICATION_TYPES, type NotificationType } from "@ideaport/shared";
import { describe, expect, it } from "vitest";
import { buildNotification } from "../../test/factories.ts";
import { describeNotification } from "./describe-notification.ts";

const EXPECTED: Record<NotificationType, string> = {
  admin_request: "Priya Patel asked for administrator rights.",
  admin_approved: "Priya Patel approved your request for administrator rights.",
  admin_denied: "Priya Patel denied your request for administrator rights.",
  admin_request_response: "Priya Patel answered your request for administrator rights.",
  idea_submitted: 'Your idea "Greener deliveries" was submitted for review.',
  idea_status_needs_revision: 'Priya Patel asked for changes to your idea "Greener deliveries".',
  project_pending_review: 'Priya Patel sent the idea "Greener deliveries" to the administrators for a decision.',
  idea_status_pending_review:
    'Priya Patel endorsed your idea "Greener deliveries"; it is waiting for an administrator\'s decision.',
  project_approved: 'Priya Patel approved the idea "Greener deliveries".',
  idea_status_approved: 'Priya Patel approved your idea "Greener deliveries".',
  project_rejected: 'Priya Patel rejected the idea "Greener deliveries".',
  idea_status_rejected: 'Priya Patel rejected your idea "Greener deliveries".',
  idea_status_under_review: 'Priya Patel started reviewing your idea "Greener deliveries".',
  idea_revision_submitted: 'Priya Patel submitted a revision of the idea "Greener deliveries".',
  new_team_submission: 'Priya Patel submitted a new idea to your team: "Greener deliveries".',
  revision_received: 'Priya Patel sent back the revised idea "Greener deliveries" for review.',
  new_comment: 'Priya Patel commented on your idea "Greener deliveries".',
  new_team_comment: 'Priya Patel commented on your team\'s idea "Greener deliveries".',
  rewards_available: "You have enough points to redeem a reward.",
  rewards_redeemed: "Priya Patel redeemed a reward.",
  new_challenge_posted: 'Priya Patel posted a new company challenge: "Less paper".',
  challenge_proposal_received: 'Priya Patel proposed a company challenge: "Less paper".',
};

function notificationOf(type: string, overrides: Parameters<typeof buildNotification>[0] = {}) {
  return buildNotification({
    type,
    content: "Server text",
    actor_name: "Priya Patel",
    project_idea_title: "Greener deliveries",
    challenge_title: "Less paper",
    challenge_scope: "company",
    ...overrides,
  });
}

describe("describeNotification", () => {
  it("describes each of the 22 notification types of spec section 9", () => {
    expect(NOTIFICATION_TYPES).toHaveLength(22);
    expect(Object.keys(EXPECTED).sort()).toEqual([...NOTIFICATION_TYPES].sort());
  });

  it.each(NOTIFICATION_TYPES.map((type) => [type, EXPECTED[type]]))("describes %s", (type, expected) => {
    expect(describeNotification(notificationOf(type))).toBe(expected);
  });

  it("says whether a new challenge belongs to the team or the company", () => {
    expect(describeNotification(notificationOf("new_challenge_posted", { challenge_scope: "team" }))).toBe(
      'Priya Patel posted a new team challenge: "Less paper".',
    );
  });

  it("uses neutral wording when nobody is named", () => {
    expect(describeNotification(notificationOf("idea_status_approved", { actor_name: null }))).toBe(
      'Your idea "Greener deliveries" was approved.',
    );
    expect(describeNotification(notificationOf("admin_denied", { actor_name: "  " }))).toBe(
      "Your request for administrator rights was denied.",
    );
  });

  it("falls back to the content when a name the sentence needs is missing", () => {
    expect(describeNotification(notificationOf("new_comment", { project_idea_title: null }))).toBe("Server text");
    expect(describeNotification(notificationOf("challenge_proposal_received", { challenge_title: "" }))).toBe(
      "Server text",
    );
    expect(describeNotification(notificationOf("admin_request", { actor_name: null }))).toBe("Server text");
  });

  it("falls back to the content for a type it does not know", () => {
    expect(describeNotification(notificationOf("something_new", { content: "Something new happened." }))).toBe(
      "Something new happened.",
    );
  });

  it("still says something when the content is empty too", () => {
    expect(describeNotification(notificationOf("something_new", { content: "" }))).toBe("You have a new notification.");
  });
});

describe("describeNotification for a request to manage a team", () => {
  const manager = { request_kind: "manager", request_team_name: "Engineering" } as const;

  it.each([
    ["admin_request", "Tom Becker asks to manage Engineering."],
    ["admin_approved", "Tom Becker approved your request to manage Engineering."],
    ["admin_denied", "Tom Becker denied your request to manage Engineering."],
  ])("describes %s", (type, expected) => {
    expect(describeNotification(notificationOf(type, { ...manager, actor_name: "Tom Becker" }))).toBe(expected);
  });

  it("uses neutral wording when nobody is named", () => {
    expect(describeNotification(notificationOf("admin_approved", { ...manager, actor_name: null }))).toBe(
      "Your request to manage Engineering was approved.",
    );
  });

  it("still reads as a request to manage when the team's name is missing", () => {
    expect(
      describeNotification(notificationOf("admin_request", { request_kind: "manager", request_team_name: null })),
    ).toBe("Priya Patel asks to manage the team.");
  });

  it("reads an admin request as one for administrator rights", () => {
    expect(describeNotification(notificationOf("admin_request", { request_kind: "admin" }))).toBe(
      "Priya Patel asked for administrator rights.",
    );
  });
});
