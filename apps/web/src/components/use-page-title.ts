import { useEffect } from "react";

const PRODUCT_NAME = "Ideaport";

/** Sets the document title to "<title> · Ideaport" while the page is shown; null leaves it alone. */
export function usePageTitle(title: string | null): void {
  useEffect(() => {
    if (title === null) return;
    const previous = document.title;
    document.title = `${title} · ${PRODUCT_NAME}`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
