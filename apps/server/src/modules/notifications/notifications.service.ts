import {
  AppError,
  describeNotification,
  type Notification,
  type NotificationFacts,
  type NotificationType,
  SOURCE_LANGUAGE,
} from "@ideaport/shared";
import type { Caller, CompanyCaller } from "../../core/caller.ts";
import { pageAsked } from "../../core/keyset.ts";
import { languagesOf } from "../../core/languages.ts";
import type { ServiceDependencies } from "../../core/module-options.ts";
import { isUuid } from "../../core/path-id.ts";
import type { Database } from "../../db/client.ts";
import type { ChallengeScope, RoleRequestKind } from "../../db/schema/index.ts";
import { translatorFor } from "../../lib/i18n.ts";
import { mailNotifications } from "../email-notifications/email-notifications.service.ts";
import { pushNotifications } from "../push/push.service.ts";
import { presentNotification } from "./notifications.presenter.ts";
import {
  countUnreadNotifications,
  insertNotifications,
  isCompanyUser,
  listNotificationPage,
  markNotificationsRead,
  markRequestNotificationsRead,
  selectCompanyAdminIds,
  selectCompanyMemberIds,
  selectTeamManagerIds,
  selectTeamMemberIds,
} from "./notifications.repository.ts";
import { announceNotifications } from "./notifications.stream.ts";

/** Ends every open notification stream of a person, on every instance, when the transaction commits. */
export { endNotificationStreamsOf } from "./notifications.stream.ts";

export type NotificationsService = ReturnType<typeof createNotificationsService>;

export interface NotificationPage {
  notifications: Notification[];
  nextCursor: string | null;
  unreadCount: number;
}

/** The bell: a person's own notifications, and marking them read. */
export function createNotificationsService({ db, clock }: ServiceDependencies) {
  return {
    /**
     * The caller's notifications, newest first, with the number of unread ones. The path names
     * the user for the spec's client, not to choose one: a colleague's bell answers 403, and
     * anyone outside the caller's company is not found (404), like every record of another company.
     */
    async list(caller: Caller, userId: string, query: { cursor?: string; limit?: number }): Promise<NotificationPage> {
      const t = translatorFor(caller.language);
      if (userId !== caller.id) {
        const isColleague =
          caller.companyId !== null && isUuid(userId) && (await isCompanyUser(db, caller.companyId, userId));
        throw new AppError(isColleague ? "auth.forbidden" : "user.not_found");
      }
      const page = await listNotificationPage(db, {
        userId: caller.id,
        ...pageAsked(query),
      });
      return {
        notifications: page.items.map((row) => presentNotification(row, t)),
        nextCursor: page.nextCursor,
        unreadCount: caller.companyId ? await countUnreadNotifications(db, caller.companyId, caller.id) : 0,
      };
    },

    /**
     * Marks the caller's notifications read: the given ids (others' ids and malformed ones are
     * ignored), or all of them when no ids are given. Answers how many changed.
     */
    async markRead(caller: Caller, ids?: readonly string[]): Promise<number> {
      const wellFormed = ids?.filter(isUuid);
      if (wellFormed?.length === 0) return 0;
      return markNotificationsRead(db, { userId: caller.id, ids: wellFormed, readAt: clock() });
    },
  };
}

/**
 * What happened, never a sentence: the shared `describeNotification` words it for each
 * recipient. Every field a sentence may need is here; leave out what the type does not use.
 */
export interface NotifyInput {
  companyId: string;
  /** The recipients; one row each (duplicates collapse). */
  userIds: readonly string[];
  type: NotificationType;
  /**
   * Who acted, or null for what nobody did (a reminder, a balance reaching a reward): the actor is
   * never among the recipients, so every caller says who it is.
   */
  actorId: string | null;
  actorName?: string | null;
  /** Whom the event is about: an idea's author, a request's requester, a challenge's creator. */
  subjectId?: string | null;
  projectIdeaTitle?: string | null;
  relatedIdeaId?: string | null;
  /** The admin request (administrator rights or managing a team). */
  relatedRequestId?: string | null;
  relatedChallengeId?: string | null;
  challengeTitle?: string | null;
  challengeScope?: ChallengeScope | null;
  /** The reward redeemed, fulfilled or within reach. */
  relatedRewardId?: string | null;
  rewardTitle?: string | null;
  /** The note of a decision or of a request for revision; blank means none. */
  note?: string | null;
  /**
   * What the request asks for. The bell reads it from the request itself; it is given here only
   * for the sentence stored with the row.
   */
  requestKind?: RoleRequestKind | null;
  requestTeamName?: string | null;
  /** How the request was decided: `admin_request_response` says it. */
  requestStatus?: "approved" | "denied" | null;
}

