import { ERROR_MESSAGES } from "../messages.ts";

/**
 * Every error the API can answer, with a stable dotted code, an HTTP status and a readable
 * message. The server renders these as { success: false, error, code, fields? }.
 */
export const ERROR_CATALOGUE = {
  "request.invalid": { status: 400, message: "Invalid request. Please check your input and try again." },
  "request.not_found": { status: 404, message: "The requested resource was not found." },
  "request.cursor_invalid": {
    status: 400,
    message: "This page of the list is no longer valid. Please reload the list from its first page.",
  },
  "request.payload_too_large": { status: 413, message: "The request is too large." },
  "request.unsupported_media_type": { status: 415, message: "The request body must be JSON." },
  "request.not_acceptable": { status: 406, message: "This address sends a stream of events (text/event-stream)." },
  "request.rate_limited": { status: 429, message: "Too many requests. Please try again later." },
  "csrf.invalid": { status: 403, message: "CSRF token missing or incorrect." },
  "auth.required": { status: 401, message: "Authentication required. Please log in again." },
  "auth.invalid_credentials": { status: 401, message: ERROR_MESSAGES.authenticationFailedPopup },
  "auth.token_invalid": { status: 401, message: "Your session is no longer valid. Please log in again." },
  "auth.forbidden": { status: 403, message: "You do not have permission to perform this action." },
  "auth.account_inactive": { status: 403, message: "This account has been deactivated." },
  "registration.email_taken": { status: 409, message: "An account with this email already exists." },
  "registration.code_invalid": { status: 400, message: ERROR_MESSAGES.verificationFailed },
  "registration.proof_required": { status: 401, message: "Please verify your email address first." },
  "email.unsubscribe_invalid": { status: 400, message: "This unsubscribe link is not valid." },
  "email.category_not_offered": {
    status: 400,
    message: "E-mails about administrator and team manager requests go only to administrators and managers.",
  },
  "calendar.provider_unavailable": {
    status: 409,
    message:
      "Connecting a calendar account is not available on this server. Subscribe to your calendar address instead.",
  },
  "calendar.connection_state_invalid": {
    status: 400,
    message: "This calendar connection attempt is not valid or has expired. Please connect your calendar again.",
  },
  "calendar.connection_denied": {
    status: 400,
    message: "Your calendar was not connected, because access to it was not allowed.",
  },
  "calendar.connection_failed": {
    status: 400,
    message:
      "Your calendar provider did not accept this connection (the sign-in may have expired or been used already). Please connect your calendar again.",
  },
  "calendar.feed_not_found": {
    status: 404,
    message: "This calendar address does not exist. Copy the current one from Profile Settings.",
  },
  "password_reset.token_invalid": { status: 400, message: "This password reset link is invalid or has expired." },
  "company.verification_failed": { status: 400, message: ERROR_MESSAGES.companyVerificationFailed },
  "company.name_taken": { status: 409, message: "A company with this name already exists." },
  "company.already_associated": { status: 409, message: "You already belong to a company." },
  "team.not_found": { status: 404, message: "That team does not exist in this company." },
  "team.name_taken": { status: 409, message: "A team with this name already exists." },
  "team.not_empty": { status: 409, message: "Move or remove the team's members before deleting it." },
  "invitation.invalid": { status: 400, message: "This invitation is invalid or has expired." },
  "invitation.duplicate": { status: 409, message: "This email address has already been invited to this team." },
  "admin_request.not_found": { status: 404, message: "That admin request does not exist." },
  "admin_request.already_decided": { status: 409, message: "That admin request has already been answered." },
  "admin_request.own_request": { status: 403, message: "You cannot answer your own request." },
  // Companies, teams, invitations and settings
  "company.proof_required": {
    status: 400,
    message: "Please verify the company name and password again before joining.",
  },
  "company.last_admin": {
    status: 409,
    message: "The company needs at least one active administrator. Make someone else an administrator first.",
  },
  "user.not_found": { status: 404, message: "That user does not exist in this company." },
  "team.last_membership": {
    status: 409,
    message: "Every member needs a team. Move this member to another team instead of removing them.",
  },
  "invitation.not_found": { status: 404, message: "That invitation does not exist." },
  "invitation.not_pending": { status: 409, message: "This invitation has already been accepted or revoked." },
  "invitation.account_exists": {
    status: 409,
    message:
      "An account with this email already exists. Please log in and ask your administrator to add you to the team.",
  },
  "invitation.already_member": { status: 409, message: "This person is already a member of your company." },
  "settings.current_password_incorrect": { status: 400, message: "Your current password is incorrect." },
  "onboarding.invalid_status": { status: 400, message: "That onboarding status is not valid." },
  "idea.transition_not_allowed": { status: 409, message: "That change of status is not allowed for this idea." },
  "idea.not_editable": { status: 409, message: "This idea can no longer be edited." },
  "idea.not_deletable": {
    status: 409,
    message: "Only a draft can be deleted. Withdraw a submitted idea first, while nobody is reviewing it.",
  },
  "idea.own_vote": { status: 409, message: "You cannot vote for your own idea." },
  "idea.own_decision": {
    status: 403,
    message: "Nobody decides on their own idea: another manager of the team or an administrator must take this step.",
  },
  "challenge.not_open": { status: 409, message: "This challenge is not open for ideas." },
  // Challenges, ideas and actions
  "idea.not_found": { status: 404, message: "That idea does not exist." },
  "idea.note_required": { status: 400, message: "Please tell the author what should change." },
  "idea.description_required": {
    status: 400,
    message: "Please describe your idea in at least 10 characters before submitting it.",
  },
  "idea.not_submitted": { status: 409, message: "Drafts cannot be voted on or commented on. Submit the idea first." },
  "challenge.not_found": { status: 404, message: "That challenge does not exist." },
  "challenge.already_decided": { status: 409, message: "This challenge proposal has already been decided." },
  "challenge.not_editable": { status: 409, message: "A closed or rejected challenge can no longer be changed." },
  "challenge.not_active": { status: 409, message: "Only an active challenge can be closed." },
  "challenge.decided_admins_only": {
    status: 403,
    message: "Once an administrator has decided on a company challenge, only administrators can edit or close it.",
  },
  "action.not_found": { status: 404, message: "That action does not exist." },
  // News and its categories
  "news.not_found": { status: 404, message: "That news post does not exist." },
  "news.video_invalid": { status: 400, message: "Use a YouTube or Vimeo link." },
  "news_category.not_found": { status: 404, message: "That news category does not exist." },
  "news_category.name_taken": { status: 409, message: "A news category with this name already exists." },
  "news_category.in_use": {
    status: 409,
    message: "This category still has news. Move its news to another category or delete them first.",
  },
  "news_category.limit_reached": {
    status: 409,
    message: "The company has as many news categories as it can keep. Delete one that is no longer used first.",
  },
  // Points, rewards and redemptions
  "reward.not_found": { status: 404, message: "That reward does not exist." },
  "reward.archived": { status: 409, message: "This reward is no longer available." },
  "reward.out_of_stock": { status: 409, message: "This reward is out of stock." },
  /** Said with the number missing: "You need 20 more points for this reward." */
  "reward.insufficient_points": { status: 409, message: "You need more points for this reward." },
  "redemption.not_found": { status: 404, message: "That redemption does not exist." },
  "redemption.already_decided": {
    status: 409,
    message: "This redemption has already been fulfilled or cancelled.",
  },
  "server.internal": { status: 500, message: "Server error. Please try again later." },
  "server.unavailable": { status: 503, message: "Server error. Please try again later." },
  "service.unavailable": {
    status: 503,
    message: "The service is temporarily unavailable. Please try again in a moment.",
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/** The body of every error answer. */
export interface ErrorBody {
  success: false;
  error: string;
  code: ErrorCode;
  fields?: Record<string, string>;
}

/** An error with a catalogue code; the server's error handler renders it. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields: Record<string, string> | undefined;

  constructor(code: ErrorCode, options: { message?: string; fields?: Record<string, string> } = {}) {
    const entry = ERROR_CATALOGUE[code];
    super(options.message ?? entry.message);
    this.name = "AppError";
    this.code = code;
    this.status = entry.status;
    this.fields = options.fields;
  }

  /** The JSON body sent to the client. */
  toBody(): ErrorBody {
    return {
      success: false,
      error: this.message,
      code: this.code,
      ...(this.fields ? { fields: this.fields } : {}),
    };
  }
}
