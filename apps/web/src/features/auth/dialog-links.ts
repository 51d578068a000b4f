import type { MouseEvent } from "react";

/**
 * True for a plain left click: links that open a dialog in place still work as links when opened
 * in a new tab or window (modifier keys, middle click).
 */
export function isPlainLeftClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/** The /login addresses of the dialogs, for links that open them in place and for new tabs. */
export const DIALOG_LINKS = {
  signUp: "/login?signup=1",
  resetPassword: "/login?reset=1",
} as const;
