import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  challengeDayOf,
  daysFromToday,
  formatCalendarDay,
  formatClockTime,
  formatDate,
  formatDateTime,
  formatFullCalendarDay,
  formatFullDate,
  formatList,
  formatNumber,
  formatNumericDateTime,
  formatPercent,
  formatPoints,
  formatRelativeDays,
  formatRelativeTime,
  formatTime,
  toValidDate,
} from "./format.ts";
import { setLanguage } from "./i18n.ts";

// Built in the machine's own time zone, so the local day and time read the same anywhere.
const MORNING = new Date(2026, 2, 14, 9, 30, 5);

describe("format", () => {
  it("writes a day, a full day and a day with its time", () => {
    expect(formatDate(MORNING, "en-US")).toBe("Mar 14, 2026");
    expect(formatFullDate(MORNING, "en-US")).toBe("Saturday, March 14, 2026");
    // Before AM, ICU writes a space or a narrow no-break space depending on its version.
    expect(formatDateTime(MORNING, "en-US")).toMatch(/^Mar 14, 2026, 9:30[ \u202f]AM$/);
    expect(formatNumericDateTime(MORNING, "en-US")).toMatch(/^3\/14\/2026, 9:30:05[ \u202f]AM$/);
    expect(formatClockTime(MORNING, "en-US")).toMatch(/^09:30:05[ \u202f]AM$/);
  });

  it("takes ISO texts and milliseconds as well as dates", () => {
    expect(formatDate(MORNING.toISOString(), "en-US")).toBe("Mar 14, 2026");
    expect(formatDate(MORNING.getTime(), "en-US")).toBe("Mar 14, 2026");
  });

  it("follows the locale it is given", () => {
    expect(formatDate(MORNING, "de-DE")).toBe("14.03.2026");
    expect(formatNumber(12345.6, "de-DE")).toBe("12.345,6");
  });

  it("gives back a text that names no instant as it was", () => {
    expect(formatDate("not a date", "en-US")).toBe("not a date");
    expect(formatDateTime("soon", "en-US")).toBe("soon");
    expect(toValidDate("not a date")).toBeNull();
    expect(toValidDate(MORNING)).toBe(MORNING);
  });

  it("writes a calendar day as that day in every time zone", () => {
    expect(formatCalendarDay("2026-03-14", "en-US")).toBe("Mar 14, 2026");
    expect(formatCalendarDay("2026-12-31", "en-US")).toBe("Dec 31, 2026");
    expect(formatCalendarDay("someday", "en-US")).toBe("someday");
  });

  it("groups numbers and writes shares as percentages with one decimal at most", () => {
    expect(formatNumber(12345.6, "en-US")).toBe("12,345.6");
    expect(formatPercent(0.4286, "en-US")).toBe("42.9%");
    expect(formatPercent(1, "en-US")).toBe("100%");
  });

  it("says days from today in words", () => {
    expect(formatRelativeDays(0, "en-US")).toBe("today");
    expect(formatRelativeDays(1, "en-US")).toBe("tomorrow");
    expect(formatRelativeDays(3, "en-US")).toBe("in 3 days");
    expect(formatRelativeDays(-1, "en-US")).toBe("yesterday");
  });

  it("says an instant relative to now in the largest unit that fits", () => {
    const now = new Date(2026, 2, 14, 12, 0, 0);
    const before = (ms: number) => new Date(now.getTime() - ms);
    expect(formatRelativeTime(before(20_000), now, "en-US")).toBe("now");
    expect(formatRelativeTime(before(5 * 60_000), now, "en-US")).toBe("5 minutes ago");
    expect(formatRelativeTime(before(2 * 3_600_000), now, "en-US")).toBe("2 hours ago");
    expect(formatRelativeTime(before(86_400_000), now, "en-US")).toBe("yesterday");
    expect(formatRelativeTime(before(3 * 86_400_000), now, "en-US")).toBe("3 days ago");
    expect(formatRelativeTime(new Date(now.getTime() + 2 * 7 * 86_400_000), now, "en-US")).toBe("in 2 weeks");
    expect(formatRelativeTime("soon", now, "en-US")).toBe("soon");
  });

  it("writes lists and points", () => {
    expect(formatList(["ideas", "comments", "points"], {}, "en-US")).toBe("ideas, comments, and points");
    expect(formatList(["ideas", "comments"], { type: "disjunction" }, "en-US")).toBe("ideas or comments");
    expect(formatList(["ideas"], {}, "en-US")).toBe("ideas");
    expect(formatPoints(1250, {}, "en-US")).toBe("1,250");
    expect(formatPoints(20, { signed: true }, "en-US")).toBe("+20");
    expect(formatPoints(-5, { signed: true }, "en-US")).toBe("-5");
    expect(formatPoints(0, { signed: true }, "en-US")).toBe("0");
  });
});

