import { defineMessages, type MessageDescriptor, type MessageValues, type SayMessage } from "./i18n/messages.ts";
import { ACTION_DUE_SOON_DAYS } from "./limits.ts";

/** Failed deliveries in a row after which a webhook is switched off (and its admins told). */
export const WEBHOOK_FAILURES_BEFORE_DISABLING = 50;

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
  "idea_merged",
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
  "webhook_disabled",
] as const;

export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Notification types that carry Approve and Deny actions in the bell. */
export function isActionableAdminRequest(type: string): boolean {
  return type === "admin_request";
}

// The one author of notification text. The server stores what happened (the type, who acted,
// whom it is about, the idea, challenge or request, an optional note); `describeNotification`
// turns those facts into the one sentence a given reader sees, in their language. The server's
// `content`, the bell and any e-mail all call it, so no two wordings of one event can exist.

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

// The sentences, one message per way an event is told; each says "your idea" and the like in its
// own words (a translation needs the whole sentence: German inflects "your idea" by its place in
// it). A title that may be unknown is chosen with `select` on its `…Known` value (`yes` or `no`).
const SENTENCE_MESSAGES = defineMessages({
  adminRequestAdmin: {
    id: "shared.notifications.adminRequest.admin",
    defaultMessage: "{actor} asked for administrator rights",
  },
  adminRequestManager: {
    id: "shared.notifications.adminRequest.manager",
    defaultMessage: "{actor} asks to manage {team}",
  },
  requestAnsweredAdmin: {
    id: "shared.notifications.requestAnswered.admin",
    defaultMessage:
      "{actor} {outcome, select, approved {approved} denied {denied} other {answered}} your request for administrator rights",
  },
  requestAnsweredManager: {
    id: "shared.notifications.requestAnswered.manager",
    defaultMessage:
      "{actor} {outcome, select, approved {approved} denied {denied} other {answered}} your request to manage {team}",
  },
  ideaSubmitted: {
    id: "shared.notifications.ideaSubmitted",
    defaultMessage:
      '{ideaKnown, select, yes {Your idea "{idea}" was submitted for review} other {Your idea was submitted for review}}',
  },
  revisionRequested: {
    id: "shared.notifications.revisionRequested",
    defaultMessage: '{actor} asked you to revise {ideaKnown, select, yes {your idea "{idea}"} other {your idea}}',
  },
  endorsedForDecision: {
    id: "shared.notifications.endorsedForDecision",
    defaultMessage: '{actor} endorsed {ideaKnown, select, yes {"{idea}"} other {an idea}} and asks for your decision',
  },
  endorsedForChallengeDecision: {
    id: "shared.notifications.endorsedForChallengeDecision",
    defaultMessage:
      '{actor} endorsed {ideaKnown, select, yes {"{idea}"} other {an idea}} for the company challenge "{challenge}" and asks for your decision',
  },
  yourIdeaEndorsed: {
    id: "shared.notifications.yourIdeaEndorsed",
    defaultMessage:
      '{actor} endorsed {ideaKnown, select, yes {your idea "{idea}"} other {your idea}} for an administrator\'s decision',
  },
  teamIdeaApproved: {
    id: "shared.notifications.teamIdeaApproved",
    defaultMessage: 'Your team endorsed {ideaKnown, select, yes {"{idea}"} other {an idea}} and {actor} approved it',
  },
  yourIdeaApproved: {
    id: "shared.notifications.yourIdeaApproved",
    defaultMessage: '{actor} approved {ideaKnown, select, yes {your idea "{idea}"} other {your idea}}',
  },
  teamIdeaRejected: {
    id: "shared.notifications.teamIdeaRejected",
    defaultMessage: 'Your team endorsed {ideaKnown, select, yes {"{idea}"} other {an idea}} and {actor} rejected it',
  },
  yourIdeaMerged: {
    id: "shared.notifications.yourIdeaMerged",
    defaultMessage:
      '{actor} merged your idea into {ideaKnown, select, yes {"{idea}"} other {another idea}}, where you are named as a contributor',
  },
  yourIdeaRejected: {
    id: "shared.notifications.yourIdeaRejected",
    defaultMessage:
      '{actor} decided not to take {ideaKnown, select, yes {your idea "{idea}"} other {your idea}} forward',
  },
  reviewStarted: {
    id: "shared.notifications.reviewStarted",
    defaultMessage: '{actor} started reviewing {ideaKnown, select, yes {your idea "{idea}"} other {your idea}}',
  },
  revisionSentByYou: {
    id: "shared.notifications.revisionSentByYou",
    defaultMessage:
      'You sent {ideaKnown, select, yes {your revised idea "{idea}"} other {your revised idea}} back for review',
  },
  revisionSent: {
    id: "shared.notifications.revisionSent",
    defaultMessage: '{actor} sent the revised idea {ideaKnown, select, yes {"{idea}"} other {an idea}} back for review',
  },
  newTeamIdea: {
    id: "shared.notifications.newTeamIdea",
    defaultMessage:
      '{ideaKnown, select, yes {{actor} submitted the new idea "{idea}"} other {{actor} submitted a new idea}}',
  },
  revisionReceived: {
    id: "shared.notifications.revisionReceived",
    defaultMessage: '{actor} revised {ideaKnown, select, yes {"{idea}"} other {an idea}} as you asked',
  },
  commentOnYourIdea: {
    id: "shared.notifications.commentOnYourIdea",
    defaultMessage: '{actor} commented on {ideaKnown, select, yes {your idea "{idea}"} other {your idea}}',
  },
  commentOnTeamIdea: {
    id: "shared.notifications.commentOnTeamIdea",
    defaultMessage: '{actor} commented on {ideaKnown, select, yes {"{idea}"} other {an idea}}',
  },
  rewardWithinReach: {
    id: "shared.notifications.rewardWithinReach",
    defaultMessage: 'You have enough points to redeem {rewardKnown, select, yes {"{reward}"} other {a reward}}',
  },
  redemptionFulfilled: {
    id: "shared.notifications.redemptionFulfilled",
    defaultMessage:
      '{rewardKnown, select, yes {{actor} fulfilled your redemption of "{reward}"} other {{actor} fulfilled your reward redemption}}',
  },
  youRedeemed: {
    id: "shared.notifications.youRedeemed",
    defaultMessage: 'You redeemed {rewardKnown, select, yes {"{reward}"} other {a reward}}',
  },
  someoneRedeemed: {
    id: "shared.notifications.someoneRedeemed",
    defaultMessage: '{actor} redeemed {rewardKnown, select, yes {"{reward}"} other {a reward}}',
  },
  redemptionCancelled: {
    id: "shared.notifications.redemptionCancelled",
    defaultMessage:
      '{actor} cancelled your redemption of {rewardKnown, select, yes {"{reward}"} other {a reward}} and gave your points back',
  },
  proposalApproved: {
    id: "shared.notifications.proposalApproved",
    defaultMessage:
      '{challengeKnown, select, yes {{actor} approved your challenge proposal "{challenge}"} other {{actor} approved your challenge proposal}}',
  },
  challengeApproved: {
    id: "shared.notifications.challengeApproved",
    defaultMessage:
      '{challengeKnown, select, yes {{actor} approved the new {scope, select, team {team} other {company}} challenge "{challenge}"} other {{actor} approved a new {scope, select, team {team} other {company}} challenge}}',
  },
  challengePosted: {
    id: "shared.notifications.challengePosted",
    defaultMessage:
      '{challengeKnown, select, yes {{actor} posted the new {scope, select, team {team} other {company}} challenge "{challenge}"} other {{actor} posted a new {scope, select, team {team} other {company}} challenge}}',
  },
  actionAssigned: {
    id: "shared.notifications.actionAssigned",
    defaultMessage: '{actor} made you the owner of the action for {ideaKnown, select, yes {"{idea}"} other {an idea}}',
  },
  actionDueSoon: {
    id: "shared.notifications.actionDueSoon",
    defaultMessage:
      'The action you own for {ideaKnown, select, yes {"{idea}"} other {an idea}} is due within {days, plural, one {# day} other {# days}}',
  },
  calendarNeedsReconnecting: {
    id: "shared.notifications.calendarNeedsReconnecting",
    defaultMessage:
      "Your calendar account needs reconnecting: connect it again in Profile Settings to keep your dates in it",
  },
  joinPasswordGuessed: {
    id: "shared.notifications.joinPasswordGuessed",
    defaultMessage:
      "Many wrong join passwords were entered for your company in the last hour, so someone may be guessing it: if it may be known outside the company, change it in Company Settings",
  },
  webhookDisabled: {
    id: "shared.notifications.webhookDisabled",
    defaultMessage:
      "A webhook failed {failures} times in a row and was switched off: check its address and delivery log in Company Settings, then switch it on again",
  },
  proposalDenied: {
    id: "shared.notifications.proposalDenied",
    defaultMessage:
      '{challengeKnown, select, yes {{actor} did not approve your challenge proposal "{challenge}"} other {{actor} did not approve your challenge proposal}}',
  },
  challengeProposed: {
    id: "shared.notifications.challengeProposed",
    defaultMessage:
      '{challengeKnown, select, yes {{actor} proposed the company challenge "{challenge}"} other {{actor} proposed a company challenge}}',
  },
});

