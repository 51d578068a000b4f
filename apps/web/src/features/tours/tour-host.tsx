import { lazy, Suspense } from "react";
import { useLocation } from "react-router";
import type { SessionUser } from "../../lib/session.ts";
import { useTourController } from "./tour-controller.ts";

/** Joyride and the steps' code load only when a tour is about to start. */
const TourRunner = lazy(async () => ({ default: (await import("./tour-runner.tsx")).TourRunner }));

/**
 * The signed-in shell's tours: it stays mounted while pages change, so a tour that opens other
 * pages (the administrator tour) keeps its place.
 */
export function TourHost({ user }: { user: SessionUser }) {
  const { pathname } = useLocation();
  const { active, end } = useTourController(user, pathname);
  if (!active) return null;
  return (
    <Suspense fallback={null}>
      <TourRunner key={`${active.tour.id}:${active.replay}`} tour={active.tour} onEnd={end} />
    </Suspense>
  );
}
