import { IDEA_SEARCH_PARAM } from "@ideaport/shared";
import { useSearchParams } from "react-router";
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

/**
 * The idea open in an ideas page's dialog, kept in the address (`?idea=<id>`) so that a link, a
 * notification or the back button opens it; closing it replaces the address without the idea.
 */
export function useOpenIdea(): {
  openIdeaId: string | null;
  openIdea: (ideaId: string) => void;
  closeIdea: () => void;
} {
  const [searchParams, setSearchParams] = useSearchParams();
  const openIdea = (ideaId: string) =>
    setSearchParams((previous) => {
      const next = new URLSearchParams(previous);
      next.set(IDEA_SEARCH_PARAM, ideaId);
      return next;
    });
  const closeIdea = () =>
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete(IDEA_SEARCH_PARAM);
        return next;
      },
      { replace: true },
    );
  return { openIdeaId: searchParams.get(IDEA_SEARCH_PARAM), openIdea, closeIdea };
}
