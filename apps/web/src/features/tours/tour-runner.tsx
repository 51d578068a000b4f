import {
  PRIMARY_COLOR,
  TOUR_SCROLL_OFFSET,
  TOUR_STEPS,
  TOUR_Z_INDEX,
  type TourId,
  type TourRule,
  type TourStep,
} from "@ideaport/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { ACTIONS, EVENTS, type EventData, Joyride, type Options, STATUS, type Step } from "react-joyride";
import { useNavigate } from "react-router";
import { t } from "../../lib/i18n.ts";
import { ADMIN_OVERLAY_TARGET_PAGES, tourTargetSelector } from "./tour-pages.ts";
import { tourLocale } from "./tours.texts.ts";

/**
 * The tours' look and behaviour: overlay above everything, the product's blue. A step scrolls its
 * target to TOUR_SCROLL_OFFSET below the fixed header (the targets' scroll margin is the header's
 * height, app-layout.css). The tooltip keeps a margin from both edges of a phone's screen.
 */
export const TOUR_OPTIONS: Partial<Options> = {
  zIndex: TOUR_Z_INDEX,
  primaryColor: PRIMARY_COLOR,
  textColor: "#212529",
  scrollOffset: TOUR_SCROLL_OFFSET,
  width: "min(380px, calc(100vw - 2rem))",
  showProgress: true,
  skipBeacon: true,
  buttons: ["back", "close", "primary", "skip"],
  closeButtonAction: "skip",
  dismissKeyAction: "close",
  overlayClickAction: "close",
  // A target that went away after the tour counted its steps gets this long to come back before its step is skipped.
  targetWaitTimeout: 2500,
};

/** How long a step of the administrator tour waits for the page it opened to render its target. */
const PAGE_WAIT_MS = 4000;

/** Loading lines and screens, and regions marked busy: while the page shows one, it has not settled. */
const LOADING_SELECTOR = '[data-loading], [aria-busy="true"]';

/** A tour counts its steps once the page has loaded nothing and added or removed nothing for this long… */
const PAGE_SETTLED_QUIET_MS = 400;
/** …or once this long has passed, whatever the page does (a slow phone takes seconds to bring every section). */
const PAGE_SETTLED_MAX_MS = 15_000;

/**
 * Resolves once the page has settled: for `quietMs` no query was fetching, no loading line or busy
 * region showed and no element was added or removed; or after `maxMs`. Lists and cards arrive
 * with their data and sections with their code, so the steps on the page are known only then.
 */
