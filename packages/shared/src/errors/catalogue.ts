import { SOURCE_LANGUAGE } from "../i18n/languages.ts";
import {
  createTranslator,
  defineMessage,
  type MessageDescriptor,
  type MessageValues,
  type SayMessage,
} from "../i18n/messages.ts";
import type { Phrase } from "../i18n/schema-messages.ts";
import { IDEA_MESSAGES } from "../ideas/limits.ts";
import { ERROR_MESSAGES, STATUS_MESSAGES, VALIDATION_MESSAGES } from "../messages.ts";

/** A news post's video link that is not YouTube's or Vimeo's: the news form says it too, without the whole catalogue. */
export const NEWS_VIDEO_INVALID = defineMessage({
  id: "shared.error.news.video_invalid",
  defaultMessage: "Use a YouTube or Vimeo link.",
});

/**
 * Every error the API can answer, with a stable dotted code, an HTTP status and a readable
 * message. The server renders these as { success: false, error, code, fields? }.
 */
export const ERROR_CATALOGUE = {
  "request.invalid": { status: 400, message: STATUS_MESSAGES.badRequest },
  "request.not_found": { status: 404, message: STATUS_MESSAGES.notFound },
  "request.cursor_invalid": {
    status: 400,
    message: defineMessage({
      id: "shared.error.request.cursor_invalid",
      defaultMessage: "This page of the list is no longer valid. Please reload the list from its first page.",
    }),
  },
  "request.payload_too_large": {
    status: 413,
    message: defineMessage({
      id: "shared.error.request.payload_too_large",
      defaultMessage: "The request is too large.",
    }),
  },
  "request.unsupported_media_type": {
    status: 415,
    message: defineMessage({
      id: "shared.error.request.unsupported_media_type",
      defaultMessage: "The request body must be JSON.",
    }),
  },
  "request.not_acceptable": {
    status: 406,
    message: defineMessage({
      id: "shared.error.request.not_acceptable",
      defaultMessage: "This address sends a stream of events (text/event-stream).",
    }),
  },
  "idempotency.key_invalid": {
    status: 400,
    message: defineMessage({
      id: "shared.error.idempotency.key_invalid",
      defaultMessage: "The Idempotency-Key header must be 1 to 255 visible characters.",
    }),
  },
  "idempotency.key_reused": {
    status: 422,
    message: defineMessage({
      id: "shared.error.idempotency.key_reused",
      defaultMessage:
        "This Idempotency-Key was already used for a different request. Send a new key with a new request.",
    }),
  },
  "idempotency.in_flight": {
    status: 409,
    message: defineMessage({
      id: "shared.error.idempotency.in_flight",
      defaultMessage: "A request with this Idempotency-Key is still being processed. Try again in a moment.",
    }),
  },
  "request.rate_limited": { status: 429, message: STATUS_MESSAGES.tooManyRequests },
  "csrf.invalid": {
    status: 403,
    message: defineMessage({ id: "shared.error.csrf.invalid", defaultMessage: "CSRF token missing or incorrect." }),
  },
  "auth.required": { status: 401, message: STATUS_MESSAGES.unauthorized },
  "auth.invalid_credentials": { status: 401, message: ERROR_MESSAGES.authenticationFailedPopup },
  "auth.token_invalid": {
    status: 401,
    message: defineMessage({
      id: "shared.error.auth.token_invalid",
      defaultMessage: "Your session is no longer valid. Please log in again.",
    }),
  },
  "auth.forbidden": { status: 403, message: STATUS_MESSAGES.forbidden },
  "auth.account_inactive": {
    status: 403,
    message: defineMessage({
      id: "shared.error.auth.account_inactive",
      defaultMessage: "This account has been deactivated.",
    }),
  },
  "auth.sso_required": {
    status: 403,
    message: defineMessage({
      id: "shared.error.auth.sso_required",
      defaultMessage: "Your company signs you in through its identity provider. Use “Continue with single sign-on”.",
    }),
  },
  "sso.not_configured": {
    status: 404,
    message: defineMessage({
      id: "shared.error.sso.not_configured",
      defaultMessage: "Single sign-on is not set up for this e-mail address. Sign in with your password.",
    }),
  },
  "sso.issuer_refused": {
    status: 400,
    message: defineMessage({
      id: "shared.error.sso.issuer_refused",
      defaultMessage: "This issuer cannot be used: it must be an https address on the public internet.",
    }),
  },
  "sso.issuer_unreachable": {
    status: 400,
    message: defineMessage({
      id: "shared.error.sso.issuer_unreachable",
      defaultMessage:
        "No OpenID provider answered at this issuer URL. Check the address (its /.well-known/openid-configuration must be readable).",
    }),
  },
  "sso.client_secret_required": {
    status: 400,
    message: defineMessage({
      id: "shared.error.sso.client_secret_required",
      defaultMessage: "Enter the client secret.",
    }),
  },
  "sso.domain_taken": {
    status: 409,
    message: defineMessage({
      id: "shared.error.sso.domain_taken",
      defaultMessage: "One of these e-mail domains already belongs to another company.",
    }),
  },
  "sso.domain_not_yours": {
    status: 403,
    message: defineMessage({
      id: "shared.error.sso.domain_not_yours",
      defaultMessage: "You can add only e-mail domains of your own verified e-mail address.",
    }),
  },
  "sso.ticket_invalid": {
    status: 400,
    message: defineMessage({
      id: "shared.error.sso.ticket_invalid",
      defaultMessage: "This sign-in has expired or was already used. Please sign in again.",
    }),
  },
  "registration.email_taken": {
    status: 409,
    message: defineMessage({
      id: "shared.error.registration.email_taken",
      defaultMessage: "An account with this email already exists.",
    }),
  },
  "registration.code_invalid": { status: 400, message: ERROR_MESSAGES.verificationFailed },
  "registration.proof_required": {
    status: 401,
    message: defineMessage({
      id: "shared.error.registration.proof_required",
      defaultMessage: "Please verify your email address first.",
    }),
  },
  "email.unsubscribe_invalid": { status: 400, message: VALIDATION_MESSAGES.unsubscribeLinkInvalid },
  "email.category_not_offered": {
    status: 400,
    message: defineMessage({
      id: "shared.error.email.category_not_offered",
      defaultMessage: "E-mails about administrator and team manager requests go only to administrators and managers.",
    }),
  },
  "calendar.provider_unavailable": {
    status: 409,
    message: defineMessage({
      id: "shared.error.calendar.provider_unavailable",
      defaultMessage:
        "Connecting a calendar account is not available on this server. Subscribe to your calendar address instead.",
    }),
  },
  "calendar.connection_state_invalid": {
    status: 400,
    message: defineMessage({
      id: "shared.error.calendar.connection_state_invalid",
      defaultMessage:
        "This calendar connection attempt is not valid or has expired. Please connect your calendar again.",
    }),
  },
  "calendar.connection_denied": {
    status: 400,
    message: defineMessage({
      id: "shared.error.calendar.connection_denied",
      defaultMessage: "Your calendar was not connected, because access to it was not allowed.",
    }),
  },
  "calendar.connection_failed": {
    status: 400,
    message: defineMessage({
      id: "shared.error.calendar.connection_failed",
      defaultMessage:
        "Your calendar provider did not accept this connection (the sign-in may have expired or been used already). Please connect your calendar again.",
    }),
  },
  "calendar.feed_not_found": {
    status: 404,
    message: defineMessage({
      id: "shared.error.calendar.feed_not_found",
      defaultMessage: "This calendar address does not exist. Copy the current one from Profile Settings.",
    }),
  },
  "password_reset.token_invalid": {
    status: 400,
    message: defineMessage({
      id: "shared.error.password_reset.token_invalid",
      defaultMessage: "This password reset link is invalid or has expired.",
    }),
  },
  "company.verification_failed": { status: 400, message: ERROR_MESSAGES.companyVerificationFailed },
  "company.name_taken": {
    status: 409,
    message: defineMessage({
      id: "shared.error.company.name_taken",
      defaultMessage: "A company with this name already exists.",
    }),
  },
  "company.already_associated": {
    status: 409,
    message: defineMessage({
      id: "shared.error.company.already_associated",
      defaultMessage: "You already belong to a company.",
    }),
  },
  "team.not_found": {
    status: 404,
    message: defineMessage({
      id: "shared.error.team.not_found",
      defaultMessage: "That team does not exist in this company.",
    }),
  },
  "team.name_taken": {
    status: 409,
    message: defineMessage({
      id: "shared.error.team.name_taken",
      defaultMessage: "A team with this name already exists.",
    }),
  },
  "team.not_empty": {
    status: 409,
    message: defineMessage({
      id: "shared.error.team.not_empty",
      defaultMessage: "Move or remove the team's members before deleting it.",
    }),
  },
  "invitation.invalid": {
    status: 400,
    message: defineMessage({
      id: "shared.error.invitation.invalid",
      defaultMessage: "This invitation is invalid or has expired.",
    }),
  },
  "invitation.duplicate": { status: 409, message: VALIDATION_MESSAGES.inviteAlreadyInvited },
  "admin_request.not_found": {
    status: 404,
    message: defineMessage({
      id: "shared.error.admin_request.not_found",
      defaultMessage: "That admin request does not exist.",
    }),
  },
  "admin_request.already_decided": {
    status: 409,
    message: defineMessage({
      id: "shared.error.admin_request.already_decided",
      defaultMessage: "That admin request has already been answered.",
    }),
  },
  "admin_request.own_request": {
    status: 403,
    message: defineMessage({
      id: "shared.error.admin_request.own_request",
      defaultMessage: "You cannot answer your own request.",
    }),
  },
  // Companies, teams, invitations and settings
  "company.proof_required": {
    status: 400,
    message: defineMessage({
      id: "shared.error.company.proof_required",
      defaultMessage: "Please verify the company name and password again before joining.",
    }),
  },
  "company.last_admin": {
    status: 409,
    message: defineMessage({
      id: "shared.error.company.last_admin",
      defaultMessage: "The company needs at least one active administrator. Make someone else an administrator first.",
    }),
  },
  "user.erase_self": {
    status: 409,
    message: defineMessage({
      id: "shared.error.user.erase_self",
      defaultMessage: "To delete your own account, use Delete my account in your profile settings.",
    }),
  },
  "user.erased": {
    status: 409,
    message: defineMessage({
      id: "shared.error.user.erased",
      defaultMessage: "This person's account was deleted; it cannot be changed any more.",
    }),
  },
  "user.not_found": {
    status: 404,
    message: defineMessage({
      id: "shared.error.user.not_found",
      defaultMessage: "That user does not exist in this company.",
    }),
  },
  "scim.token_invalid": {
    status: 401,
    message: defineMessage({
      id: "shared.error.scim.token_invalid",
      defaultMessage:
        "The SCIM token is missing, wrong or revoked. Create a new one in Company Settings → Provisioning.",
    }),
  },
  "scim.not_found": {
    status: 404,
    message: defineMessage({
      id: "shared.error.scim.not_found",
      defaultMessage: "No such resource in this company.",
    }),
  },
  "scim.uniqueness": {
    status: 409,
    message: defineMessage({
      id: "shared.error.scim.uniqueness",
      defaultMessage: "The {attribute} is already taken: another person or team has it.",
    }),
  },
  "scim.invalid_filter": {
    status: 400,
    message: defineMessage({
      id: "shared.error.scim.invalid_filter",
      defaultMessage:
        'The filter is not valid or not supported: use an attribute, "eq" and a quoted value, e.g. userName eq "ada@example.com".',
    }),
  },
  "scim.invalid_value": {
    status: 400,
    message: defineMessage({
      id: "shared.error.scim.invalid_value",
      defaultMessage: 'The value of "{attribute}" is missing or not valid.',
    }),
  },
  "scim.invalid_syntax": {
    status: 400,
    message: defineMessage({
      id: "shared.error.scim.invalid_syntax",
      defaultMessage: "The request is not a valid SCIM request.",
    }),
  },
  "scim.no_target": {
    status: 400,
    message: defineMessage({
      id: "shared.error.scim.no_target",
      defaultMessage: 'The path "{path}" names nothing this resource has.',
    }),
  },
  "scim.mutability": {
    status: 400,
    message: defineMessage({
      id: "shared.error.scim.mutability",
      defaultMessage: '"{attribute}" cannot be changed.',
    }),
  },
  "scim.last_team": {
    status: 409,
    message: defineMessage({
      id: "shared.error.scim.last_team",
      defaultMessage: "The company's last team cannot be deleted: every person belongs to a team.",
    }),
  },
  "integration_channel.not_found": {
    status: 404,
    message: defineMessage({
      id: "shared.error.integration_channel.not_found",
      defaultMessage: "That channel does not exist or has been removed.",
    }),
  },
  "integration_channel.too_many": {
    status: 409,
    message: defineMessage({
      id: "shared.error.integration_channel.too_many",
      defaultMessage: "Your company has as many channels as it may have. Remove one first.",
    }),
  },
  "integration_channel.event_not_allowed": {
    status: 400,
    message: defineMessage({
      id: "shared.error.integration_channel.event_not_allowed",
      defaultMessage: "A team's channel cannot hear about redeemed rewards: choose that event in a company channel.",
    }),
  },
  "integration.url_refused": {
    status: 400,
    message: defineMessage({
      id: "shared.error.integration.url_refused",
      defaultMessage: "This address cannot be used: it must be an https address on the public internet.",
    }),
  },
  "webhook.not_found": {
    status: 404,
    message: defineMessage({
      id: "shared.error.webhook.not_found",
      defaultMessage: "That webhook does not exist or has been removed.",
    }),
  },
  "webhook.too_many": {
    status: 409,
    message: defineMessage({
      id: "shared.error.webhook.too_many",
      defaultMessage: "Your company has as many webhooks as it may have. Remove one first.",
    }),
  },
  "webhook_delivery.not_found": {
    status: 404,
    message: defineMessage({
      id: "shared.error.webhook_delivery.not_found",
      defaultMessage: "That delivery is no longer in the webhook's log.",
    }),
  },
  "scim_token.not_found": {
    status: 404,
    message: defineMessage({
      id: "shared.error.scim_token.not_found",
      defaultMessage: "That token does not exist or has already been revoked.",
    }),
  },
  "api_token.not_found": {
    status: 404,
    message: defineMessage({
      id: "shared.error.api_token.not_found",
      defaultMessage: "That token does not exist or has already been revoked.",
    }),
  },
  "api_token.route_not_allowed": {
    status: 403,
    message: defineMessage({
      id: "shared.error.api_token.route_not_allowed",
      defaultMessage: "API tokens cannot be used for this request. Sign in to Ideaport to do this.",
    }),
  },
  "api_token.scope_missing": {
    status: 403,
    message: defineMessage({
      id: "shared.error.api_token.scope_missing",
      defaultMessage: "This API token lacks the scope {scope}, which this request needs.",
    }),
  },
  "api_token.admin_scope_forbidden": {
    status: 403,
    message: defineMessage({
      id: "shared.error.api_token.admin_scope_forbidden",
      defaultMessage: "Only administrators can give a token the admin scope.",
    }),
  },
  "api_token.too_many": {
    status: 409,
    message: defineMessage({
      id: "shared.error.api_token.too_many",
      defaultMessage: "You already have {max} API tokens. Revoke one you no longer use first.",
    }),
  },
  "session.not_found": {
    status: 404,
    message: defineMessage({
      id: "shared.error.session.not_found",
      defaultMessage: "That session does not exist or has already ended.",
    }),
  },
  "push.endpoint_refused": {
    status: 400,
    message: defineMessage({
      id: "shared.error.push.endpoint_refused",
      defaultMessage: "This browser's push service cannot be used: it must be an https address on the public internet.",
    }),
  },
  "push.subscription_not_found": {
    status: 404,
    message: defineMessage({
      id: "shared.error.push.subscription_not_found",
      defaultMessage: "This device does not get push notifications.",
    }),
  },
  "team.last_membership": {
    status: 409,
    message: defineMessage({
      id: "shared.error.team.last_membership",
      defaultMessage: "Every member needs a team. Move this member to another team instead of removing them.",
    }),
  },
  "invitation.not_found": {
    status: 404,
    message: defineMessage({
      id: "shared.error.invitation.not_found",
      defaultMessage: "That invitation does not exist.",
    }),
  },
  "invitation.not_pending": {
    status: 409,
    message: defineMessage({
      id: "shared.error.invitation.not_pending",
      defaultMessage: "This invitation has already been accepted or revoked.",
    }),
  },
  "invitation.account_exists": {
    status: 409,
    message: defineMessage({
      id: "shared.error.invitation.account_exists",
      defaultMessage:
        "An account with this email already exists. Please log in and ask your administrator to add you to the team.",
    }),
  },
  "invitation.already_member": {
    status: 409,
    message: defineMessage({
      id: "shared.error.invitation.already_member",
      defaultMessage: "This person is already a member of your company.",
    }),
  },
  "settings.current_password_incorrect": {
    status: 400,
    message: defineMessage({
      id: "shared.error.settings.current_password_incorrect",
      defaultMessage: "Your current password is incorrect.",
    }),
  },
  "onboarding.invalid_status": { status: 400, message: VALIDATION_MESSAGES.onboardingStatusInvalid },
  "idea.transition_not_allowed": {
    status: 409,
    message: defineMessage({
      id: "shared.error.idea.transition_not_allowed",
      defaultMessage: "That change of status is not allowed for this idea.",
    }),
  },
  "idea.not_editable": {
    status: 409,
    message: defineMessage({
      id: "shared.error.idea.not_editable",
      defaultMessage: "This idea can no longer be edited.",
    }),
  },
  "idea.not_deletable": {
    status: 409,
    message: defineMessage({
      id: "shared.error.idea.not_deletable",
      defaultMessage: "Only a draft can be deleted. Withdraw a submitted idea first, while nobody is reviewing it.",
    }),
  },
  "idea.merge_not_allowed": {
    status: 409,
    message: defineMessage({
      id: "shared.error.idea.merge_not_allowed",
      defaultMessage: "These ideas cannot be merged.",
    }),
  },
  "idea.own_vote": {
    status: 409,
    message: defineMessage({ id: "shared.error.idea.own_vote", defaultMessage: "You cannot vote for your own idea." }),
  },
  "idea.own_decision": {
    status: 403,
    message: defineMessage({
      id: "shared.error.idea.own_decision",
      defaultMessage:
        "Nobody decides on their own idea: another manager of the team or an administrator must take this step.",
    }),
  },
  "challenge.not_open": {
    status: 409,
    message: defineMessage({
      id: "shared.error.challenge.not_open",
      defaultMessage: "This challenge is not open for ideas.",
    }),
  },
  // Challenges, ideas and actions
  "idea.not_found": {
    status: 404,
    message: defineMessage({ id: "shared.error.idea.not_found", defaultMessage: "That idea does not exist." }),
  },
  "idea.note_required": { status: 400, message: IDEA_MESSAGES.noteRequired },
  "idea.description_required": {
    status: 400,
    message: defineMessage({
      id: "shared.error.idea.description_required",
      defaultMessage: "Please describe your idea in at least 10 characters before submitting it.",
    }),
  },
  "idea.not_submitted": {
    status: 409,
    message: defineMessage({
      id: "shared.error.idea.not_submitted",
      defaultMessage: "Drafts cannot be voted on or commented on. Submit the idea first.",
    }),
  },
  "challenge.not_found": {
    status: 404,
    message: defineMessage({
      id: "shared.error.challenge.not_found",
      defaultMessage: "That challenge does not exist.",
    }),
  },
  "challenge.already_decided": {
    status: 409,
    message: defineMessage({
      id: "shared.error.challenge.already_decided",
      defaultMessage: "This challenge proposal has already been decided.",
    }),
  },
  "challenge.not_editable": {
    status: 409,
    message: defineMessage({
      id: "shared.error.challenge.not_editable",
      defaultMessage: "A closed or rejected challenge can no longer be changed.",
    }),
  },
  "challenge.not_active": {
    status: 409,
    message: defineMessage({
      id: "shared.error.challenge.not_active",
      defaultMessage: "Only an active challenge can be closed.",
    }),
  },
  "challenge.decided_admins_only": {
    status: 403,
    message: defineMessage({
      id: "shared.error.challenge.decided_admins_only",
      defaultMessage:
        "Once an administrator has decided on a company challenge, only administrators can edit or close it.",
    }),
  },
  "evaluation.not_under_review": {
    status: 409,
    message: defineMessage({
      id: "shared.error.evaluation.not_under_review",
      defaultMessage: "An idea is scored while it is under review.",
    }),
  },
  "evaluation.own_idea": {
    status: 403,
    message: defineMessage({
      id: "shared.error.evaluation.own_idea",
      defaultMessage: "You cannot score your own idea.",
    }),
  },
  "evaluation.not_evaluator": {
    status: 403,
    message: defineMessage({
      id: "shared.error.evaluation.not_evaluator",
      defaultMessage: "Only the idea's reviewers and the challenge's invited evaluators score it.",
    }),
  },
  "evaluation.scores_hidden": {
    status: 403,
    message: defineMessage({
      id: "shared.error.evaluation.scores_hidden",
      defaultMessage: "The scores are shown to the evaluators, and to the author once the idea is decided.",
    }),
  },
  "evaluation.score_sort_forbidden": {
    status: 403,
    message: defineMessage({
      id: "shared.error.evaluation.score_sort_forbidden",
      defaultMessage: "Only the reviewers of these ideas can sort them by score.",
    }),
  },
  "evaluation.scores_incomplete": {
    status: 400,
    message: defineMessage({
      id: "shared.error.evaluation.scores_incomplete",
      defaultMessage: "Score every criterion of this idea from 1 to 5.",
    }),
  },
  "evaluation.criteria_required": {
    status: 400,
    message: defineMessage({
      id: "shared.error.evaluation.criteria_required",
      defaultMessage: "The company's set needs at least one criterion.",
    }),
  },
  "evaluation.criterion_unknown": {
    status: 400,
    message: defineMessage({
      id: "shared.error.evaluation.criterion_unknown",
      defaultMessage: "A criterion of the list is not part of this set. Reload the page and try again.",
    }),
  },
  "action.not_found": {
    status: 404,
    message: defineMessage({ id: "shared.error.action.not_found", defaultMessage: "That action does not exist." }),
  },
  // News and its categories
  "news.not_found": {
    status: 404,
    message: defineMessage({ id: "shared.error.news.not_found", defaultMessage: "That news post does not exist." }),
  },
  "news.video_invalid": {
    status: 400,
    message: NEWS_VIDEO_INVALID,
  },
  "news_category.not_found": {
    status: 404,
    message: defineMessage({
      id: "shared.error.news_category.not_found",
      defaultMessage: "That news category does not exist.",
    }),
  },
  "news_category.name_taken": {
    status: 409,
    message: defineMessage({
      id: "shared.error.news_category.name_taken",
      defaultMessage: "A news category with this name already exists.",
    }),
  },
  "news_category.in_use": {
    status: 409,
    message: defineMessage({
      id: "shared.error.news_category.in_use",
      defaultMessage: "This category still has news. Move its news to another category or delete them first.",
    }),
  },
  "news_category.limit_reached": {
    status: 409,
    message: defineMessage({
      id: "shared.error.news_category.limit_reached",
      defaultMessage:
        "The company has as many news categories as it can keep. Delete one that is no longer used first.",
    }),
  },
  // Tags
  "tag.not_found": {
    status: 404,
    message: defineMessage({ id: "shared.error.tag.not_found", defaultMessage: "That tag does not exist." }),
  },
  "tag.name_taken": {
    status: 409,
    message: defineMessage({
      id: "shared.error.tag.name_taken",
      defaultMessage: "A tag with this name already exists.",
    }),
  },
  "tag.adding_off": {
    status: 403,
    message: defineMessage({
      id: "shared.error.tag.adding_off",
      defaultMessage: "Only administrators can add new tags here. Please choose one of the company's tags.",
    }),
  },
  "tag.merge_into_itself": {
    status: 400,
    message: defineMessage({
      id: "shared.error.tag.merge_into_itself",
      defaultMessage: "A tag cannot be merged into itself. Please choose another tag.",
    }),
  },
  // Points, rewards and redemptions
  "reward.not_found": {
    status: 404,
    message: defineMessage({ id: "shared.error.reward.not_found", defaultMessage: "That reward does not exist." }),
  },
  "reward.archived": {
    status: 409,
    message: defineMessage({
      id: "shared.error.reward.archived",
      defaultMessage: "This reward is no longer available.",
    }),
  },
  "reward.out_of_stock": {
    status: 409,
    message: defineMessage({ id: "shared.error.reward.out_of_stock", defaultMessage: "This reward is out of stock." }),
  },
  /** Said with the number missing: "You need 20 more points for this reward." */
  "reward.insufficient_points": {
    status: 409,
    message: defineMessage({
      id: "shared.error.reward.insufficient_points",
      defaultMessage: "You need more points for this reward.",
    }),
  },
  "redemption.not_found": {
    status: 404,
    message: defineMessage({
      id: "shared.error.redemption.not_found",
      defaultMessage: "That redemption does not exist.",
    }),
  },
  "redemption.already_decided": {
    status: 409,
    message: defineMessage({
      id: "shared.error.redemption.already_decided",
      defaultMessage: "This redemption has already been fulfilled or cancelled.",
    }),
  },
  "server.internal": { status: 500, message: STATUS_MESSAGES.serverError },
  "server.unavailable": { status: 503, message: STATUS_MESSAGES.serverError },
  "service.unavailable": {
    status: 503,
    message: defineMessage({
      id: "shared.error.service.unavailable",
      defaultMessage: "The service is temporarily unavailable. Please try again in a moment.",
    }),
  },
} as const satisfies Record<string, { status: number; message: MessageDescriptor }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/** The body of every error answer. */
export interface ErrorBody {
  success: false;
  error: string;
  code: ErrorCode;
  fields?: Record<string, string>;
}

