import type { TourId } from "@ideaport/shared";

type Listener = (tourId: TourId) => void;
const listeners = new Set<Listener>();

/** Asks the signed-in shell to run a tour again ("Replay the tour"), whatever the saved status. */
export function requestTourReplay(tourId: TourId): void {
  for (const listener of listeners) listener(tourId);
}

/** Listens for replay requests; returns the function that stops listening. */
export function onTourReplayRequest(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