export function waitForSettledPage(
  isFetching: () => boolean,
  signal: AbortSignal,
  { quietMs = PAGE_SETTLED_QUIET_MS, maxMs = PAGE_SETTLED_MAX_MS } = {},
): Promise<void> {
  return new Promise((resolve) => {
    const started = Date.now();
    let changed = started;
    const observer = new MutationObserver(() => {
      changed = Date.now();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finish = () => {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    };
    signal.addEventListener("abort", finish, { once: true });
    const check = () => {
      if (signal.aborted) return;
      const now = Date.now();
      if (isFetching() || document.querySelector(LOADING_SELECTOR)) changed = now;
      if (now - changed >= quietMs || now - started >= maxMs) finish();
      else timer = setTimeout(check, 50);
    };
    check();
  });
}

/** Whether the page shows `element`, as Joyride judges it: neither it nor a parent is hidden. */
function isShown(element: Element | null): boolean {
  for (let node = element; node && node !== document.body; node = node.parentElement) {
    const { display, visibility } = getComputedStyle(node);
    if (display === "none" || visibility === "hidden") return false;
  }
  return element !== null;
}

/**
 * The steps a tour shows on the current page, counted before it starts so that its progress reads
 * 1 of N, 2 of N… over them: those whose target the page shows, the centred ones, and, in the
 * administrator tour, those whose target is on another page (the step opens it).
 */
export function stepsOnPage(tourId: TourId, steps: readonly TourStep[], pathname: string): TourStep[] {
  return steps.filter((step) => {
    if (step.placement === "center" || isShown(document.querySelector(tourTargetSelector(step.target)))) return true;
    const page = tourId === "adminOverlay" ? ADMIN_OVERLAY_TARGET_PAGES[step.target] : undefined;
    return page !== undefined && page !== pathname;
  });
}

/** Resolves once an element matches `selector`, or after `timeout` ms (the step is then skipped). */
export function waitForElement(selector: string, timeout: number): Promise<void> {
  return new Promise((resolve) => {
    const started = Date.now();
    const check = () => {
      if (document.querySelector(selector) || Date.now() - started >= timeout) resolve();
      else setTimeout(check, 50);
    };
    check();
  });
}

/**
 * A step as Joyride takes it. A centred step stands in the middle of the screen; when the page
 * shows its marker (a new company's checklist shows the administrator's welcome's), it points at
 * the marker from above instead, leaving what the marker heads in view. A step of the
 * administrator tour whose target is on another page opens that page first and waits for the target.
 */
export function joyrideStep(step: TourStep, openPage: ((path: string) => void) | null): Step {
  const selector = tourTargetSelector(step.target);
  const page = openPage ? ADMIN_OVERLAY_TARGET_PAGES[step.target] : undefined;
  const marker = step.placement === "center" ? document.querySelector(selector) : null;
  return {
    id: step.target,
    content: t(step.content),
    ...(step.placement !== "center"
      ? { target: selector }
      : isShown(marker)
        ? { target: selector, placement: "top" as const }
        : { placement: "center" as const, target: () => document.body }),
    ...(page && openPage
      ? {
          before: async () => {
            if (document.querySelector(selector)) return;
            if (globalThis.location.pathname !== page) openPage(page);
            await waitForElement(selector, PAGE_WAIT_MS);
          },
        }
      : {}),
  };
}

export interface TourRunnerProps {
  tour: TourRule;
  /** The tour's steps: its own (TOUR_STEPS) unless given. */
  steps?: readonly TourStep[];
  /** Called once when the tour ends: finished, skipped, or closed with Escape, the overlay or the close button. */
  onEnd: () => void;
}

/**
 * Runs one tour with Joyride, continuously, with progress, once the page has settled: over the
 * steps the page shows (a step whose target is missing or hidden is left out, and not counted).
 */
export function TourRunner({ tour, steps: tourSteps = TOUR_STEPS[tour.id], onEnd }: TourRunnerProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const onEndRef = useRef(onEnd);
  onEndRef.current = onEnd;
  const ended = useRef(false);
  const end = () => {
    if (ended.current) return;
    ended.current = true;
    onEndRef.current();
  };

  const [steps, setSteps] = useState<Step[] | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    void waitForSettledPage(() => queryClient.isFetching() > 0, abort.signal).then(() => {
      if (abort.signal.aborted) return;
      const openPage = tour.id === "adminOverlay" ? (path: string) => navigateRef.current(path) : null;
      const shown = stepsOnPage(tour.id, tourSteps, globalThis.location.pathname);
      setSteps(shown.map((step) => joyrideStep(step, openPage)));
    });
    return () => abort.abort();
  }, [queryClient, tour, tourSteps]);

  // A tour with nothing to show on this page has ended.
  const isEmpty = steps?.length === 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `end` reads its callback through a ref.
  useEffect(() => {
    if (isEmpty) end();
  }, [isEmpty]);

  if (!steps || steps.length === 0) return null;

  const handleEvent = (data: EventData) => {
    const isOver = data.status === STATUS.FINISHED || data.status === STATUS.SKIPPED || data.type === EVENTS.TOUR_END;
    const isClosed = data.action === ACTIONS.CLOSE && data.type === EVENTS.STEP_AFTER;
    if (isOver || isClosed) end();
  };
  return (
    <Joyride
      run
      continuous
      scrollToFirstStep
      steps={steps}
      options={TOUR_OPTIONS}
      locale={tourLocale()}
      onEvent={handleEvent}
    />
  );
}