describe("format in German", () => {
  it("writes days, times, numbers, points, percentages and lists the German way", () => {
    expect(formatDate(MORNING, "de-DE")).toBe("14.03.2026");
    expect(formatFullDate(MORNING, "de-DE")).toBe("Samstag, 14. März 2026");
    expect(formatDateTime(MORNING, "de-DE")).toBe("14.03.2026, 09:30");
    expect(formatTime(MORNING, "de-DE")).toBe("09:30");
    expect(formatNumericDateTime(MORNING, "de-DE")).toBe("14.3.2026, 09:30:05");
    expect(formatClockTime(MORNING, "de-DE")).toBe("09:30:05");
    expect(formatCalendarDay("2026-12-31", "de-DE")).toBe("31.12.2026");
    expect(formatFullCalendarDay("2026-03-14", "de-DE")).toBe("Samstag, 14. März 2026");
    expect(formatNumber(12345.6, "de-DE")).toBe("12.345,6");
    expect(formatPoints(1250, {}, "de-DE")).toBe("1.250");
    // German puts a no-break space before the percent sign.
    expect(formatPercent(0.4286, "de-DE")).toBe("42,9\u00a0%");
    expect(formatList(["Ideen", "Kommentare", "Punkte"], {}, "de-DE")).toBe("Ideen, Kommentare und Punkte");
    expect(formatList(["Ideen", "Kommentare"], { type: "disjunction" }, "de-DE")).toBe("Ideen oder Kommentare");
  });

  it("says days and instants relative to now in German", () => {
    const now = new Date(2026, 2, 14, 12, 0, 0);
    expect(formatRelativeDays(0, "de-DE")).toBe("heute");
    expect(formatRelativeDays(1, "de-DE")).toBe("morgen");
    expect(formatRelativeDays(3, "de-DE")).toBe("in 3 Tagen");
    expect(formatRelativeTime(new Date(now.getTime() - 3 * 86_400_000), now, "de-DE")).toBe("vor 3 Tagen");
    expect(formatRelativeTime(new Date(now.getTime() - 86_400_000), now, "de-DE")).toBe("gestern");
    expect(formatRelativeTime(now, now, "de-DE")).toBe("jetzt");
  });
});

describe("format in the reader's language", () => {
  it("follows the language the app speaks when no locale is given", async () => {
    expect(formatDate(MORNING)).toBe("Mar 14, 2026");
    expect(formatNumber(12345.6)).toBe("12,345.6");
    await setLanguage("de");
    expect(formatDate(MORNING)).toBe("14.03.2026");
    expect(formatNumber(12345.6)).toBe("12.345,6");
    expect(formatRelativeDays(-1)).toBe("gestern");
    expect(formatList(["a", "b", "c"])).toBe("a, b und c");
  });
});

// Node follows a change of TZ at once; each zone is one the old readings went wrong in.
describe.each(["America/Los_Angeles", "Europe/Berlin", "Pacific/Kiritimati"])(
  "challenge dates and due dates in %s",
  (zone) => {
    const machineZone = process.env.TZ;
    beforeEach(() => {
      process.env.TZ = zone;
    });
    afterEach(() => {
      if (machineZone === undefined) delete process.env.TZ;
      else process.env.TZ = machineZone;
    });

    it("writes a due date as its own day", () => {
      expect(formatCalendarDay("2026-03-14", "en-US")).toBe("Mar 14, 2026");
      expect(formatFullCalendarDay("2026-03-14", "en-US")).toBe("Saturday, March 14, 2026");
      expect(formatCalendarDay("2026-03-14", "de-DE")).toBe("14.03.2026");
    });

    it("reads a day-long challenge date as its day in UTC, and a moment in the reader's zone", () => {
      // A deadline given as 14 March is kept as its last millisecond in UTC: 14 March everywhere.
      expect(challengeDayOf("2026-03-14T23:59:59.999Z")).toBe("2026-03-14");
      // A start given as 14 March is kept as its first millisecond in UTC: not the 13th west of UTC.
      expect(challengeDayOf("2026-03-14T00:00:00.000Z")).toBe("2026-03-14");
      const moment = new Date(2026, 2, 14, 15, 0);
      expect(challengeDayOf(moment.toISOString())).toBe("2026-03-14");
      expect(challengeDayOf("never")).toBeNull();
    });

    it("counts calendar days from the reader's today", () => {
      const now = new Date(2026, 2, 14, 23, 30);
      expect(daysFromToday("2026-03-14", now)).toBe(0);
      expect(daysFromToday("2026-03-15", now)).toBe(1);
      expect(daysFromToday("2026-03-11", now)).toBe(-3);
      // Across the change to summer time a day stays a day.
      expect(daysFromToday("2026-04-14", now)).toBe(31);
    });
  },
);
