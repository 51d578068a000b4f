import type { AccountDialog } from "../auth/index.ts";

let requestedDialog: AccountDialog | null = null;

/** Asks the next landing page that renders to open this popup (the standalone page hands over to the app). */
export function requestLandingDialog(dialog: AccountDialog): void {
  requestedDialog = dialog;
}

/** The popup the landing page should open with, if one was asked for. */
export function requestedLandingDialog(): AccountDialog | null {
  return requestedDialog;
}

/** Forgets the request once a landing page has opened it, so a later visit opens none. */
export function clearRequestedLandingDialog(): void {
  requestedDialog = null;
}
