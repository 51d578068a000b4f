import { lazyDialog } from "../../components/lazy-dialog.tsx";

/** The challenge dialog (challenge-detail.tsx): its code loads the first time a challenge is opened. */
export const ChallengeDetailDialog = lazyDialog(
  () => import("./challenge-detail.tsx").then((module) => module.ChallengeDetailModal),
  {
    isOpen: (props) => props.challengeId !== null,
    closed: (props) => ({ ...props, challengeId: null }),
  },
);
