import { useEffect } from "react";
import { useLocation } from "react-router";

/** How long a page's sections may take to load before a link's section is given up on (or left to move). */
const WAIT_MS = 10_000;

/** What the person does to move the page themselves: the kept section is let go. */
const PERSON_SCROLLS = ["wheel", "touchstart", "keydown", "pointerdown"] as const;

/**
 * Brings the section a link names (`…#rewards`) into view once it has rendered and no dialog is
 * open, and moves focus to it so that keyboard and screen-reader users land there too. Sections
 * that load their code and data after the page are waited for.
 */
export function useScrollToHash(): void {
  const { hash, key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new visit to the same address (key) scrolls again.
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (id === "") return;
    let revealed: HTMLElement | undefined;
    const reveal = (): boolean => {
      const element = document.getElementById(id);
      // A dialog still closing (the one whose link led here) holds the page's scroll: wait for it.
      if (!element || document.querySelector('[aria-modal="true"]')) return false;
      if (!element.hasAttribute("tabindex")) element.setAttribute("tabindex", "-1");
      element.scrollIntoView({ block: "start" });
      element.focus({ preventScroll: true });
      revealed = element;
      keepInView.observe(document.body);
      return true;
    };
    // Sections above that load later would push the revealed one away: it is kept in view while
    // the page grows, until the person scrolls or types themselves, or the wait is over.
    const keepInView = new ResizeObserver(() => revealed?.scrollIntoView({ block: "start" }));
    const observer = new MutationObserver(() => {
      if (reveal()) observer.disconnect();
    });
    const timer = setTimeout(() => stop(), WAIT_MS);
    function stop() {
      observer.disconnect();
      keepInView.disconnect();
      clearTimeout(timer);
      for (const event of PERSON_SCROLLS) window.removeEventListener(event, stop);
    }
    for (const event of PERSON_SCROLLS) window.addEventListener(event, stop, { passive: true });
    if (!reveal()) observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [hash, key]);
}
