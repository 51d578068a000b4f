import { z } from "zod";
import { defineEndpoint } from "../api/contract.ts";
import { defineMessages } from "../i18n/messages.ts";
import { schemaMessage } from "../i18n/schema-messages.ts";
import { SuccessSchema } from "./common.ts";

/** The review due date of an idea waiting for its reviewer: this many days after submission, unless the company says otherwise. */
export const DEFAULT_REVIEW_DUE_DAYS = 7;

/**
 * Closed challenges and done actions stay in the feed as cancelled events while their date is at
 * most this many days past, so subscribed calendars remove them rather than keep a stale copy.
 */
export const CALENDAR_CANCELLED_EVENTS_KEEP_DAYS = 30;

/** Where the feed is served: `/calendar/{token}.ics`, outside /api so calendar apps need no headers. */
export const CALENDAR_FEED_PATH_PREFIX = "/calendar/";

/** The feed's address for a token, under the app's public URL. */
export function calendarFeedUrl(appUrl: string, token: string): string {
  return `${appUrl.replace(/\/+$/, "")}${CALENDAR_FEED_PATH_PREFIX}${encodeURIComponent(token)}.ics`;
}

/** The texts of the calendar feed and of its settings section, in one place. */
export const CALENDAR_MESSAGES = defineMessages({
  feedName: { id: "shared.calendar.feedName", defaultMessage: "Ideaport ({company})" },
  feedDescription: {
    id: "shared.calendar.feedDescription",
    defaultMessage: "Challenge deadlines, action due dates and ideas waiting for your review.",
  },
  challengeDeadline: { id: "shared.calendar.challengeDeadline", defaultMessage: "Challenge deadline: {title}" },
  actionDue: { id: "shared.calendar.actionDue", defaultMessage: "Action due: {title}" },
  reviewDue: { id: "shared.calendar.reviewDue", defaultMessage: "Review due: {title}" },
  providerNotConfigured: {
    id: "shared.calendar.providerNotConfigured",
    defaultMessage:
      "Connecting a calendar account is not set up on this server, so your calendar app can subscribe to the address above instead. It works with every calendar app.",
  },
  connected: { id: "shared.calendar.connected", defaultMessage: "Your calendar is connected to {provider}." },
  needsReconnecting: {
    id: "shared.calendar.needsReconnecting",
    defaultMessage:
      "{provider} no longer accepts Ideaport's access to your calendar. Connect it again to keep your dates in it.",
  },
  providerKeyMissing: {
    id: "shared.calendar.providerKeyMissing",
    defaultMessage:
      "A calendar provider is configured, but the key that encrypts its tokens (CALENDAR_TOKEN_KEY) is not set, so connecting a calendar is turned off.",
  },
  returnPathInvalid: {
    id: "shared.calendar.returnPathInvalid",
    defaultMessage: "The page to return to must be a page of the app.",
  },
  providerAnswerMissing: {
    id: "shared.calendar.providerAnswerMissing",
    defaultMessage: "The provider's answer is missing.",
  },
  providerAnswerTooLong: {
    id: "shared.calendar.providerAnswerTooLong",
    defaultMessage: "The provider's answer is too long.",
  },
  reviewDueDaysInvalid: {
    id: "shared.calendar.reviewDueDaysInvalid",
    defaultMessage: "Enter a whole number of days from 1 to {max}.",
  },
});

/** The person's provider connection, as settings shows it. */
export const CalendarConnectionSchema = z.object({
  /** True when a provider is configured and usable on this server. */
  available: z.boolean(),
  /** Why a connection cannot be made here, when it cannot. */
  unavailable_reason: z.string().nullable(),
  status: z.enum(["not_connected", "connected", "needs_reconnecting"]),
  provider_name: z.string().nullable(),
  connected_at: z.string().nullable(),
});
export type CalendarConnection = z.infer<typeof CalendarConnectionSchema>;

export const CalendarSettingsResponseSchema = SuccessSchema.extend({
  /** The secret subscription address; whoever has it can read the feed, so it is shown only to its owner. */
  feed_url: z.string(),
  connection: CalendarConnectionSchema,
});
export type CalendarSettingsResponse = z.infer<typeof CalendarSettingsResponseSchema>;

/** Resetting the address takes nothing but the request itself. */
export const RotateCalendarFeedRequestSchema = z.strictObject({}).nullish();

export const CalendarFeedRotateResponseSchema = SuccessSchema.extend({ feed_url: z.string() });

