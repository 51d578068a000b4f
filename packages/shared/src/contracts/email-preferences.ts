import { z } from "zod";
import { defineEndpoint } from "../api/contract.ts";
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
export const EMAIL_CATEGORY_LABELS: Record<EmailCategory, string> = {
  approvals: "Approvals of my ideas",
  revision_requests: "Requests to revise my ideas",
  rejections: "Decisions not to take my ideas forward",
  comments: "Comments on my ideas",
  admin_requests: "Administrator and team manager requests",
  request_answers: "Answers to my requests for administrator or team manager rights",
  actions: "Actions I own",
  redemptions: "Reward redemptions",
};

/**
 * The categories only the people who decide requests for administrator or team manager rights
 * (administrators and managers) are offered: nobody else is ever sent one.
 */
const DECIDER_CATEGORIES: ReadonlySet<EmailCategory> = new Set(["admin_requests"]);

/** The categories Profile Settings offers `person`, in order; the API answers and accepts these. */
export function emailCategoriesFor(person: RoleSubject): EmailCategory[] {
  return EMAIL_CATEGORIES.filter((category) => !DECIDER_CATEGORIES.has(category) || isManagerLevel(person));
}

export const EMAIL_FREQUENCY_LABELS: Record<EmailFrequency, string> = {
  immediate: "Every event",
  daily: "Daily digest",
  weekly: "Weekly digest",
  none: "None",
};

/**
 * The notification types that are mailed, by category; every other type (a team's new idea, a
 * reward within reach...) stays in the bell only.
 */
export const EMAIL_CATEGORY_OF_TYPE: Partial<Record<NotificationType, EmailCategory>> = {
  idea_status_approved: "approvals",
  idea_status_needs_revision: "revision_requests",
  idea_status_rejected: "rejections",
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
  message: "Choose every event, a daily digest, a weekly digest or none.",
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
  { message: "Choose how often each kind of e-mail is sent." },
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
