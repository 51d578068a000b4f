import { PERSONAL_DATA_ROWS_PER_LIST, type PersonalDataExport } from "@ideaport/shared";
import type { Caller } from "../../core/caller.ts";
import type { ServiceDependencies } from "../../core/module-options.ts";
import { listApiTokensOf } from "../api-tokens/api-tokens.service.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { listSessionsOf } from "../auth/auth.service.ts";
import { createEmailNotificationsService } from "../email-notifications/email-notifications.service.ts";
import { pushSubscriptionsOf } from "../push/push.service.ts";
import { presentSession } from "../sessions/sessions.service.ts";
import {
  findAccountDates,
  findAuditEntriesAbout,
  findCalendarOf,
  findCommentsBy,
  findHistoryOf,
  findIdeasBy,
  findNotificationsOf,
  findPointsOf,
  findRedemptionsOf,
  findRevisionsOf,
  findVotesBy,
} from "./personal-data.repository.ts";

/** Keeps a list's first PERSONAL_DATA_ROWS_PER_LIST rows; names it in `cut` when it had more. */
function bounded<Row>(name: string, rows: Row[], cut: string[]): Row[] {
  if (rows.length <= PERSONAL_DATA_ROWS_PER_LIST) return rows;
  cut.push(name);
  return rows.slice(0, PERSONAL_DATA_ROWS_PER_LIST);
}

/** Groups rows by their idea. */
function byIdea<Row extends { ideaId: string }>(rows: Row[]): Map<string, Row[]> {
  const grouped = new Map<string, Row[]>();
  for (const row of rows) grouped.set(row.ideaId, [...(grouped.get(row.ideaId) ?? []), row]);
  return grouped;
}

/**
 * "Download my data": everything Ideaport keeps about the caller, as one JSON document. Only the
 * caller's own rows; other people appear by display name at most, and no secret (password hash,
 * token, OAuth token, calendar address) is ever part of it. Each list is read with a limit.
 */
