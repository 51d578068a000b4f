import { ACTION_DUE_SOON_DAYS } from "./limits.ts";

/** Notification types the client handles; stored notifications and existing clients use these exact names. */
export const NOTIFICATION_TYPES = [
  "admin_request",
  "admin_approved",
  "admin_denied",
  "admin_request_response",
  "idea_submitted",
  "idea_status_needs_revision",
  "project_pending_review",
  "idea_status_pending_review",
  "project_approved",
  "idea_status_approved",
  "project_rejected",
  "idea_status_rejected",
  "idea_status_under_review",
  "idea_revision_submitted",
  "new_team_submission",
  "revision_received",
  "new_comment",
  "new_team_comment",
  "rewards_available",
  "rewards_redeemed",
  "new_challenge_posted",
  "challenge_proposal_received",
  "action_assigned",
  "action_due_soon",
  "calendar_needs_reconnecting",
  "join_password_guessed",
  "redemption_cancelled",
] as const;

export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Notification types that carry Approve and Deny actions in the bell. */
export function isActionableAdminRequest(type: string): boolean {
  return type === "admin_request";
}

// The one author of notification text. The server stores what happened (the type, who acted,
// whom it is about, the idea, challenge or request, an optional note); `describeNotification`
// turns those facts into the one sentence a given reader sees. The server's `content`, the bell
// and any e-mail all call it, so no two wordings of one event can exist.

/** The facts a sentence is made of; a notification of the API carries all of them. */
export interface NotificationFacts {
  type: string;
  /** Who acted (null when unknown or deleted). */
  actor_id?: string | null;
  /** The actor's name when the notification was written. */
  actor_name: string | null;
  /** Whom the event is about: an idea's author, a request's requester, a challenge's creator. */
  subject_id?: string | null;
  project_idea_title: string | null;
  challenge_title: string | null;
  challenge_scope?: "team" | "company" | null;
  /** The reward redeemed, fulfilled or within reach. */
  reward_title?: string | null;
  /** What the request asks for: administrator rights, or to manage `request_team_name`. */
  request_kind?: "admin" | "manager" | null;
  request_team_name?: string | null;
  /** Where the request stands: `admin_request_response` tells its outcome from it. */
  request_status?: "pending" | "approved" | "denied" | null;
  /** The note of a decision or of a request for revision, quoted at the end of the sentence. */
  note?: string | null;
  /** Text stored by an older version; said only for a type this version does not know. */
  content?: string | null;
}

/** The person reading the sentence: "you" when they acted or when the event is about them. */
export interface NotificationReader {
  id: string;
}

/** The words one sentence is built from, already in the reader's point of view. */
interface Words {
  /** The actor's name, or "Someone". */
  actor: string;
  isReaderActor: boolean;
  isReaderSubject: boolean;
  /** The event is about someone other than the actor: the actor decided on another person's proposal. */
  isAboutAnother: boolean;
  /** `"Title"` of the idea, or null when unknown. */
  idea: string | null;
  /** `"Title"` of the challenge, or null when unknown. */
  challenge: string | null;
  scope: "team" | "company";
  /** `"Title"` of the reward, or null when unknown. */
  reward: string | null;
  /** The end of "your request …": "for administrator rights" or "to manage Engineering". */
  requested: string;
  /** For a request to manage a team: the team's name (or "the team"); null for administrator rights. */
  managedTeam: string | null;
  /** How the request ended: "approved", "denied", or null while unknown. */
  requestOutcome: "approved" | "denied" | null;
}

