/**
 * The events as the services announce them: one builder per kind of object, so every service
 * says the same things about an idea, a challenge, a post or a redemption, and the audience rule
 * (who may see it) is decided here, once. Pure.
 */
import { type ChannelEventFacts, challengePath, type IntegrationEvent, ideaPath, ROUTES } from "@ideaport/shared";

/** Something that happened, as a service announces it to the company's channels and webhooks. */
export interface AnnouncedEvent {
  companyId: string;
  type: IntegrationEvent;
  /** When it happened. */
  at: Date;
  /** The team it belongs to (an idea's, a team challenge's); null for the company's own. */
  teamId: string | null;
  /** Whether everyone in the company may see it; else only `teamId`'s people (and admins). */
  companyVisible: boolean;
  actor: { id: string; name: string | null } | null;
  /** The titles the sentence names. */
  facts: Omit<ChannelEventFacts, "type" | "actor_name">;
  /** Where it is seen in the web app, below the app's address. */
  path: string;
  /** A webhook's `data`: the object's own fields (ids, titles, status). */
  data: Record<string, unknown>;
}

type Actor = AnnouncedEvent["actor"];

export interface EventIdea {
  id: string;
  title: string;
  teamId: string | null;
  /** The scope of the challenge it answers; a company challenge's ideas are the company's to see. */
  challengeScope: "team" | "company" | null;
  status?: string;
}

/** An idea's event: its team hears it; the company only when it answers a company challenge. */
export function ideaEvent(input: {
  type: Extract<IntegrationEvent, "idea.submitted" | "idea.approved">;
  companyId: string;
  idea: EventIdea;
  actor: Actor;
  at: Date;
}): AnnouncedEvent {
  const { idea } = input;
  return {
    companyId: input.companyId,
    type: input.type,
    at: input.at,
    teamId: idea.teamId,
    companyVisible: idea.challengeScope === "company",
    actor: input.actor,
    facts: { idea_title: idea.title },
    path: ideaPath(ROUTES.employeeIdeas, idea.id),
    data: { idea: { id: idea.id, title: idea.title, ...(idea.status ? { status: idea.status } : {}) } },
  };
}

/** An action done: told like its idea. */
export function actionDoneEvent(input: {
  companyId: string;
  action: { id: string };
  idea: EventIdea;
  actor: Actor;
  at: Date;
}): AnnouncedEvent {
  const event = ideaEvent({ ...input, type: "idea.approved" });
  return {
    ...event,
    type: "action.done",
    data: { action: { id: input.action.id, status: "done" }, idea: { id: input.idea.id, title: input.idea.title } },
  };
}

export interface EventChallenge {
  id: string;
  title: string;
  teamId: string | null;
  scope: "team" | "company";
  endsAt?: Date | null;
}

/** A challenge posted or closing: a company challenge is the company's, a team challenge its team's. */
export function challengeEvent(input: {
  type: Extract<IntegrationEvent, "challenge.posted" | "challenge.closing">;
  companyId: string;
  challenge: EventChallenge;
  actor: Actor;
  at: Date;
}): AnnouncedEvent {
  const { challenge } = input;
  const isCompany = challenge.scope === "company";
  return {
    companyId: input.companyId,
    type: input.type,
    at: input.at,
    teamId: isCompany ? null : challenge.teamId,
    companyVisible: isCompany,
    actor: input.actor,
    facts: { challenge_title: challenge.title, challenge_scope: challenge.scope },
    path: challengePath(ROUTES.employeeIdeas, challenge.id),
    data: {
      challenge: {
        id: challenge.id,
        title: challenge.title,
        scope: challenge.scope,
        ends_at: challenge.endsAt?.toISOString() ?? null,
      },
    },
  };
}

/** A post published: the whole company reads the news. */
export function newsPublishedEvent(input: {
  companyId: string;
  news: { id: string; title: string };
  actor: Actor;
  at: Date;
}): AnnouncedEvent {
  return {
    companyId: input.companyId,
    type: "news.published",
    at: input.at,
    teamId: null,
    companyVisible: true,
    actor: input.actor,
    facts: { news_title: input.news.title },
    path: ROUTES.employeeCompany,
    data: { news: { id: input.news.id, title: input.news.title } },
  };
}

/** A reward redeemed: told only in company channels (which team channels cannot choose). */
export function rewardRedeemedEvent(input: {
  companyId: string;
  redemption: { id: string; cost: number };
  reward: { id: string; title: string };
  actor: Actor;
  at: Date;
}): AnnouncedEvent {
  return {
    companyId: input.companyId,
    type: "reward.redeemed",
    at: input.at,
    teamId: null,
    companyVisible: true,
    actor: input.actor,
    facts: { reward_title: input.reward.title },
    path: `${ROUTES.employeeCompany}#rewards`,
    data: {
      redemption: { id: input.redemption.id, cost: input.redemption.cost },
      reward: { id: input.reward.id, title: input.reward.title },
    },
  };
}
