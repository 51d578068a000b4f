import { AppError } from "@ideaport/shared";
import { authorize, type CompanyCaller } from "../../core/caller.ts";
import type { ServiceDependencies } from "../../core/module-options.ts";
import { isUuid } from "../../core/path-id.ts";
import type { Database } from "../../db/client.ts";
import { recordAudit, recordCallerAudit } from "../audit/audit.service.ts";
import {
  endNotificationStreamsOf,
  markRequestNoticesRead,
  noticeBy,
  notify,
} from "../notifications/notifications.service.ts";
import { findTeam, makeTeamManager } from "../teams/teams.service.ts";
import {
  activeAdminIds,
  activeTeamDeciderIds,
  grantAdmin,
  insertAdminRequest,
  lockAdminRequest,
  markDecided,
  promoteEmployeeToManager,
} from "./admin-requests.repository.ts";

export interface AdminRequestDecision {
  requestId: string;
  adminId: string;
  approved: boolean;
}

export type AdminRequestsService = ReturnType<typeof createAdminRequestsService>;

/** Requests for admin rights and for managing a team, decided from the bell. */
export function createAdminRequestsService({ db, clock }: ServiceDependencies) {
  return {
    /**
     * Approves or denies a pending request of the caller's company from the bell:
     * an admin request (admins decide; approval makes the requester an admin) or a request to
     * manage a team (that team's managers and admins decide; approval makes the requester a
     * manager of it). Nobody decides their own request. The requester is notified either way; the
     * request's `admin_request` notifications are marked read, as it needs no more action.
     */
    async decide(caller: CompanyCaller, decision: AdminRequestDecision): Promise<void> {
      const { companyId } = caller;
      if (!isUuid(decision.requestId)) throw new AppError("admin_request.not_found");
      const now = clock();
      await db.transaction(async (tx) => {
        const request = await lockAdminRequest(tx, companyId, decision.requestId);
        if (!request) throw new AppError("admin_request.not_found");
        // The body names the deciding person (kept for existing clients); it must be the caller.
        if (decision.adminId !== caller.id) throw new AppError("auth.forbidden");
        const teamId = request.kind === "manager" ? request.teamId : null;
        if (teamId === null) authorize(caller, "admin_request.decide");
        else authorize(caller, "manager_request.decide", { teamId });
        if (request.requesterId === caller.id) throw new AppError("admin_request.own_request");
        if (request.status !== "pending") throw new AppError("admin_request.already_decided");

        // A team nobody can find any more is named by the sentence's renderer, in the reader's language.
        const team = teamId === null ? null : await findTeam(tx, companyId, teamId, { includeArchived: true });
        const teamName = team?.name ?? null;

        const outcome = decision.approved ? "approved" : "denied";
        await markDecided(tx, companyId, request.id, {
          status: outcome,
          decidedBy: caller.id,
          decidedAt: now,
        });
        if (decision.approved && teamId === null) await grantAdmin(tx, companyId, request.requesterId);
        if (decision.approved && teamId !== null) {
          await makeTeamManager(tx, companyId, teamId, request.requesterId);
          // An employee becomes a manager; an admin's role is left as it is.
          await promoteEmployeeToManager(tx, companyId, request.requesterId);
        }
        // The requester's live streams reconnect, authenticated in the role just granted.
        if (decision.approved) await endNotificationStreamsOf(tx, request.requesterId);
        // The requester hears the outcome once: a request for administrator rights with
        // `admin_request_response` (its sentence tells the outcome), one to manage a team with
        // `admin_approved` or `admin_denied`.
        await notify(tx, {
          ...noticeBy(caller),
          userIds: [request.requesterId],
          type: teamId === null ? "admin_request_response" : decision.approved ? "admin_approved" : "admin_denied",
          requestStatus: outcome,
          subjectId: request.requesterId,
          relatedRequestId: request.id,
          requestKind: request.kind,
          requestTeamName: teamName,
        });
        await markRequestNoticesRead(tx, { companyId, requestId: request.id, readAt: now });
        await recordCallerAudit(tx, caller, {
          action: decision.approved ? "admin_request.approved" : "admin_request.denied",
          targetType: "user",
          targetId: request.requesterId,
          details: { requestId: request.id, kind: request.kind, ...(teamId === null ? {} : { teamId }) },
        });
      });
    },
  };
}

/** A request for a role, filed by someone who just joined the company: admin rights, or managing a team. */
export type RoleRequest = {
  companyId: string;
  requester: { userId: string; displayName: string };
} & ({ kind: "admin" } | { kind: "manager"; team: { id: string; name: string } });

/**
 * Files a pending role request inside the caller's transaction, tells the people who may decide
 * it from the bell (every active admin; for a team, also its active managers), and audits it.
 */
export async function fileRoleRequest(tx: Database, request: RoleRequest): Promise<void> {
  const { companyId, requester } = request;
  const team = request.kind === "manager" ? request.team : null;
  const deciderIds = team ? await activeTeamDeciderIds(tx, companyId, team.id) : await activeAdminIds(tx, companyId);
  const requestId = await insertAdminRequest(tx, {
    companyId,
    requesterId: requester.userId,
    kind: request.kind,
    teamId: team?.id ?? null,
  });
  await notify(tx, {
    companyId,
    userIds: deciderIds,
    type: "admin_request",
    actorId: requester.userId,
    actorName: requester.displayName,
    subjectId: requester.userId,
    relatedRequestId: requestId,
    requestKind: request.kind,
    requestTeamName: team?.name ?? null,
  });
  await recordAudit(tx, {
    companyId,
    actorId: requester.userId,
    action: "admin_request.created",
    targetType: "admin_request",
    targetId: requestId,
    details: team ? { kind: request.kind, teamId: team.id } : { kind: request.kind },
  });
}
