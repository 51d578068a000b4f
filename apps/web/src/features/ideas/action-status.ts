import type { ActionStatus } from "@ideaport/shared";

/** Each action status as the board names it. */
export const ACTION_STATUS_LABELS: Readonly<Record<ActionStatus, string>> = {
  todo: "To do",
  in_progress: "In progress",
  blocked: "Blocked",
  done: "Done",
};

/** Board order: what is waiting, what moves, what is stuck, what is finished. */
export const BOARD_ORDER: readonly ActionStatus[] = ["todo", "in_progress", "blocked", "done"];

const dueDateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeZone: "UTC" });

/** A due day (`2026-03-14`) in the viewer's words, "Mar 14, 2026"; as given when it is not a date. */
export function formatDueDate(dueDate: string): string {
  const date = new Date(`${dueDate}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? dueDate : dueDateFormat.format(date);
}
