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
