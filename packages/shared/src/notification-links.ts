// Where a notification leads, beside its sentence (notifications.ts): kept apart so that only the
// bell's list, which shows the links, loads it.
import { isKnownType, type NotificationFacts, type NotificationReader } from "./notifications.ts";
import { companyPortalPathFor, isAdmin, landingPathFor, type RoleSubject } from "./permissions/roles.ts";
import { COMPANY_PORTAL_SECTIONS, challengePath, ideaPath, settingsPath } from "./routes.ts";

/** What a notification links to besides its sentence: the idea or the challenge it is about. */
export interface NotificationLinkFacts extends NotificationFacts {
  related_idea_id?: string | null;
  related_challenge_id?: string | null;
}

/**
 * Where a notification leads its reader: the idea it is about (open on the reader's ideas page),
 * the Company Portal's rewards, redemptions or redemption requests, a new challenge (open on the
 * reader's ideas page), the reader's ideas page for a proposal (administrators decide it there,
 * proposers read its outcome there);
 * null for a request answered in the bell itself and for a type this version does not know.
 */
export function notificationLink(
  facts: NotificationLinkFacts,
  reader: NotificationReader & RoleSubject,
): string | null {
  if (!isKnownType(facts.type)) return null;
  const ideasPage = landingPathFor(reader);
  const portal = companyPortalPathFor(reader);
  const isReaderSubject = (facts.subject_id ?? null) === reader.id;
  const isAboutAnother = facts.subject_id != null && facts.subject_id !== (facts.actor_id ?? null);
  switch (facts.type) {
    case "admin_request":
    case "admin_approved":
    case "admin_denied":
    case "admin_request_response":
      return null;
    case "rewards_available":
      return `${portal}#${COMPANY_PORTAL_SECTIONS.rewards}`;
    case "rewards_redeemed":
      // The redeemer hears that it was fulfilled; administrators, that someone redeemed.
      return isReaderSubject && isAboutAnother
        ? `${portal}#${COMPANY_PORTAL_SECTIONS.yourRedemptions}`
        : `${portal}#${isAdmin(reader) ? COMPANY_PORTAL_SECTIONS.redemptionRequests : COMPANY_PORTAL_SECTIONS.yourRedemptions}`;
    case "redemption_cancelled":
      return `${portal}#${COMPANY_PORTAL_SECTIONS.yourRedemptions}`;
    case "new_challenge_posted":
      return facts.related_challenge_id ? challengePath(ideasPage, facts.related_challenge_id) : ideasPage;
    case "calendar_needs_reconnecting":
      return settingsPath("profile");
    case "join_password_guessed":
    case "webhook_disabled":
      return settingsPath("company");
    case "challenge_proposal_received":
      // The ideas page lists the proposals: for administrators to decide, for the proposer their outcome.
      return ideasPage;
    default:
      return facts.related_idea_id ? ideaPath(ideasPage, facts.related_idea_id) : ideasPage;
  }
}
