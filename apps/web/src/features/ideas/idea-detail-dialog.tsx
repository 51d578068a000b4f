import { lazyDialog } from "../../components/lazy-dialog.tsx";

/**
 * The idea dialog (idea-detail.tsx), whose code (the review steps, revisions, comments) loads the
 * first time an idea is opened rather than with the page. Once loaded it stays mounted, so it
 * closes animated.
 */
export const IdeaDetailDialog = lazyDialog(() => import("./idea-detail.tsx").then((module) => module.IdeaDetailModal), {
  isOpen: (props) => props.ideaId !== null,
  closed: (props) => ({ ...props, ideaId: null }),
});