/** The words around a sentence: who acted when unknown, and how it ends with or without a note. */
const NOTIFICATION_MESSAGES = defineMessages({
  someone: {
    id: "shared.notifications.someone",
    defaultMessage: "Someone",
    description: "An actor whose name is unknown",
  },
  theTeam: {
    id: "shared.notifications.theTeam",
    defaultMessage: "the team",
    description: "A team whose name is unknown, as in: Ada asks to manage the team",
  },
  ended: {
    id: "shared.notifications.ended",
    defaultMessage: "{sentence}.",
    description: "A sentence and its full stop",
  },
  endedWithNote: {
    id: "shared.notifications.endedWithNote",
    defaultMessage: '{sentence}: "{note}".',
    description: "A sentence quoting the note the person who acted wrote",
  },
  endedWithClosedNote: {
    id: "shared.notifications.endedWithClosedNote",
    defaultMessage: '{sentence}: "{note}"',
    description: "A sentence quoting a note that ends with its own mark (. ! ? …)",
  },
  fallback: { id: "shared.notifications.fallback", defaultMessage: "You have a new notification." },
});

/** Said for a type this version does not know and that carries no text of its own. */
export const FALLBACK_NOTIFICATION_TEXT: MessageDescriptor = NOTIFICATION_MESSAGES.fallback;