/**
 * An error with a catalogue code; the server's error handler renders it in the reader's language.
 * `message` (the Error's) is the English wording, for logs.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** What the answer's `error` says: the catalogue's message unless the thrower gave a closer one. */
  readonly description: MessageDescriptor;
  readonly values: MessageValues | undefined;
  /** Each refused field's message, alone or with the values its wording takes. */
  readonly fields: Record<string, MessageDescriptor | Phrase> | undefined;

  constructor(
    code: ErrorCode,
    options: {
      message?: MessageDescriptor;
      values?: MessageValues;
      fields?: Record<string, MessageDescriptor | Phrase>;
    } = {},
  ) {
    const entry = ERROR_CATALOGUE[code];
    const description = options.message ?? entry.message;
    super(ENGLISH(description, options.values));
    this.name = "AppError";
    this.code = code;
    this.status = entry.status;
    this.description = description;
    this.values = options.values;
    this.fields = options.fields;
  }

  /** The JSON body sent to the client, its texts in the language of `t`. */
  toBody(t: SayMessage): ErrorBody {
    return {
      success: false,
      error: t(this.description, this.values),
      code: this.code,
      ...(this.fields
        ? {
            fields: Object.fromEntries(
              Object.entries(this.fields).map(([field, said]) => [
                field,
                "id" in said ? t(said) : t(said.message, said.values),
              ]),
            ),
          }
        : {}),
    };
  }
}

const ENGLISH = createTranslator(SOURCE_LANGUAGE, {});
