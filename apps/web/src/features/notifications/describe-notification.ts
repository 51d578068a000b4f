import type { Notification, NotificationType } from "@ideaport/shared";

/** The fields a description reads; the rest of the notification does not matter here. */
export type DescribedNotification = Pick<
  Notification,
  "type" | "content" | "actor_name" | "project_idea_title" | "challenge_title" | "challenge_scope"
> &
  Partial<Pick<Notification, "request_kind" | "request_team_name">>;

function present(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

function quoted(value: string): string {
  return `"${value}"`;
}

/** What one type says, given the notification's own names; null when a name it needs is missing. */
type Describer = (parts: {
  actor: string | null;
  idea: string | null;
  challenge: string | null;
  isTeam: boolean;
  /** For a request to manage a team: the team's name; null for an admin request or none. */
  managedTeam: string | null;
}) => string | null;

/** Needs the idea title; names the actor when known. */
function aboutIdea(
  withActor: (actor: string, idea: string) => string,
  withoutActor: (idea: string) => string,
): Describer {
  return ({ actor, idea }) => {
    if (!idea) return null;
    return actor ? withActor(actor, quoted(idea)) : withoutActor(quoted(idea));
  };
}

/** What a request asks for, as the end of "your request …". */
function requestedThing(managedTeam: string | null): string {
  return managedTeam ? `to manage ${managedTeam}` : "for administrator rights";
}

const DESCRIBERS: Record<NotificationType, Describer> = {
  admin_request: ({ actor, managedTeam }) => {
    if (!actor) return null;
    return managedTeam ? `${actor} asks to manage ${managedTeam}.` : `${actor} asked for administrator rights.`;
  },
  admin_approved: ({ actor, managedTeam }) =>
    actor
      ? `${actor} approved your request ${requestedThing(managedTeam)}.`
      : `Your request ${requestedThing(managedTeam)} was approved.`,
  admin_denied: ({ actor, managedTeam }) =>
    actor
      ? `${actor} denied your request ${requestedThing(managedTeam)}.`
      : `Your request ${requestedThing(managedTeam)} was denied.`,
  admin_request_response: ({ actor }) =>
    actor
      ? `${actor} answered your request for administrator rights.`
      : "Your request for administrator rights was answered.",
  // The author's own confirmation: naming the author to themselves would read oddly.
  idea_submitted: ({ idea }) => (idea ? `Your idea ${quoted(idea)} was submitted for review.` : null),
  idea_status_needs_revision: aboutIdea(
    (actor, idea) => `${actor} asked for changes to your idea ${idea}.`,
    (idea) => `Your idea ${idea} needs revision.`,
  ),
  project_pending_review: aboutIdea(
    (actor, idea) => `${actor} sent the idea ${idea} to the administrators for a decision.`,
    (idea) => `The idea ${idea} is waiting for an administrator's decision.`,
  ),
  idea_status_pending_review: aboutIdea(
    (actor, idea) => `${actor} endorsed your idea ${idea}; it is waiting for an administrator's decision.`,
    (idea) => `Your idea ${idea} is waiting for an administrator's decision.`,
  ),
  project_approved: aboutIdea(
    (actor, idea) => `${actor} approved the idea ${idea}.`,
    (idea) => `The idea ${idea} was approved.`,
  ),
  idea_status_approved: aboutIdea(
    (actor, idea) => `${actor} approved your idea ${idea}.`,
    (idea) => `Your idea ${idea} was approved.`,
  ),
  project_rejected: aboutIdea(
    (actor, idea) => `${actor} rejected the idea ${idea}.`,
    (idea) => `The idea ${idea} was rejected.`,
  ),
  idea_status_rejected: aboutIdea(
    (actor, idea) => `${actor} rejected your idea ${idea}.`,
    (idea) => `Your idea ${idea} was not approved.`,
  ),
  idea_status_under_review: aboutIdea(
    (actor, idea) => `${actor} started reviewing your idea ${idea}.`,
    (idea) => `Your idea ${idea} is under review.`,
  ),
  idea_revision_submitted: aboutIdea(
    (actor, idea) => `${actor} submitted a revision of the idea ${idea}.`,
    (idea) => `A revision of the idea ${idea} was submitted.`,
  ),
  new_team_submission: aboutIdea(
    (actor, idea) => `${actor} submitted a new idea to your team: ${idea}.`,
    (idea) => `Your team has a new idea: ${idea}.`,
  ),
  revision_received: aboutIdea(
    (actor, idea) => `${actor} sent back the revised idea ${idea} for review.`,
    (idea) => `The revised idea ${idea} is back for review.`,
  ),
  new_comment: aboutIdea(
    (actor, idea) => `${actor} commented on your idea ${idea}.`,
    (idea) => `There is a new comment on your idea ${idea}.`,
  ),
  new_team_comment: aboutIdea(
    (actor, idea) => `${actor} commented on your team's idea ${idea}.`,
    (idea) => `There is a new comment on your team's idea ${idea}.`,
  ),
  rewards_available: () => "You have enough points to redeem a reward.",
  rewards_redeemed: ({ actor }) => (actor ? `${actor} redeemed a reward.` : "Your reward was redeemed."),
  new_challenge_posted: ({ actor, challenge, isTeam }) => {
    if (!challenge) return null;
    const scope = isTeam ? "team" : "company";
    return actor
      ? `${actor} posted a new ${scope} challenge: ${quoted(challenge)}.`
      : `A new ${scope} challenge is open: ${quoted(challenge)}.`;
  },
  challenge_proposal_received: ({ actor, challenge }) => {
    if (!challenge) return null;
    return actor
      ? `${actor} proposed a company challenge: ${quoted(challenge)}.`
      : `A company challenge was proposed: ${quoted(challenge)}.`;
  },
};

function isKnownType(type: string): type is NotificationType {
  return Object.hasOwn(DESCRIBERS, type);
}

/**
 * A readable sentence for a notification (spec section 9 types), built from its actor, idea and
 * challenge names. Unknown types, and types missing a name they need, fall back to the server's
 * `content`; an empty content falls back to a neutral sentence.
 */
export function describeNotification(notification: DescribedNotification): string {
  const content = present(notification.content);
  if (isKnownType(notification.type)) {
    const description = DESCRIBERS[notification.type]({
      actor: present(notification.actor_name),
      idea: present(notification.project_idea_title),
      challenge: present(notification.challenge_title),
      isTeam: notification.challenge_scope === "team",
      managedTeam:
        notification.request_kind === "manager" ? (present(notification.request_team_name) ?? "the team") : null,
    });
    if (description) return description;
  }
  return content ?? "You have a new notification.";
}
