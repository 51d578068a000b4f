import { lazyDialog } from "./lazy-dialog.tsx";

/**
 * Asks before a destructive action (confirm-modal.tsx): Cancel is focused first, so Enter never
 * destroys by accident. Its code loads when it first opens, not with the page.
 */
export const ConfirmDialog = lazyDialog(() => import("./confirm-modal.tsx").then((module) => module.ConfirmModal), {
  isOpen: (props) => props.opened,
  closed: (props) => ({ ...props, opened: false }),
});
