import { lazyDialog } from "../../components/lazy-dialog.tsx";

/**
 * The Edit challenge dialog (challenge-form-dialogs.tsx): text, dates and reward. Its form and
 * dialog code load when it first opens.
 */
export const EditChallengeDialog = lazyDialog(
  () => import("./challenge-form-dialogs.tsx").then((module) => module.EditChallengeModal),
  { isOpen: (props) => props.challenge !== null, closed: (props) => ({ ...props, challenge: null }) },
);
