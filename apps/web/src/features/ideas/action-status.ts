import type { ActionStatus } from "@ideaport/shared";

/** Board order: what is waiting, what moves, what is stuck, what is finished. */
export const BOARD_ORDER: readonly ActionStatus[] = ["todo", "in_progress", "blocked", "done"];