/** The facts of a notice of something the caller did: their company, and them as its actor. */
export function noticeBy(caller: CompanyCaller): Pick<NotifyInput, "companyId" | "actorId" | "actorName"> {
  return { companyId: caller.companyId, actorId: caller.id, actorName: caller.displayName };
}

/** The facts of a notice nobody caused (a reminder, a change of state) to one person, about them. */
export function noticeToPerson(
  companyId: string,
  userId: string,
): Pick<NotifyInput, "companyId" | "userIds" | "actorId" | "subjectId"> {
  return { companyId, userIds: [userId], actorId: null, subjectId: userId };
}

/**
 * Creates one notification per recipient, with its sentence for that recipient in their language; the actor is
 * never one of them (nobody is notified of their own act). Call it with the transaction of the
 * change that causes it, so the notification exists exactly when the change does. Answers the
 * number of rows written.
 */
export async function notify(tx: Database, input: NotifyInput): Promise<number> {
  const recipients = [...new Set(input.userIds)].filter((userId) => userId !== input.actorId);
  if (recipients.length === 0) return 0;
  const note = input.note?.trim() || null;
  const facts: NotificationFacts = {
    type: input.type,
    actor_id: input.actorId ?? null,
    actor_name: input.actorName ?? null,
    subject_id: input.subjectId ?? null,
    project_idea_title: input.projectIdeaTitle ?? null,
    challenge_title: input.challengeTitle ?? null,
    challenge_scope: input.challengeScope ?? null,
    reward_title: input.rewardTitle ?? null,
    request_kind: input.requestKind ?? null,
    request_team_name: input.requestTeamName ?? null,
    request_status: input.requestStatus ?? null,
    note,
  };
  // Each recipient's sentence in their own language, whoever acted.
  const languages = await languagesOf(tx, recipients);
  const written = await insertNotifications(
    tx,
    recipients.map((userId) => ({
      companyId: input.companyId,
      userId,
      type: input.type,
      content: describeNotification(facts, { id: userId }, translatorFor(languages.get(userId) ?? SOURCE_LANGUAGE)),
      actorId: facts.actor_id,
      actorName: facts.actor_name,
      subjectId: facts.subject_id,
      projectIdeaTitle: facts.project_idea_title,
      relatedIdeaId: input.relatedIdeaId ?? null,
      relatedRequestId: input.relatedRequestId ?? null,
      relatedChallengeId: input.relatedChallengeId ?? null,
      challengeTitle: facts.challenge_title,
      challengeScope: input.challengeScope ?? null,
      relatedRewardId: input.relatedRewardId ?? null,
      rewardTitle: facts.reward_title,
      note,
    })),
  );
  await announceNotifications(tx, written);
  await mailNotifications(tx, { ...input, facts }, written);
  await pushNotifications(tx, { ...input, facts }, written);
  return recipients.length;
}

/** Recipients per insert: keeps a company-wide notice under PostgreSQL's 65,535 bound parameters. */
const NOTIFY_BATCH_SIZE = 2000;

/**
 * `notify` for any number of recipients, leaving out the people in `except` (as `notify` leaves
 * out the actor). Runs in the caller's transaction.
 */
export async function notifyPeople(
  tx: Database,
  input: NotifyInput & { except?: ReadonlyArray<string | null | undefined> },
): Promise<void> {
  const { except = [], ...notice } = input;
  const excluded = new Set(except.filter((id): id is string => typeof id === "string"));
  const recipients = [...new Set(notice.userIds)].filter((id) => !excluded.has(id));
  for (let start = 0; start < recipients.length; start += NOTIFY_BATCH_SIZE) {
    await notify(tx, { ...notice, userIds: recipients.slice(start, start + NOTIFY_BATCH_SIZE) });
  }
}

/**
 * Marks read the `admin_request` notifications of a request once it is decided, whoever
 * received them: it needs no more action.
 */
export function markRequestNoticesRead(
  tx: Database,
  request: { companyId: string; requestId: string; readAt: Date },
): Promise<void> {
  return markRequestNotificationsRead(tx, request);
}

// Who hears about ideas and challenges: active people of one company, by team or role.

/** Active managers of a team (nobody without a team). */
export async function teamManagerIds(tx: Database, companyId: string, teamId: string | null): Promise<string[]> {
  return teamId ? selectTeamManagerIds(tx, companyId, teamId) : [];
}

/** Active members of a team, managers included. */
export function teamMemberIds(tx: Database, companyId: string, teamId: string): Promise<string[]> {
  return selectTeamMemberIds(tx, companyId, teamId);
}

/** Active administrators of a company (the shared isAdmin rule). */
export function companyAdminIds(tx: Database, companyId: string): Promise<string[]> {
  return selectCompanyAdminIds(tx, companyId);
}

/** Every active person of a company. */
export function companyMemberIds(tx: Database, companyId: string): Promise<string[]> {
  return selectCompanyMemberIds(tx, companyId);
}