/** What one sentence is about, already in the reader's point of view. */
interface Facts {
  isReaderActor: boolean;
  isReaderSubject: boolean;
  /** The event is about someone other than the actor: the actor decided on another person's proposal. */
  isAboutAnother: boolean;
  /** For a request to manage a team: true; false for administrator rights. */
  isManagerRequest: boolean;
  /** The challenge's title is known. */
  hasChallenge: boolean;
}

/** The message of one type (without its final full stop), for these facts. */
type Sentence = (facts: Facts) => MessageDescriptor;

const M = SENTENCE_MESSAGES;

const SENTENCES: Record<NotificationType, Sentence> = {
  admin_request: (f) => (f.isManagerRequest ? M.adminRequestManager : M.adminRequestAdmin),
  admin_approved: (f) => (f.isManagerRequest ? M.requestAnsweredManager : M.requestAnsweredAdmin),
  admin_denied: (f) => (f.isManagerRequest ? M.requestAnsweredManager : M.requestAnsweredAdmin),
  admin_request_response: (f) => (f.isManagerRequest ? M.requestAnsweredManager : M.requestAnsweredAdmin),
  // The author's confirmation of their own step: told as "your", never by their own name.
  idea_submitted: () => M.ideaSubmitted,
  idea_status_needs_revision: () => M.revisionRequested,
  project_pending_review: (f) => (f.hasChallenge ? M.endorsedForChallengeDecision : M.endorsedForDecision),
  idea_status_pending_review: () => M.yourIdeaEndorsed,
  project_approved: () => M.teamIdeaApproved,
  idea_status_approved: () => M.yourIdeaApproved,
  project_rejected: () => M.teamIdeaRejected,
  idea_status_rejected: () => M.yourIdeaRejected,
  idea_status_under_review: () => M.reviewStarted,
  // To the author of the duplicate; the idea named is the one it was merged into.
  idea_merged: () => M.yourIdeaMerged,
  idea_revision_submitted: (f) => (f.isReaderActor ? M.revisionSentByYou : M.revisionSent),
  new_team_submission: () => M.newTeamIdea,
  revision_received: () => M.revisionReceived,
  new_comment: () => M.commentOnYourIdea,
  new_team_comment: (f) => (f.isReaderSubject ? M.commentOnYourIdea : M.commentOnTeamIdea),
  rewards_available: () => M.rewardWithinReach,
  // The same type tells the redeemer that an administrator fulfilled their redemption.
  rewards_redeemed: (f) => {
    if (f.isReaderSubject && f.isAboutAnother) return M.redemptionFulfilled;
    return f.isReaderActor ? M.youRedeemed : M.someoneRedeemed;
  },
  // The reason the administrator gave is the note.
  redemption_cancelled: () => M.redemptionCancelled,
  // A proposal an admin approved: its proposer hears that their proposal went through, the
  // others that an approved challenge is new; a challenge posted straight away names its poster.
  new_challenge_posted: (f) => {
    if (f.isReaderSubject && f.isAboutAnother) return M.proposalApproved;
    return f.isAboutAnother ? M.challengeApproved : M.challengePosted;
  },
  action_assigned: () => M.actionAssigned,
  action_due_soon: () => M.actionDueSoon,
  calendar_needs_reconnecting: () => M.calendarNeedsReconnecting,
  // To a company's administrators; nobody is refused by it, so it says what they can do.
  join_password_guessed: () => M.joinPasswordGuessed,
  // To a company's administrators, when a webhook was switched off for failing.
  webhook_disabled: () => M.webhookDisabled,
  // The same type tells a proposer that an admin turned their proposal down.
  challenge_proposal_received: (f) => (f.isReaderSubject && f.isAboutAnother ? M.proposalDenied : M.challengeProposed),
};

