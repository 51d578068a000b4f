import { defineMessages } from "@ideaport/shared";
import type { Locale } from "react-joyride";
import { COMPONENT_TEXTS } from "../../components/components.texts.ts";
import { t } from "../../lib/i18n.ts";

/** The words of a tour's buttons. */
export const TOUR_BUTTON_TEXTS = defineMessages({
  back: { id: "tours.buttons.back", defaultMessage: "Back" },
  last: { id: "tours.buttons.last", defaultMessage: "Finish" },
  next: { id: "tours.buttons.next", defaultMessage: "Next" },
  skip: { id: "tours.buttons.skip", defaultMessage: "Skip" },
  nextWithProgress: {
    id: "tours.buttons.nextWithProgress",
    defaultMessage: "Next ({current} of {total})",
    description: "The next button with the step's place in the tour: 'Next (2 of 5)'.",
  },
});

/** Joyride's button words in the current language; Joyride itself fills in `{current}` and `{total}`. */
export function tourLocale(): Locale {
  return {
    back: t(TOUR_BUTTON_TEXTS.back),
    close: t(COMPONENT_TEXTS.close),
    last: t(TOUR_BUTTON_TEXTS.last),
    next: t(TOUR_BUTTON_TEXTS.next),
    skip: t(TOUR_BUTTON_TEXTS.skip),
    nextWithProgress: t(TOUR_BUTTON_TEXTS.nextWithProgress, { current: "{current}", total: "{total}" }),
  };
}
