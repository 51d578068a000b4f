import { IDEA_SEARCH_PARAM } from "@ideaport/shared";
import { useSearchParams } from "react-router";

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
