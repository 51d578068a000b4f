export const TOUR_LOCALE = {
  back: "Back",
  close: "Close",
  last: "Finish",
  next: "Next",
  skip: "Skip",
  nextWithProgress: "Next ({current} of {total})",
};
