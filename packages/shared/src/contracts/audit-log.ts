import { z } from "zod";
import { defineEndpoint } from "../api/contract.ts";
import { defineMessages, type MessageDescriptor } from "../i18n/messages.ts";
import { schemaMessage } from "../i18n/schema-messages.ts";
import { ANALYTICS_CSV_BYTE_ORDER_MARK } from "./analytics.ts";
import { isCalendarDay, isWithinCalendarYears, NextCursorSchema, PageQuerySchema, SuccessSchema } from "./common.ts";

// The company's audit log, as administrators read and export it

/**
 * Every action the audit log records, dotted `<target>.<verb>`: the one list the server writes
 * from, the filter accepts and the screen labels. Actions of features still to come (single
 * sign-on, SCIM, data export and erasure) are here so that their entries read and filter the same
 * way from the first one.
 */
export const AUDIT_ACTIONS = [
  "auth.sign_in_succeeded",
  "auth.sign_in_failed",
  "auth.sso_sign_in_succeeded",
  "auth.sso_sign_in_failed",
  "session.refresh_token_reused",
  "sso.configured",
  "sso.removed",
  "integration.channel_created",
  "integration.channel_changed",
  "integration.channel_deleted",
  "integration.webhook_created",
  "integration.webhook_changed",
  "integration.webhook_deleted",
  "api_token.created",
  "api_token.revoked",
  "scim.token_created",
  "scim.token_revoked",
  "scim.user_provisioned",
  "scim.user_updated",
  "scim.user_deprovisioned",
  "scim.user_reactivated",
  "scim.group_created",
  "scim.group_renamed",
  "scim.group_deleted",
  "scim.group_changed",
  "data.exported",
  "user.erased",
  "company.created",
  "company.renamed",
  "company.password_changed",
  "company.language_changed",
  "company.points_rules_changed",
  "user.joined_company",
  "user.profile_updated",
  "user.password_changed",
  "user.password_reset",
  "user.role_changed",
  "user.made_admin",
  "user.admin_removed",
  "user.moved_team",
  "user.deactivated",
  "user.reactivated",
  "team.created",
  "team.renamed",
  "team.deleted",
  "team.archived",
  "team.manager_changed",
  "team.member_removed",
  "invitation.created",
  "invitation.revoked",
  "invitation.accepted",
  "admin_request.created",
  "admin_request.approved",
  "admin_request.denied",
  "challenge.created",
  "challenge.proposed",
  "challenge.approved",
  "challenge.rejected",
  "challenge.closed",
  "idea.endorsed",
  "idea.approved",
  "idea.rejected",
  "idea.merged",
  "news.created",
  "news.updated",
  "news.deleted",
  "news_category.created",
  "news_category.renamed",
  "news_category.deleted",
  "tag.renamed",
  "tag.merged",
  "tag.deleted",
  "reward.created",
  "reward.updated",
  "reward.archived",
  "redemption.fulfilled",
  "redemption.cancelled",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What each action reads as in the log and its export. */
export const AUDIT_ACTION_LABELS: Readonly<Record<AuditAction, MessageDescriptor>> = defineMessages({
  "auth.sign_in_succeeded": { id: "shared.auditLog.action.signInSucceeded", defaultMessage: "Signed in" },
  "auth.sign_in_failed": { id: "shared.auditLog.action.signInFailed", defaultMessage: "Sign-in failed" },
  "auth.sso_sign_in_succeeded": {
    id: "shared.auditLog.action.ssoSignInSucceeded",
    defaultMessage: "Signed in with single sign-on",
  },
  "auth.sso_sign_in_failed": {
    id: "shared.auditLog.action.ssoSignInFailed",
    defaultMessage: "Single sign-on failed",
  },
  "session.refresh_token_reused": {
    id: "shared.auditLog.action.refreshTokenReused",
    defaultMessage: "Stolen session ended",
  },
  "sso.configured": { id: "shared.auditLog.action.ssoConfigured", defaultMessage: "Single sign-on set up" },
  "sso.removed": { id: "shared.auditLog.action.ssoRemoved", defaultMessage: "Single sign-on removed" },
  "integration.channel_created": {
    id: "shared.auditLog.action.integrationChannelCreated",
    defaultMessage: "Chat channel connected",
  },
  "integration.channel_changed": {
    id: "shared.auditLog.action.integrationChannelChanged",
    defaultMessage: "Chat channel changed",
  },
  "integration.channel_deleted": {
    id: "shared.auditLog.action.integrationChannelDeleted",
    defaultMessage: "Chat channel removed",
  },
  "integration.webhook_created": {
    id: "shared.auditLog.action.integrationWebhookCreated",
    defaultMessage: "Webhook registered",
  },
  "integration.webhook_changed": {
    id: "shared.auditLog.action.integrationWebhookChanged",
    defaultMessage: "Webhook changed",
  },
  "integration.webhook_deleted": {
    id: "shared.auditLog.action.integrationWebhookDeleted",
    defaultMessage: "Webhook removed",
  },
  "api_token.created": { id: "shared.auditLog.action.apiTokenCreated", defaultMessage: "API token created" },
  "api_token.revoked": { id: "shared.auditLog.action.apiTokenRevoked", defaultMessage: "API token revoked" },
  "scim.token_created": { id: "shared.auditLog.action.scimTokenCreated", defaultMessage: "SCIM token created" },
  "scim.token_revoked": { id: "shared.auditLog.action.scimTokenRevoked", defaultMessage: "SCIM token revoked" },
  "scim.user_provisioned": {
    id: "shared.auditLog.action.scimUserProvisioned",
    defaultMessage: "Person added by SCIM",
  },
  "scim.user_updated": { id: "shared.auditLog.action.scimUserUpdated", defaultMessage: "Person changed by SCIM" },
  "scim.user_deprovisioned": {
    id: "shared.auditLog.action.scimUserDeprovisioned",
    defaultMessage: "Person deactivated by SCIM",
  },
  "scim.user_reactivated": {
    id: "shared.auditLog.action.scimUserReactivated",
    defaultMessage: "Person reactivated by SCIM",
  },
  "scim.group_created": { id: "shared.auditLog.action.scimGroupCreated", defaultMessage: "Team created by SCIM" },
  "scim.group_renamed": { id: "shared.auditLog.action.scimGroupRenamed", defaultMessage: "Team renamed by SCIM" },
  "scim.group_deleted": { id: "shared.auditLog.action.scimGroupDeleted", defaultMessage: "Team deleted by SCIM" },
  "scim.group_changed": { id: "shared.auditLog.action.scimGroupChanged", defaultMessage: "Team changed by SCIM" },
  "data.exported": { id: "shared.auditLog.action.dataExported", defaultMessage: "Data exported" },
  "user.erased": { id: "shared.auditLog.action.userErased", defaultMessage: "Person's data erased" },
  "company.created": { id: "shared.auditLog.action.companyCreated", defaultMessage: "Company created" },
  "company.renamed": { id: "shared.auditLog.action.companyRenamed", defaultMessage: "Company renamed" },
  "company.password_changed": {
    id: "shared.auditLog.action.companyPasswordChanged",
    defaultMessage: "Join password changed",
  },
  "company.language_changed": {
    id: "shared.auditLog.action.companyLanguageChanged",
    defaultMessage: "Company language changed",
  },
  "company.points_rules_changed": {
    id: "shared.auditLog.action.pointsRulesChanged",
    defaultMessage: "Points rules changed",
  },
  "user.joined_company": { id: "shared.auditLog.action.userJoinedCompany", defaultMessage: "Joined the company" },
  "user.profile_updated": { id: "shared.auditLog.action.userProfileUpdated", defaultMessage: "Profile changed" },
  "user.password_changed": { id: "shared.auditLog.action.userPasswordChanged", defaultMessage: "Password changed" },
  "user.password_reset": { id: "shared.auditLog.action.userPasswordReset", defaultMessage: "Password reset" },
  "user.role_changed": { id: "shared.auditLog.action.userRoleChanged", defaultMessage: "Role changed" },
  "user.made_admin": { id: "shared.auditLog.action.userMadeAdmin", defaultMessage: "Admin rights given" },
  "user.admin_removed": { id: "shared.auditLog.action.userAdminRemoved", defaultMessage: "Admin rights removed" },
  "user.moved_team": { id: "shared.auditLog.action.userMovedTeam", defaultMessage: "Moved to another team" },
  "user.deactivated": { id: "shared.auditLog.action.userDeactivated", defaultMessage: "Person deactivated" },
  "user.reactivated": { id: "shared.auditLog.action.userReactivated", defaultMessage: "Person reactivated" },
  "team.created": { id: "shared.auditLog.action.teamCreated", defaultMessage: "Team created" },
  "team.renamed": { id: "shared.auditLog.action.teamRenamed", defaultMessage: "Team renamed" },
  "team.deleted": { id: "shared.auditLog.action.teamDeleted", defaultMessage: "Team deleted" },
  "team.archived": { id: "shared.auditLog.action.teamArchived", defaultMessage: "Team archived" },
  "team.manager_changed": { id: "shared.auditLog.action.teamManagerChanged", defaultMessage: "Team manager changed" },
  "team.member_removed": { id: "shared.auditLog.action.teamMemberRemoved", defaultMessage: "Removed from a team" },
  "invitation.created": { id: "shared.auditLog.action.invitationCreated", defaultMessage: "Invitation sent" },
  "invitation.revoked": { id: "shared.auditLog.action.invitationRevoked", defaultMessage: "Invitation revoked" },
  "invitation.accepted": { id: "shared.auditLog.action.invitationAccepted", defaultMessage: "Invitation accepted" },
  "admin_request.created": {
    id: "shared.auditLog.action.adminRequestCreated",
    defaultMessage: "Admin rights asked for",
  },
  "admin_request.approved": {
    id: "shared.auditLog.action.adminRequestApproved",
    defaultMessage: "Admin request approved",
  },
  "admin_request.denied": { id: "shared.auditLog.action.adminRequestDenied", defaultMessage: "Admin request denied" },
  "challenge.created": { id: "shared.auditLog.action.challengeCreated", defaultMessage: "Challenge created" },
  "challenge.proposed": { id: "shared.auditLog.action.challengeProposed", defaultMessage: "Challenge proposed" },
  "challenge.approved": { id: "shared.auditLog.action.challengeApproved", defaultMessage: "Challenge approved" },
  "challenge.rejected": { id: "shared.auditLog.action.challengeRejected", defaultMessage: "Challenge declined" },
  "challenge.closed": { id: "shared.auditLog.action.challengeClosed", defaultMessage: "Challenge closed" },
  "idea.endorsed": { id: "shared.auditLog.action.ideaEndorsed", defaultMessage: "Idea passed to the admins" },
  "idea.approved": { id: "shared.auditLog.action.ideaApproved", defaultMessage: "Idea approved" },
  "idea.rejected": { id: "shared.auditLog.action.ideaRejected", defaultMessage: "Idea rejected" },
  "idea.merged": { id: "shared.auditLog.action.ideaMerged", defaultMessage: "Idea merged into another" },
  "news.created": { id: "shared.auditLog.action.newsCreated", defaultMessage: "News post created" },
  "news.updated": { id: "shared.auditLog.action.newsUpdated", defaultMessage: "News post changed" },
  "news.deleted": { id: "shared.auditLog.action.newsDeleted", defaultMessage: "News post deleted" },
  "news_category.created": {
    id: "shared.auditLog.action.newsCategoryCreated",
    defaultMessage: "News category created",
  },
  "news_category.renamed": {
    id: "shared.auditLog.action.newsCategoryRenamed",
    defaultMessage: "News category renamed",
  },
  "news_category.deleted": {
    id: "shared.auditLog.action.newsCategoryDeleted",
    defaultMessage: "News category deleted",
  },
  "tag.renamed": { id: "shared.auditLog.action.tagRenamed", defaultMessage: "Tag renamed" },
  "tag.merged": { id: "shared.auditLog.action.tagMerged", defaultMessage: "Tag merged into another" },
  "tag.deleted": { id: "shared.auditLog.action.tagDeleted", defaultMessage: "Tag deleted" },
  "reward.created": { id: "shared.auditLog.action.rewardCreated", defaultMessage: "Reward created" },
  "reward.updated": { id: "shared.auditLog.action.rewardUpdated", defaultMessage: "Reward changed" },
  "reward.archived": { id: "shared.auditLog.action.rewardArchived", defaultMessage: "Reward archived" },
  "redemption.fulfilled": { id: "shared.auditLog.action.redemptionFulfilled", defaultMessage: "Redemption fulfilled" },
  "redemption.cancelled": { id: "shared.auditLog.action.redemptionCancelled", defaultMessage: "Redemption cancelled" },
});

/** The kinds of record an entry is about, as the log names them when the record has no name of its own. */
export const AUDIT_TARGET_LABELS: Readonly<Record<string, MessageDescriptor>> = defineMessages({
  user: { id: "shared.auditLog.target.user", defaultMessage: "Person" },
  team: { id: "shared.auditLog.target.team", defaultMessage: "Team" },
  company: { id: "shared.auditLog.target.company", defaultMessage: "Company" },
  invitation: { id: "shared.auditLog.target.invitation", defaultMessage: "Invitation" },
  admin_request: { id: "shared.auditLog.target.adminRequest", defaultMessage: "Admin request" },
  challenge: { id: "shared.auditLog.target.challenge", defaultMessage: "Challenge" },
  idea: { id: "shared.auditLog.target.idea", defaultMessage: "Idea" },
  news: { id: "shared.auditLog.target.news", defaultMessage: "News post" },
  news_category: { id: "shared.auditLog.target.newsCategory", defaultMessage: "News category" },
  tag: { id: "shared.auditLog.target.tag", defaultMessage: "Tag" },
  reward: { id: "shared.auditLog.target.reward", defaultMessage: "Reward" },
  reward_redemption: { id: "shared.auditLog.target.rewardRedemption", defaultMessage: "Redemption" },
});

/** True for an action of the list. */
export function isAuditAction(value: string): value is AuditAction {
  return (AUDIT_ACTIONS as readonly string[]).includes(value);
}

export const AUDIT_LOG_MESSAGES = defineMessages({
  actorInvalid: { id: "shared.auditLog.actorInvalid", defaultMessage: "The person must be given by their id." },
  actionInvalid: {
    id: "shared.auditLog.actionInvalid",
    defaultMessage: "This is not an action the audit log records.",
  },
  dayInvalid: { id: "shared.auditLog.dayInvalid", defaultMessage: "Must be a day of the calendar, like 2026-12-31." },
  toBeforeFrom: { id: "shared.auditLog.toBeforeFrom", defaultMessage: "The to day must not be before the from day." },
});

const dayInvalid = schemaMessage(AUDIT_LOG_MESSAGES.dayInvalid);
const DaySchema = z
  .string({ error: dayInvalid })
  .refine(isCalendarDay, { message: dayInvalid, abort: true })
  .refine(isWithinCalendarYears, dayInvalid);

const auditFilterFields = {
  /** Entries this person made. */
  actor: z.uuid({ message: schemaMessage(AUDIT_LOG_MESSAGES.actorInvalid) }).optional(),
  action: z.enum(AUDIT_ACTIONS, { message: schemaMessage(AUDIT_LOG_MESSAGES.actionInvalid) }).optional(),
  /** First day (UTC) of the period, included. */
  from: DaySchema.optional(),
  /** Last day (UTC) of the period, included. */
  to: DaySchema.optional(),
};

const TO_BEFORE_FROM = schemaMessage(AUDIT_LOG_MESSAGES.toBeforeFrom);
function checkPeriod(query: { from?: string | undefined; to?: string | undefined }, context: z.RefinementCtx) {
  if (query.from !== undefined && query.to !== undefined && query.to < query.from) {
    context.addIssue({ code: "custom", path: ["to"], message: TO_BEFORE_FROM });
  }
}

/** The export's query: the list's filters, without paging. */
export const AuditLogFilterSchema = z.object(auditFilterFields).superRefine(checkPeriod);
export type AuditLogFilter = z.input<typeof AuditLogFilterSchema>;

/** `GET /api/audit-log/?cursor=&limit=&actor=&action=&from=&to=`: newest first. */
export const AuditLogQuerySchema = PageQuerySchema.extend(auditFilterFields).superRefine(checkPeriod);
export type AuditLogQuery = z.input<typeof AuditLogQuerySchema>;

/** One entry: who did what to which record, when, and from which address. */
export const AuditEntrySchema = z.object({
  id: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  /** Who did it; null for the system, or a person since removed. */
  actor: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  /** What kind of record: "user", "team", "company", "invitation"… */
  target_type: z.string(),
  target_id: z.string().nullable(),
  /** The record's name when it is a person or a team of the company, else null. */
  target_name: z.string().nullable(),
  /** The IP address the request came from; null for entries written before addresses were kept. */
  ip_address: z.string().nullable(),
  /** What changed (`{ from, to }` of a role…); never a secret. */
  details: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditLogResponseSchema = SuccessSchema.extend({
  entries: z.array(AuditEntrySchema),
  next_cursor: NextCursorSchema,
});
export type AuditLogResponse = z.infer<typeof AuditLogResponseSchema>;

/** The columns of the export, in order; the first line names them in the reader's language. */
export const AUDIT_CSV_COLUMNS = [
  "created_at",
  "actor",
  "actor_email",
  "action",
  "action_label",
  "target_type",
  "target",
  "ip_address",
  "details",
] as const;
export type AuditCsvColumn = (typeof AUDIT_CSV_COLUMNS)[number];

/** The export starts with the UTF-8 byte-order mark, as the ideas export does, so Excel reads accents right. */
export const AUDIT_CSV_BYTE_ORDER_MARK = ANALYTICS_CSV_BYTE_ORDER_MARK;

/** The export's file name. */
export const AUDIT_CSV_FILE_NAME = "audit-log.csv";

/** The query string of a list or export, leaving out what is not set. */
export function auditLogQueryString(filter: AuditLogFilter & { cursor?: string }): string {
  const params = new URLSearchParams();
  for (const key of ["actor", "action", "from", "to", "cursor"] as const) {
    const value = filter[key];
    if (value) params.set(key, value);
  }
  return params.toString();
}

/** The audit log: company administrators only. */
export const auditLogEndpoints = {
  listAuditLog: defineEndpoint({
    tokenScope: "admin",
    method: "GET",
    path: "/api/audit-log/",
    query: AuditLogQuerySchema,
    response: AuditLogResponseSchema,
  }),
  /**
   * The entries matching the filter, newest first, as CSV (text/csv, streamed, an attachment,
   * starting with the UTF-8 byte-order mark): the columns of AUDIT_CSV_COLUMNS. Not JSON.
   */
  auditLogCsv: defineEndpoint({
    tokenScope: "admin",
    method: "GET",
    path: "/api/audit-log.csv",
    query: AuditLogFilterSchema,
    response: z.string(),
  }),
} as const;