function present(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

function quoted(value: string | null): string | null {
  return value === null ? null : `"${value}"`;
}

/** "your idea "Title"", or "your idea" without a title. */
function yourIdea(words: Words): string {
  return words.idea ? `your idea ${words.idea}` : "your idea";
}

/** ""Title"", or "an idea" without a title. */
function anIdea(words: Words): string {
  return words.idea ?? "an idea";
}

/** The sentence of one type without its final full stop; the note, when there is one, follows it. */
type Sentence = (words: Words) => string;

const SENTENCES: Record<NotificationType, Sentence> = {
  admin_request: (w) =>
    w.managedTeam ? `${w.actor} asks to manage ${w.managedTeam}` : `${w.actor} asked for administrator rights`,
  admin_approved: (w) => `${w.actor} approved your request ${w.requested}`,
  admin_denied: (w) => `${w.actor} denied your request ${w.requested}`,
  admin_request_response: (w) => `${w.actor} ${w.requestOutcome ?? "answered"} your request ${w.requested}`,
  // The author's confirmation of their own step: told as "your", never by their own name.
  idea_submitted: (w) =>
    w.idea ? `Your idea ${w.idea} was submitted for review` : "Your idea was submitted for review",
  idea_status_needs_revision: (w) => `${w.actor} asked you to revise ${yourIdea(w)}`,
  project_pending_review: (w) =>
    w.challenge
      ? `${w.actor} endorsed ${anIdea(w)} for the company challenge ${w.challenge} and asks for your decision`
      : `${w.actor} endorsed ${anIdea(w)} and asks for your decision`,
  idea_status_pending_review: (w) => `${w.actor} endorsed ${yourIdea(w)} for an administrator's decision`,
  project_approved: (w) => `Your team endorsed ${anIdea(w)} and ${w.actor} approved it`,
  idea_status_approved: (w) => `${w.actor} approved ${yourIdea(w)}`,
  project_rejected: (w) => `Your team endorsed ${anIdea(w)} and ${w.actor} rejected it`,
  idea_status_rejected: (w) => `${w.actor} decided not to take ${yourIdea(w)} forward`,
  idea_status_under_review: (w) => `${w.actor} started reviewing ${yourIdea(w)}`,
  idea_revision_submitted: (w) =>
    w.isReaderActor
      ? `You sent ${w.idea ? `your revised idea ${w.idea}` : "your revised idea"} back for review`
      : `${w.actor} sent the revised idea ${anIdea(w)} back for review`,
  new_team_submission: (w) =>
    w.idea ? `${w.actor} submitted the new idea ${w.idea}` : `${w.actor} submitted a new idea`,
  revision_received: (w) => `${w.actor} revised ${anIdea(w)} as you asked`,
  new_comment: (w) => `${w.actor} commented on ${yourIdea(w)}`,
  new_team_comment: (w) =>
    w.isReaderSubject ? `${w.actor} commented on ${yourIdea(w)}` : `${w.actor} commented on ${anIdea(w)}`,
  rewards_available: (w) => `You have enough points to redeem ${w.reward ?? "a reward"}`,
  // The same type tells the redeemer that an administrator fulfilled their redemption.
  rewards_redeemed: (w) => {
    if (w.isReaderSubject && w.isAboutAnother) {
      return w.reward
        ? `${w.actor} fulfilled your redemption of ${w.reward}`
        : `${w.actor} fulfilled your reward redemption`;
    }
    return `${w.isReaderActor ? "You" : w.actor} redeemed ${w.reward ?? "a reward"}`;
  },
  // The reason the administrator gave is the note.
  redemption_cancelled: (w) =>
    `${w.actor} cancelled your redemption of ${w.reward ?? "a reward"} and gave your points back`,
  new_challenge_posted: (w) => {
    // A proposal an admin approved: its proposer hears that their proposal went through, the
    // others that an approved challenge is new; a challenge posted straight away names its poster.
    if (w.isReaderSubject && w.isAboutAnother) {
      return `${w.actor} approved your challenge proposal${w.challenge ? ` ${w.challenge}` : ""}`;
    }
    const challenge = w.challenge ? `the new ${w.scope} challenge ${w.challenge}` : `a new ${w.scope} challenge`;
    return w.isAboutAnother ? `${w.actor} approved ${challenge}` : `${w.actor} posted ${challenge}`;
  },
  action_assigned: (w) => `${w.actor} made you the owner of the action for ${anIdea(w)}`,
  action_due_soon: (w) => `The action you own for ${anIdea(w)} is due within ${ACTION_DUE_SOON_DAYS} days`,
  calendar_needs_reconnecting: () =>
    "Your calendar account needs reconnecting: connect it again in Profile Settings to keep your dates in it",
  // To a company's administrators; nobody is refused by it, so it says what they can do.
  join_password_guessed: () =>
    "Many wrong join passwords were entered for your company in the last hour, so someone may be guessing it: if it may be known outside the company, change it in Company Settings",
  challenge_proposal_received: (w) => {
    // The same type tells a proposer that an admin turned their proposal down.
    if (w.isReaderSubject && w.isAboutAnother) {
      return `${w.actor} did not approve your challenge proposal${w.challenge ? ` ${w.challenge}` : ""}`;
    }
    return w.challenge
      ? `${w.actor} proposed the company challenge ${w.challenge}`
      : `${w.actor} proposed a company challenge`;
  },
};

/** Said for a type this version does not know and that carries no text of its own. */
export const FALLBACK_NOTIFICATION_TEXT = "You have a new notification.";

export function isKnownType(type: string): type is NotificationType {
  return (NOTIFICATION_TYPES as readonly string[]).includes(type);
}

/** `: "note"` and the full stop, or the full stop alone; a note keeps its own closing mark. */
function ending(note: string | null): string {
  if (!note) return ".";
  return /[.!?…]$/.test(note) ? `: "${note}"` : `: "${note}".`;
}

/**
 * The one sentence `reader` sees for a notification: second person where the reader acted or
 * the event is about them ("You sent your revised idea …", "… approved your challenge proposal
 * …"), the actor's name otherwise, and the note quoted at the end. Unknown types say their stored
 * content, or a neutral sentence.
 */
export function describeNotification(facts: NotificationFacts, reader: NotificationReader): string {
  if (!isKnownType(facts.type)) return present(facts.content) ?? FALLBACK_NOTIFICATION_TEXT;
  const actorId = facts.actor_id ?? null;
  const subjectId = facts.subject_id ?? null;
  const managedTeam = facts.request_kind === "manager" ? (present(facts.request_team_name) ?? "the team") : null;
  const words: Words = {
    actor: present(facts.actor_name) ?? "Someone",
    isReaderActor: actorId !== null && actorId === reader.id,
    isReaderSubject: subjectId !== null && subjectId === reader.id,
    isAboutAnother: subjectId !== null && subjectId !== actorId,
    idea: quoted(present(facts.project_idea_title)),
    challenge: quoted(present(facts.challenge_title)),
    scope: facts.challenge_scope === "team" ? "team" : "company",
    reward: quoted(present(facts.reward_title)),
    requested: managedTeam ? `to manage ${managedTeam}` : "for administrator rights",
    managedTeam,
    requestOutcome:
      facts.request_status === "approved" || facts.request_status === "denied" ? facts.request_status : null,
  };
  const note = present(facts.note)?.replace(/\s+/g, " ") ?? null;
  return `${SENTENCES[facts.type](words)}${ending(note)}`;
}
