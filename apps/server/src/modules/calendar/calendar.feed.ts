import { createHash } from "node:crypto";
import { CALENDAR_MESSAGES, type Language, type Translate } from "@ideaport/shared";
import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import type { CalendarEvent } from "./calendar.events.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** How often subscribed apps are asked to look again (most poll on their own schedule anyway). */
const REFRESH_SECONDS = 60 * 60;

/**
 * A person's events as an iCalendar document (RFC 5545), its texts in the person's language
 * (`reader.t`; the events come titled in it): escaping and line folding by
 * ical-generator; all-day events as DATE values ending the next day; DTSTAMP is the event's last
 * change, so the same data always gives the same bytes (and the same ETag).
 */
export function renderCalendarFeed(
  events: CalendarEvent[],
  reader: { companyName: string; language: Language; t: Translate },
): string {
  const calendar = ical({
    name: reader.t(CALENDAR_MESSAGES.feedName, { company: reader.companyName }),
    description: reader.t(CALENDAR_MESSAGES.feedDescription),
    prodId: { company: "Ideaport", product: "Ideaport", language: reader.language.toUpperCase() },
    method: ICalCalendarMethod.PUBLISH,
    ttl: REFRESH_SECONDS,
  });
  for (const event of events) calendar.createEvent(icalEventOf(event));
  return calendar.toString();
}

/** One event in ical-generator's terms (also the body of a CalDAV PUT, one event per resource). */
export function icalEventOf(event: CalendarEvent) {
  return {
    id: event.uid,
    summary: event.summary,
    description: event.description || null,
    url: event.url,
    start: event.start,
    end: event.allDay ? new Date(event.start.getTime() + DAY_MS) : event.start,
    allDay: event.allDay,
    status: event.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    sequence: event.sequence,
    created: event.created,
    lastModified: event.lastModified,
    stamp: event.lastModified,
  };
}

/** A strong ETag of a feed document. */
export function feedEtagOf(document: string): string {
  return `"${createHash("sha256").update(document, "utf8").digest("base64url").slice(0, 32)}"`;
}

/** True when an If-None-Match header names this ETag (or `*`); weak and strong forms compare alike. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim() === "*" || bare(tag) === bare(etag));
}
