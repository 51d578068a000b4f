import { AppError } from "@ideaport/shared";
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { adminRequests, notifications, users } from "../../db/schema.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { authorize, companyIdOf, isUuid } from "../companies/tenancy.ts";
import { notify } from "../notifications/notifications.service.ts";
import type { Principal } from "../users/principal.ts";

export interface AdminRequestDecision {
  requestId: string;
  adminId: string;
  approved: boolean;
}

/**
 * An admin approves or denies a pending admin request of their company from the bell
 * (spec section 4). Approval makes the requester an admin; the requester is notified either
 * way; the request's `admin_request` notifications are marked read, as it needs no more action.
 */
export async function decideAdminRequest(
  deps: { db: Database; clock: () => Date },
  principal: Principal,
  decision: AdminRequestDecision,
): Promise<void> {
  const companyId = companyIdOf(principal);
  authorize(principal, "admin_request.decide");
  // The body names the deciding admin (the spec's payload); it must be the caller.
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
    if (request.status !== "pending") throw new AppError("admin_request.already_decided");

    await tx
      .update(adminRequests)
      .set({ status: decision.approved ? "approved" : "denied", decidedBy: principal.id, decidedAt: now })
      .where(eq(adminRequests.id, request.id));
    if (decision.approved) {
      await tx
        .update(users)
        .set({ isAdmin: true })
        .where(and(eq(users.id, request.requesterId), eq(users.companyId, companyId)));
    }
    await notify(tx, {
      companyId,
      userIds: [request.requesterId],
      type: decision.approved ? "admin_approved" : "admin_denied",
      content: decision.approved
        ? `${principal.displayName} approved your request for administrator rights.`
        : `${principal.displayName} denied your request for administrator rights.`,
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
      details: { requestId: request.id },
    });
  });
}
