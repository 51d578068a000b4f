import { AppError } from "@ideaport/shared";
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { adminRequests, notifications, teamMemberships, teams, users } from "../../db/schema.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { authorize, companyIdOf, isUuid } from "../companies/tenancy.ts";
import { notify } from "../notifications/notifications.service.ts";
import type { Principal } from "../users/principal.ts";

export interface AdminRequestDecision {
  requestId: string;
  adminId: string;
  approved: boolean;
}

/** What the requester is told, by the kind of request. */
function decisionContent(decider: string, approved: boolean, teamName: string | null): string {
  const verb = approved ? "approved" : "denied";
  return teamName === null
    ? `${decider} ${verb} your request for administrator rights.`
    : `${decider} ${verb} your request to manage ${teamName}.`;
}

/**
 * Approves or denies a pending request of the caller's company from the bell:
 * an admin request (admins decide; approval makes the requester an admin) or a request to manage
 * a team (that team's managers and admins decide; approval makes the requester a manager of it).
 * Nobody decides their own request. The requester is notified either way; the request's
 * `admin_request` notifications are marked read, as it needs no more action.
 */
export async function decideAdminRequest(
  deps: { db: Database; clock: () => Date },
  principal: Principal,
  decision: AdminRequestDecision,
): Promise<void> {
  const companyId = companyIdOf(principal);
  // The body names the deciding person (the spec's payload); it must be the caller.
  if (decision.adminId !== principal.id) throw new AppError("auth.forbidden");
  if (!isUuid(decision.requestId)) throw new AppError("admin_request.not_found");
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(adminRequests)
      .where(and(eq(adminRequests.id, decision.requestId), eq(adminRequests.companyId, companyId)))
      .for("update");
    if (!request) throw new AppError("admin_request.not_found");
    const teamId = request.kind === "manager" ? request.teamId : null;
    if (teamId === null) authorize(principal, "admin_request.decide");
    else authorize(principal, "manager_request.decide", { teamId });
    if (request.requesterId === principal.id) throw new AppError("admin_request.own_request");
    if (request.status !== "pending") throw new AppError("admin_request.already_decided");

    let teamName: string | null = null;
    if (teamId !== null) {
      const [team] = await tx
        .select({ name: teams.name })
        .from(teams)
        .where(and(eq(teams.id, teamId), eq(teams.companyId, companyId)));
      teamName = team?.name ?? "the team";
    }

    await tx
      .update(adminRequests)
      .set({ status: decision.approved ? "approved" : "denied", decidedBy: principal.id, decidedAt: now })
      .where(eq(adminRequests.id, request.id));
    if (decision.approved && teamId === null) {
      await tx
        .update(users)
        .set({ isAdmin: true })
        .where(and(eq(users.id, request.requesterId), eq(users.companyId, companyId)));
    }
    if (decision.approved && teamId !== null) {
      await tx
        .insert(teamMemberships)
        .values({ companyId, teamId, userId: request.requesterId, isManager: true })
        .onConflictDoUpdate({
          target: [teamMemberships.teamId, teamMemberships.userId],
          set: { isManager: true },
        });
      // An employee becomes a manager; an admin's role is left as it is.
      await tx
        .update(users)
        .set({ role: "manager" })
        .where(and(eq(users.id, request.requesterId), eq(users.companyId, companyId), eq(users.role, "employee")));
    }
    await notify(tx, {
      companyId,
      userIds: [request.requesterId],
      type: decision.approved ? "admin_approved" : "admin_denied",
      content: decisionContent(principal.displayName, decision.approved, teamName),
      actorId: principal.id,
      actorName: principal.displayName,
      relatedRequestId: request.id,
    });
    await tx
      .update(notifications)
      .set({ readAt: now })
      .where(
        and(
          eq(notifications.companyId, companyId),
          eq(notifications.type, "admin_request"),
          eq(notifications.relatedRequestId, request.id),
          isNull(notifications.readAt),
        ),
      );
    await recordAudit(tx, {
      companyId,
      actorId: principal.id,
      action: decision.approved ? "admin_request.approved" : "admin_request.denied",
      targetType: "user",
      targetId: request.requesterId,
      details: { requestId: request.id, kind: request.kind, ...(teamId === null ? {} : { teamId }) },
    });
  });
}
