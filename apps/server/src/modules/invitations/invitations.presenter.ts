import type { InvitationDetailsResponse, PendingInvitation } from "@ideaport/shared";
import type { InvitationDetails, InvitationView } from "./invitations.repository.ts";

/** A pending invitation as Team Settings lists it (never the token or its hash). */
export function presentInvitation(invitation: InvitationView): PendingInvitation {
  return {
    id: invitation.id,
    team_id: invitation.teamId,
    team_name: invitation.teamName,
    email: invitation.email,
    first_name: invitation.firstName,
    last_name: invitation.lastName,
    role: invitation.role,
    is_admin: invitation.isAdmin,
    invited_by_name: invitation.invitedByName,
    created_at: invitation.createdAt.toISOString(),
    expires_at: invitation.expiresAt.toISOString(),
  };
}

/** What the acceptance page shows. */
export function presentInvitationDetails(details: InvitationDetails): InvitationDetailsResponse {
  return {
    success: true,
    company_name: details.companyName,
    team_name: details.teamName,
    email: details.invitation.email,
    first_name: details.invitation.firstName,
    last_name: details.invitation.lastName,
    role: details.invitation.role,
  };
}
