import { useCallback, useLayoutEffect, useRef } from "react";
import { type NavigateFunction, type NavigateOptions, type To, useNavigate } from "react-router";

/**
 * `useNavigate` whose function keeps its identity for the life of the component. In React
 * Router's declarative mode `navigate` changes with every location, which would restart effects
 * that only need to navigate later (the tab presence, the session-expired listener).
 */
export function useStableNavigate(): NavigateFunction {
  const navigate = useNavigate();
  const latest = useRef(navigate);
  useLayoutEffect(() => {
    latest.current = navigate;
  });
  return useCallback<NavigateFunction>(
    (to: To | number, options?: NavigateOptions) =>
      typeof to === "number" ? latest.current(to) : latest.current(to, options),
    [],
  );
}
