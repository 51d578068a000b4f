import {
  CALENDAR_CANCELLED_EVENTS_KEEP_DAYS,
  CALENDAR_MESSAGES,
  challengePath,
  DEFAULT_REVIEW_DUE_DAYS,
  ideaPath,
  ROUTES,
  type Translate,
} from "@ideaport/shared";

const DAY_MS = 24 * 60 * 60 * 1000;

/** One event of a person's calendar, whichever way it reaches them (the feed, or CalDAV). */
export interface CalendarEvent {
  /** Stable across versions, so calendar apps update the event rather than add another. */
  uid: string;
  summary: string;
  description: string;
  url: string;
  /** An all-day event's day (at 00:00 UTC), or a timed event's instant. */
  start: Date;
  allDay: boolean;
  cancelled: boolean;
  /** Rises whenever the event's source changes: seconds from its creation to its last change. */
  sequence: number;
  created: Date;
  lastModified: Date;
}

export interface FeedChallengeSource {
  id: string;
  title: string;
  description: string;
  status: string;
  endsAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface FeedActionSource {
  id: string;
  ideaId: string;
  title: string;
  status: string;
  dueDate: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface FeedReviewSource {
  id: string;
  title: string;
  submittedAt: Date | null;
  updatedAt: Date;
}

export interface FeedSources {
  challenges: FeedChallengeSource[];
  actions: FeedActionSource[];
  reviews: FeedReviewSource[];
}

export interface FeedContext {
  appUrl: string;
  /** The reader's ideas page (employee or manager), where challenges and ideas open. */
  ideasPage: string;
  reviewDueDays: number;
  /** The company's last change: a new review due-days setting moves every review event. */
  companyUpdatedAt: Date;
  /** Says the events' titles in the reader's language. */
  t: Translate;
}

/** The review due days a company's settings hold, or the default when unset or not a sensible number. */
export function reviewDueDaysOf(settings: unknown): number {
  const value = (settings as { calendar?: { review_due_days?: unknown } } | null)?.calendar?.review_due_days;
  return typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= 365
    ? value
    : DEFAULT_REVIEW_DUE_DAYS;
}

/** The earliest deadline a cancelled event may have and still be kept in the feed. */
export function cancelledSince(now: Date): Date {
  return new Date(now.getTime() - CALENDAR_CANCELLED_EVENTS_KEEP_DAYS * DAY_MS);
}

function sequenceOf(created: Date, lastModified: Date): number {
  return Math.max(0, Math.floor((lastModified.getTime() - created.getTime()) / 1000));
}

function latest(...instants: Date[]): Date {
  return new Date(Math.max(...instants.map((instant) => instant.getTime())));
}

/** A deadline given as a day ends at 23:59:59.999 UTC (challengeInstant): it is that whole day. */
function isEndOfUtcDay(instant: Date): boolean {
  return (
    instant.getUTCHours() === 23 &&
    instant.getUTCMinutes() === 59 &&
    instant.getUTCSeconds() === 59 &&
    instant.getUTCMilliseconds() === 999
  );
}

function utcDayOf(instant: Date): Date {
  return new Date(Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate()));
}

/** `2026-12-01` as the all-day event's start (00:00 UTC of that day). */
function dayOf(text: string): Date {
  return new Date(`${text}T00:00:00.000Z`);
}

/**
 * The events of a person's calendar: challenge deadlines (cancelled once closed), due dates of
 * their actions (cancelled once done) and, for reviewers, the review due date of each idea
 * waiting in their queue.
 */
export function buildCalendarEvents(sources: FeedSources, context: FeedContext): CalendarEvent[] {
  const events: CalendarEvent[] = [];
  const link = (path: string) => `${context.appUrl}${path}`;

  for (const challenge of sources.challenges) {
    if (!challenge.endsAt) continue;
    const allDay = isEndOfUtcDay(challenge.endsAt);
    events.push({
      uid: `challenge-deadline-${challenge.id}@ideaport`,
      summary: context.t(CALENDAR_MESSAGES.challengeDeadline, { title: challenge.title }),
      description: challenge.description,
      url: link(challengePath(context.ideasPage, challenge.id)),
      start: allDay ? utcDayOf(challenge.endsAt) : challenge.endsAt,
      allDay,
      cancelled: challenge.status !== "active",
      sequence: sequenceOf(challenge.createdAt, challenge.updatedAt),
      created: challenge.createdAt,
      lastModified: challenge.updatedAt,
    });
  }

  for (const action of sources.actions) {
    if (!action.dueDate) continue;
    events.push({
      uid: `action-due-${action.id}@ideaport`,
      summary: context.t(CALENDAR_MESSAGES.actionDue, { title: action.title }),
      description: "",
      url: link(ideaPath(context.ideasPage, action.ideaId)),
      start: dayOf(action.dueDate),
      allDay: true,
      cancelled: action.status === "done",
      sequence: sequenceOf(action.createdAt, action.updatedAt),
      created: action.createdAt,
      lastModified: action.updatedAt,
    });
  }

  for (const idea of sources.reviews) {
    if (!idea.submittedAt) continue;
    const lastModified = latest(idea.submittedAt, idea.updatedAt, context.companyUpdatedAt);
    events.push({
      uid: `idea-review-${idea.id}@ideaport`,
      summary: context.t(CALENDAR_MESSAGES.reviewDue, { title: idea.title }),
      description: "",
      url: link(ideaPath(ROUTES.managerIdeas, idea.id)),
      start: utcDayOf(new Date(idea.submittedAt.getTime() + context.reviewDueDays * DAY_MS)),
      allDay: true,
      cancelled: false,
      sequence: sequenceOf(idea.submittedAt, lastModified),
      created: idea.submittedAt,
      lastModified,
    });
  }
  return events;
}
