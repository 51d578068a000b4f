import {
  type OnboardingStatus,
  selectTour,
  statusAfterTour,
  TOURS,
  type TourRule,
  type User,
  usersEndpoints,
} from "@ideaport/shared";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { apiClient } from "../../lib/api-client.ts";
import { authKeys } from "../../lib/current-user.queries.ts";
import { type SessionUser, updateStoredUser } from "../../lib/session.ts";
import { onTourReplayRequest } from "./tour-requests.ts";

/** A tour on screen: started by the start rule, or replayed on request (a replay saves no status). */
export interface ActiveTour {
  tour: TourRule;
  replay: boolean;
}

/**
 * The tour the start rule picks for this person on this path, if any. The stored login answer
 * carries no onboarding status: no tour starts until the server's view of the user is known.
 */
export function tourToStart(user: SessionUser, pathname: string): TourRule | null {
  if (user.onboarding_status === undefined) return null;
  return selectTour(user.onboarding_status, user, pathname);
}

/**
 * Saves the status a finished or skipped tour leads to: the cached and stored user take it at once
 * (so the next page does not start the same tour again), then `POST /api/user/update-onboarding-status/`
 * records it; a failure is only logged. Returns the saved status.
 */
export function saveStatusAfterTour(queryClient: QueryClient, user: SessionUser, tour: TourRule): OnboardingStatus {
  const cached = queryClient.getQueryData<User>(authKeys.currentUser());
  const current: SessionUser = cached ?? user;
  const status = statusAfterTour(tour.id, current.onboarding_status ?? "", current);
  const updated: SessionUser = { ...current, onboarding_status: status };
  if (cached) queryClient.setQueryData<User>(authKeys.currentUser(), { ...cached, onboarding_status: status });
  updateStoredUser(updated);
  apiClient.call(usersEndpoints.updateOnboardingStatus, { onboarding_status: status }).then(
    (answer) => {
      queryClient.setQueryData<User>(authKeys.currentUser(), answer.user);
      updateStoredUser(answer.user);
    },
    (error: unknown) => console.error("The onboarding status could not be saved.", error),
  );
  return status;
}

/**
 * The signed-in shell's tours: when the route changes (or the user's status first becomes known)
 * the start rule may start one;
 * "Replay the tour" requests start one whatever the status. Ending a started tour (finish, skip,
 * Escape, overlay click or close) saves the next status; a tour ended here does not start again
 * on this page load even if the save is lost.
 */
export function useTourController(user: SessionUser, pathname: string) {
  const queryClient = useQueryClient();
  const [active, setActive] = useState<ActiveTour | null>(null);
  const ended = useRef(new Set<string>());

  useEffect(() => onTourReplayRequest((tourId) => setActive({ tour: TOURS[tourId], replay: true })), []);

  // The start rule is asked once per page: a tour ending does not start the next one on the same page.
  const checkedPath = useRef<string | null>(null);
  useEffect(() => {
    if (checkedPath.current === pathname || user.onboarding_status === undefined) return;
    checkedPath.current = pathname;
    if (active) return;
    const tour = tourToStart(user, pathname);
    if (tour && !ended.current.has(`${tour.id}:${user.onboarding_status}`)) setActive({ tour, replay: false });
  }, [active, user, pathname]);

  const activeRef = useRef(active);
  activeRef.current = active;
  const end = useCallback(() => {
    const current = activeRef.current;
    if (!current) return;
    activeRef.current = null;
    setActive(null);
    if (current.replay) return;
    ended.current.add(`${current.tour.id}:${user.onboarding_status}`);
    saveStatusAfterTour(queryClient, user, current.tour);
  }, [queryClient, user]);

  return { active, end };
}