/** Where the person returns after connecting: a page of the app, never another site. */
export const CalendarReturnPathSchema = z
  .string()
  .max(500)
  .regex(/^\/app(\/[A-Za-z0-9_\-/]*)?(\?[A-Za-z0-9_\-=&%.]*)?(#[A-Za-z0-9_-]*)?$/, {
    message: schemaMessage(CALENDAR_MESSAGES.returnPathInvalid),
  });

export const StartCalendarConnectionRequestSchema = z.strictObject({
  return_to: CalendarReturnPathSchema.default("/app/settings/profile"),
});
export const StartCalendarConnectionResponseSchema = SuccessSchema.extend({
  /** The provider's consent page; the browser goes there next. */
  authorization_url: z.string(),
});

/** The callback page hands over the query string the provider sent it back with. */
export const FinishCalendarConnectionRequestSchema = z.strictObject({
  callback_query: z
    .string({ error: schemaMessage(CALENDAR_MESSAGES.providerAnswerMissing) })
    .max(8000, { message: schemaMessage(CALENDAR_MESSAGES.providerAnswerTooLong) }),
});
export const FinishCalendarConnectionResponseSchema = SuccessSchema.extend({
  return_to: z.string(),
  connection: CalendarConnectionSchema,
});

export const DisconnectCalendarResponseSchema = SuccessSchema.extend({
  connection: CalendarConnectionSchema,
});

/** Company Settings: how many days after submission an idea's review is due in reviewers' calendars. */
export const CALENDAR_REVIEW_DUE_DAYS_MAX = 60;
const reviewDueDaysMessage = schemaMessage(CALENDAR_MESSAGES.reviewDueDaysInvalid, {
  max: CALENDAR_REVIEW_DUE_DAYS_MAX,
});
export const CalendarCompanySettingsSchema = z.strictObject({
  review_due_days: z
    .number({ error: reviewDueDaysMessage })
    .int(reviewDueDaysMessage)
    .min(1, reviewDueDaysMessage)
    .max(CALENDAR_REVIEW_DUE_DAYS_MAX, reviewDueDaysMessage),
});
export type CalendarCompanySettings = z.infer<typeof CalendarCompanySettingsSchema>;
export const CalendarCompanySettingsResponseSchema = SuccessSchema.extend({
  settings: CalendarCompanySettingsSchema,
});

export const calendarEndpoints = {
  /** The caller's feed address and provider connection. */
  calendarSettings: defineEndpoint({
    method: "GET",
    path: "/api/calendar/",
    response: CalendarSettingsResponseSchema,
  }),
  /** A new feed address for the caller; the old one answers 404 at once. */
  rotateCalendarFeed: defineEndpoint({
    method: "POST",
    path: "/api/calendar/feed/rotate/",
    body: RotateCalendarFeedRequestSchema,
    response: CalendarFeedRotateResponseSchema,
  }),
  /** Starts connecting the caller's calendar account: answers the provider's authorization URL. */
  startCalendarConnection: defineEndpoint({
    method: "POST",
    path: "/api/calendar/connection/start/",
    body: StartCalendarConnectionRequestSchema,
    response: StartCalendarConnectionResponseSchema,
  }),
  /** Finishes it from /auth/calendar/callback: checks the state, exchanges the code, keeps the tokens encrypted. */
  finishCalendarConnection: defineEndpoint({
    method: "POST",
    path: "/api/calendar/connection/finish/",
    body: FinishCalendarConnectionRequestSchema,
    response: FinishCalendarConnectionResponseSchema,
  }),
  /** The company's calendar settings (admins). */
  calendarCompanySettings: defineEndpoint({
    method: "GET",
    path: "/api/calendar/company-settings/",
    response: CalendarCompanySettingsResponseSchema,
  }),
  /** Changes them (admins); every reviewer's calendar follows on its next read or sync. */
  updateCalendarCompanySettings: defineEndpoint({
    method: "PUT",
    path: "/api/calendar/company-settings/",
    body: CalendarCompanySettingsSchema,
    response: CalendarCompanySettingsResponseSchema,
  }),
  /** Disconnects the caller's calendar account: its tokens are deleted. */
  disconnectCalendar: defineEndpoint({
    method: "DELETE",
    path: "/api/calendar/connection/",
    response: DisconnectCalendarResponseSchema,
  }),
} as const;

/** Links that add a subscription to the common calendar apps (each opens the app's own "subscribe" screen). */
export function calendarSubscribeLinks(feedUrl: string) {
  const webcal = feedUrl.replace(/^https?:\/\//, "webcal://");
  return {
    webcal,
    google: `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcal)}`,
    outlook: `https://outlook.live.com/calendar/0/addfromweb?url=${encodeURIComponent(feedUrl)}&name=${encodeURIComponent("Ideaport")}`,
    apple: webcal,
  };
}
