import { TOUR_STEPS, type TourRule, type TourStep } from "@ideaport/shared";
import { useMemo, useRef } from "react";
import { ACTIONS, EVENTS, type EventData, Joyride, type Options, STATUS, type Step } from "react-joyride";
import { useNavigate } from "react-router";
import { ADMIN_OVERLAY_TARGET_PAGES, tourTargetSelector } from "./tour-pages.ts";

/** The tours' look and behaviour: overlay above everything, the product's blue, 20 px scroll offset. */
export const TOUR_OPTIONS: Partial<Options> = {
  zIndex: 10000,
  primaryColor: "#4361ee",
  textColor: "#212529",
  scrollOffset: 20,
  showProgress: true,
  skipBeacon: true,
  buttons: ["back", "close", "primary", "skip"],
  closeButtonAction: "skip",
  dismissKeyAction: "close",
  overlayClickAction: "close",
  // Lists and cards arrive with their data: a target gets this long to appear before its step is skipped.
  targetWaitTimeout: 2500,
};

/** How long a step of the administrator tour waits for the page it opened to render its target. */
const PAGE_WAIT_MS = 4000;

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
 * A step as Joyride takes it. A centered step points at its marker when the page renders one and
 * at the page otherwise. A step of the administrator tour whose target is on another page opens
 * that page first and waits for the target.
 */
export function joyrideStep(step: TourStep, openPage: ((path: string) => void) | null): Step {
  const selector = tourTargetSelector(step.target);
  const page = openPage ? ADMIN_OVERLAY_TARGET_PAGES[step.target] : undefined;
  return {
    id: step.target,
    content: step.content,
    ...(step.placement === "center"
      ? { placement: "center" as const, target: () => document.querySelector<HTMLElement>(selector) ?? document.body }
      : { target: selector }),
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
  /** The steps shown: the tour's own (TOUR_STEPS) unless given. */
  steps?: readonly TourStep[];
  /** Called once when the tour ends: finished, skipped, or closed with Escape, the overlay or the close button. */
  onEnd: () => void;
}

/** Runs one tour with Joyride, continuously, with progress, skipping steps whose target is missing or hidden. */
export function TourRunner({ tour, steps: tourSteps = TOUR_STEPS[tour.id], onEnd }: TourRunnerProps) {
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const steps = useMemo(
    () =>
      tourSteps.map((step) =>
        joyrideStep(step, tour.id === "adminOverlay" ? (path) => navigateRef.current(path) : null),
      ),
    [tour, tourSteps],
  );
  const ended = useRef(false);
  const handleEvent = (data: EventData) => {
    const isOver = data.status === STATUS.FINISHED || data.status === STATUS.SKIPPED || data.type === EVENTS.TOUR_END;
    const isClosed = data.action === ACTIONS.CLOSE && data.type === EVENTS.STEP_AFTER;
    if ((isOver || isClosed) && !ended.current) {
      ended.current = true;
      onEnd();
    }
  };
  return (
    <Joyride
      run
      continuous
      scrollToFirstStep
      steps={steps}
      options={TOUR_OPTIONS}
      locale={{
        back: "Back",
        close: "Close",
        last: "Finish",
        next: "Next",
        skip: "Skip",
        nextWithProgress: "Next ({current} of {total})",
      }}
      onEvent={handleEvent}
    />
  );
}
