import { describe, expect, it } from "vitest";
import {
  formatCalendarDay,
  formatClockTime,
  formatDate,
  formatDateTime,
  formatFullDate,
  formatNumber,
  formatNumericDateTime,
  formatPercent,
  formatRelativeDays,
  toValidDate,
} from "./format.ts";

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
});