/** How each type that says how a request ended ends it; the other types read it from the facts. */
const REQUEST_OUTCOMES: Partial<Record<NotificationType, "approved" | "denied">> = {
  admin_approved: "approved",
  admin_denied: "denied",
};

export function isKnownType(type: string): type is NotificationType {
  return (NOTIFICATION_TYPES as readonly string[]).includes(type);
}

function present(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** A title and whether it is known, as the sentences' `select`s take them. */
function titled(name: string, value: string | null | undefined): MessageValues {
  const title = present(value);
  return { [name]: title ?? "", [`${name}Known`]: title === null ? "no" : "yes" };
}

/**
 * The one sentence `reader` sees for a notification, in the language of `t`: second person where
 * the reader acted or the event is about them ("You sent your revised idea …", "… approved your
 * challenge proposal …"), the actor's name otherwise, and the note quoted at the end. Unknown
 * types say their stored content, or a neutral sentence.
 */
export function describeNotification(facts: NotificationFacts, reader: NotificationReader, t: SayMessage): string {
  if (!isKnownType(facts.type)) return present(facts.content) ?? t(FALLBACK_NOTIFICATION_TEXT);
  const actorId = facts.actor_id ?? null;
  const subjectId = facts.subject_id ?? null;
  const isManagerRequest = facts.request_kind === "manager";
  const message = SENTENCES[facts.type]({
    isReaderActor: actorId !== null && actorId === reader.id,
    isReaderSubject: subjectId !== null && subjectId === reader.id,
    isAboutAnother: subjectId !== null && subjectId !== actorId,
    isManagerRequest,
    hasChallenge: present(facts.challenge_title) !== null,
  });
  const stated = facts.request_status === "approved" || facts.request_status === "denied" ? facts.request_status : null;
  const sentence = t(message, {
    actor: present(facts.actor_name) ?? t(NOTIFICATION_MESSAGES.someone),
    team: isManagerRequest ? (present(facts.request_team_name) ?? t(NOTIFICATION_MESSAGES.theTeam)) : "",
    outcome: REQUEST_OUTCOMES[facts.type] ?? stated ?? "unknown",
    scope: facts.challenge_scope === "team" ? "team" : "company",
    days: ACTION_DUE_SOON_DAYS,
    failures: WEBHOOK_FAILURES_BEFORE_DISABLING,
    ...titled("idea", facts.project_idea_title),
    ...titled("challenge", facts.challenge_title),
    ...titled("reward", facts.reward_title),
  });
  const note = present(facts.note)?.replace(/\s+/g, " ") ?? null;
  if (!note) return t(NOTIFICATION_MESSAGES.ended, { sentence });
  // A note keeps its own closing mark.
  return t(/[.!?…]$/.test(note) ? NOTIFICATION_MESSAGES.endedWithClosedNote : NOTIFICATION_MESSAGES.endedWithNote, {
    sentence,
    note,
  });
}

// What a chat channel hears: the same renderer, told to no one in particular (third person),
// in the company's language. The sentences of events the bell also tells are the bell's own.

/** Days before its deadline that a challenge's closing is announced to channels and webhooks. */
export const CHALLENGE_CLOSING_NOTICE_DAYS = 2;

const CHANNEL_MESSAGES = defineMessages({
  ideaApproved: {
    id: "shared.notifications.channel.ideaApproved",
    defaultMessage: '{actor} approved {ideaKnown, select, yes {the idea "{idea}"} other {an idea}}',
  },
  actionDone: {
    id: "shared.notifications.channel.actionDone",
    defaultMessage: '{actor} completed the action for {ideaKnown, select, yes {"{idea}"} other {an idea}}',
  },
  challengeClosing: {
    id: "shared.notifications.channel.challengeClosing",
    defaultMessage:
      '{challengeKnown, select, yes {The challenge "{challenge}"} other {A challenge}} closes for ideas in {days, plural, one {# day} other {# days}}',
  },
  newsPublished: {
    id: "shared.notifications.channel.newsPublished",
    defaultMessage: '{actor} published {newsKnown, select, yes {the news "{news}"} other {news}}',
  },
  test: {
    id: "shared.notifications.channel.test",
    defaultMessage: "Test message from Ideaport: this channel is connected",
  },
  open: { id: "shared.notifications.channel.open", defaultMessage: "Open in Ideaport" },
});

/** The link text under a channel message. */
export const CHANNEL_OPEN_LINK_TEXT: MessageDescriptor = CHANNEL_MESSAGES.open;

/** The facts of an event a channel hears about; titles are the object's when it happened. */
export interface ChannelEventFacts {
  /** An integration event's wire name, or `webhook.test` for a test message. */
  type: string;
  actor_name: string | null;
  idea_title?: string | null;
  challenge_title?: string | null;
  challenge_scope?: "team" | "company" | null;
  reward_title?: string | null;
  news_title?: string | null;
}

const CHANNEL_SENTENCES: Record<string, MessageDescriptor> = {
  "idea.submitted": M.newTeamIdea,
  "idea.approved": CHANNEL_MESSAGES.ideaApproved,
  "action.done": CHANNEL_MESSAGES.actionDone,
  "challenge.posted": M.challengePosted,
  "challenge.closing": CHANNEL_MESSAGES.challengeClosing,
  "news.published": CHANNEL_MESSAGES.newsPublished,
  "reward.redeemed": M.someoneRedeemed,
};

/** The one sentence a chat channel shows for an event, in the language of `t`, with its full stop. */
export function describeChannelEvent(facts: ChannelEventFacts, t: SayMessage): string {
  const message = CHANNEL_SENTENCES[facts.type] ?? CHANNEL_MESSAGES.test;
  const sentence = t(message, {
    actor: present(facts.actor_name) ?? t(NOTIFICATION_MESSAGES.someone),
    scope: facts.challenge_scope === "team" ? "team" : "company",
    days: CHALLENGE_CLOSING_NOTICE_DAYS,
    ...titled("idea", facts.idea_title),
    ...titled("challenge", facts.challenge_title),
    ...titled("reward", facts.reward_title),
    ...titled("news", facts.news_title),
  });
  return t(NOTIFICATION_MESSAGES.ended, { sentence });
}