export function createPersonalDataService({ db, clock }: ServiceDependencies) {
  const emailNotifications = createEmailNotificationsService({ db, clock });

  return {
    /**
     * The caller's data export; `currentSessionId` is not marked (the file outlives the session).
     * Taking it out is audited in the caller's company once it is read (the next export holds it).
     */
    async export(caller: Caller): Promise<PersonalDataExport> {
      const now = clock();
      const rows = PERSONAL_DATA_ROWS_PER_LIST + 1;
      const cut: string[] = [];
      const account = await findAccountDates(db, caller.id);
      const ideaRows = bounded("ideas", await findIdeasBy(db, caller.id, rows), cut);
      const ideaIds = ideaRows.map((idea) => idea.id);
      const history = byIdea(await findHistoryOf(db, ideaIds));
      const revisions = byIdea(await findRevisionsOf(db, ideaIds));
      const comments = bounded("comments", await findCommentsBy(db, caller.id, rows), cut);
      const votes = bounded("votes", await findVotesBy(db, caller.id, rows), cut);
      const points = bounded("points", await findPointsOf(db, caller.id, rows), cut);
      const redemptions = bounded("redemptions", await findRedemptionsOf(db, caller.id, rows), cut);
      const notifications = bounded("notifications", await findNotificationsOf(db, caller.id, rows), cut);
      const calendar = await findCalendarOf(db, caller.id);
      const sessions = await listSessionsOf(db, caller.id, now);
      const apiTokens = caller.companyId ? await listApiTokensOf(db, caller.companyId, caller.id, now) : [];
      const auditEntries = caller.companyId
        ? bounded("audit_entries", await findAuditEntriesAbout(db, caller.companyId, caller.id, rows), cut)
        : [];

      if (caller.companyId) {
        await recordAudit(db, {
          companyId: caller.companyId,
          actorId: caller.id,
          action: "data.exported",
          targetType: "user",
          targetId: caller.id,
          ipAddress: caller.address ?? null,
        });
      }

      return {
        format: "ideaport.personal-data",
        version: 1,
        exported_at: now.toISOString(),
        incomplete_lists: cut,
        profile: {
          id: caller.id,
          email: caller.email,
          first_name: caller.firstName,
          last_name: caller.lastName,
          display_name: caller.displayName,
          role: caller.role,
          is_admin: caller.adminFlag,
          is_active: caller.isActive,
          company_name: caller.companyName,
          teams: caller.teams.map((team) => ({ name: team.name, is_manager: team.is_manager })),
          language: caller.chosenLanguage,
          onboarding_status: caller.onboardingStatus,
          created_at: (account?.createdAt ?? now).toISOString(),
          last_login_at: account?.lastLoginAt?.toISOString() ?? null,
        },
        ideas: ideaRows.map((idea) => ({
          id: idea.id,
          title: idea.title,
          description: idea.description,
          status: idea.status,
          tags: idea.tags,
          team_name: idea.teamName,
          challenge_title: idea.challengeTitle,
          vote_count: idea.voteCount,
          comment_count: idea.commentCount,
          created_at: idea.createdAt.toISOString(),
          submitted_at: idea.submittedAt?.toISOString() ?? null,
          history: (history.get(idea.id) ?? []).map((step) => ({
            from_status: step.fromStatus,
            to_status: step.toStatus,
            by: step.by,
            note: step.note,
            at: step.createdAt.toISOString(),
          })),
          revisions: (revisions.get(idea.id) ?? []).map((revision) => ({
            title: revision.title,
            description: revision.description,
            at: revision.createdAt.toISOString(),
          })),
        })),
        comments: comments.map((comment) => ({
          id: comment.id,
          idea_id: comment.ideaId,
          idea_title: comment.ideaTitle,
          body: comment.body,
          created_at: comment.createdAt.toISOString(),
        })),
        votes: votes.map((vote) => ({
          idea_id: vote.ideaId,
          idea_title: vote.ideaTitle,
          created_at: vote.createdAt.toISOString(),
        })),
        points: points.map((entry) => ({
          delta: entry.delta,
          reason: entry.reason,
          reference_type: entry.referenceType,
          reference_id: entry.referenceId,
          created_at: entry.createdAt.toISOString(),
        })),
        redemptions: redemptions.map((redemption) => ({
          id: redemption.id,
          reward_title: redemption.rewardTitle,
          cost: redemption.cost,
          status: redemption.status,
          decided_at: redemption.decidedAt?.toISOString() ?? null,
          cancel_reason: redemption.cancelReason,
          created_at: redemption.createdAt.toISOString(),
        })),
        notifications: notifications.map((notification) => ({
          type: notification.type,
          content: notification.content,
          read_at: notification.readAt?.toISOString() ?? null,
          created_at: notification.createdAt.toISOString(),
        })),
        email_preferences: caller.companyId ? await emailNotifications.getPreferences(caller) : null,
        calendar: {
          feed_created_at: calendar.feedCreatedAt?.toISOString() ?? null,
          connections: calendar.connections.map((connection) => ({
            provider: connection.provider,
            scope: connection.scope,
            connected_at: connection.createdAt.toISOString(),
            token_expires_at: connection.tokenExpiresAt?.toISOString() ?? null,
          })),
        },
        push_subscriptions: caller.companyId ? await pushSubscriptionsOf(db, caller.companyId, caller.id) : [],
        sessions: sessions.map((session) => {
          const { browser, os, ip_address, last_active_at } = presentSession(session, null);
          return { browser, os, ip_address, last_active_at };
        }),
        api_tokens: apiTokens,
        audit_entries: auditEntries.map((entry) => ({
          action: entry.action,
          target_type: entry.targetType,
          by: entry.by,
          is_actor: entry.actorId === caller.id,
          is_target: entry.targetType === "user" && entry.targetId === caller.id,
          created_at: entry.createdAt.toISOString(),
        })),
      };
    },
  };
}
