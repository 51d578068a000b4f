import { z } from "zod";
import { defineEndpoint } from "../api/contract.ts";
import { defineMessages, type MessageDescriptor } from "../i18n/messages.ts";
import { schemaMessage } from "../i18n/schema-messages.ts";
import type { NotificationType } from "../notifications.ts";
import { isManagerLevel, type RoleSubject } from "../permissions/roles.ts";

/**
 * What a person may hear about by e-mail, each chosen on its own in Profile Settings. Every
 * category is about the person themselves (their idea, their request, their action, their
 * redemption, a request they decide), so each starts at "every event".
 */
export const EMAIL_CATEGORIES = [
  "approvals",
  "revision_requests",
  "rejections",
  "comments",
  "admin_requests",
  "request_answers",
  "actions",
  "redemptions",
] as const;
export type EmailCategory = (typeof EMAIL_CATEGORIES)[number];

/** How often a category is mailed: at once, gathered in a daily or weekly digest, or never. */
export const EMAIL_FREQUENCIES = ["immediate", "daily", "weekly", "none"] as const;
export type EmailFrequency = (typeof EMAIL_FREQUENCIES)[number];
export type DigestFrequency = Extract<EmailFrequency, "daily" | "weekly">;

export const DEFAULT_EMAIL_FREQUENCY: EmailFrequency = "immediate";

/** The label of each category in Profile Settings, and in the e-mails' footers (lower-cased). */
export const EMAIL_CATEGORY_LABELS: Record<EmailCategory, MessageDescriptor> = defineMessages({
  approvals: { id: "shared.email.category.approvals", defaultMessage: "Approvals of my ideas" },
  revision_requests: { id: "shared.email.category.revisionRequests", defaultMessage: "Requests to revise my ideas" },
  rejections: { id: "shared.email.category.rejections", defaultMessage: "Decisions not to take my ideas forward" },
  comments: { id: "shared.email.category.comments", defaultMessage: "Comments on my ideas" },
  admin_requests: {
    id: "shared.email.category.adminRequests",
    defaultMessage: "Administrator and team manager requests",
  },
  request_answers: {
    id: "shared.email.category.requestAnswers",
    defaultMessage: "Answers to my requests for administrator or team manager rights",
  },
  actions: { id: "shared.email.category.actions", defaultMessage: "Actions I own" },
  redemptions: { id: "shared.email.category.redemptions", defaultMessage: "Reward redemptions" },
});

/**
 * The categories only the people who decide requests for administrator or team manager rights
 * (administrators and managers) are offered: nobody else is ever sent one.
 */
const DECIDER_CATEGORIES: ReadonlySet<EmailCategory> = new Set(["admin_requests"]);

/** The categories Profile Settings offers `person`, in order; the API answers and accepts these. */
export function emailCategoriesFor(person: RoleSubject): EmailCategory[] {
  return EMAIL_CATEGORIES.filter((category) => !DECIDER_CATEGORIES.has(category) || isManagerLevel(person));
}

export const EMAIL_FREQUENCY_LABELS: Record<EmailFrequency, MessageDescriptor> = defineMessages({
  immediate: { id: "shared.email.frequency.immediate", defaultMessage: "Every event" },
  daily: { id: "shared.email.frequency.daily", defaultMessage: "Daily digest" },
  weekly: { id: "shared.email.frequency.weekly", defaultMessage: "Weekly digest" },
  none: { id: "shared.email.frequency.none", defaultMessage: "None" },
});

const EMAIL_PREFERENCES_MESSAGES = defineMessages({
  frequencyInvalid: {
    id: "shared.email.frequencyInvalid",
    defaultMessage: "Choose every event, a daily digest, a weekly digest or none.",
  },
  preferencesInvalid: {
    id: "shared.email.preferencesInvalid",
    defaultMessage: "Choose how often each kind of e-mail is sent.",
  },
});

/**
 * The notification types that are mailed, by category; every other type (a team's new idea, a
 * reward within reach...) stays in the bell only.
 */
export const EMAIL_CATEGORY_OF_TYPE: Partial<Record<NotificationType, EmailCategory>> = {
  idea_status_approved: "approvals",
  idea_status_needs_revision: "revision_requests",
  idea_status_rejected: "rejections",
  // A merge is a decision not to take the duplicate forward on its own.
  idea_merged: "rejections",
  new_comment: "comments",
  admin_request: "admin_requests",
  admin_approved: "request_answers",
  admin_denied: "request_answers",
  admin_request_response: "request_answers",
  action_assigned: "actions",
  action_due_soon: "actions",
  rewards_redeemed: "redemptions",
  redemption_cancelled: "redemptions",
};

/** The category a notification type is mailed under, or null when it is never mailed. */
export function emailCategoryOf(type: string): EmailCategory | null {
  return EMAIL_CATEGORY_OF_TYPE[type as NotificationType] ?? null;
}

const EmailFrequencySchema = z.enum(EMAIL_FREQUENCIES, {
  message: schemaMessage(EMAIL_PREFERENCES_MESSAGES.frequencyInvalid),
});

/**
 * Each category the person is offered (`emailCategoriesFor`) with its frequency; a PUT sends all
 * of them. `admin_requests` is there only for those who decide requests.
 */
export const EmailPreferencesSchema = z.strictObject(
  Object.fromEntries(
    EMAIL_CATEGORIES.map((category) => [
      category,
      DECIDER_CATEGORIES.has(category) ? EmailFrequencySchema.optional() : EmailFrequencySchema,
    ]),
  ) as Record<Exclude<EmailCategory, "admin_requests">, typeof EmailFrequencySchema> & {
    admin_requests: z.ZodOptional<typeof EmailFrequencySchema>;
  },
  { message: schemaMessage(EMAIL_PREFERENCES_MESSAGES.preferencesInvalid) },
);
export type EmailPreferences = z.infer<typeof EmailPreferencesSchema>;

export const EmailPreferencesResponseSchema = z.object({ preferences: EmailPreferencesSchema });

export const emailPreferencesEndpoints = {
  /** The caller's e-mail preferences: every category they are offered, filled in. */
  getEmailPreferences: defineEndpoint({
    method: "GET",
    path: "/api/email-preferences/",
    response: EmailPreferencesResponseSchema,
  }),
  /** Replaces the caller's e-mail preferences. */
  updateEmailPreferences: defineEndpoint({
    method: "PUT",
    path: "/api/email-preferences/",
    body: EmailPreferencesSchema,
    response: EmailPreferencesResponseSchema,
  }),
} as const;
