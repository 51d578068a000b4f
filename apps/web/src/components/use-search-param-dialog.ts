import { useSearchParams } from "react-router";

/**
 * The item a page's dialog shows, kept in the address (`?{param}=<id>`) so that a link, a
 * notification or the back button opens it; closing replaces the address without it.
 */
export function useSearchParamDialog(param: string): {
  openId: string | null;
  /** Opens the item; `instead` names another dialog's parameter to close in the same step. */
  open: (id: string, options?: { instead?: string }) => void;
  close: () => void;
} {
  const [searchParams, setSearchParams] = useSearchParams();
  const open = (id: string, options: { instead?: string } = {}) =>
    setSearchParams((previous) => {
      const next = new URLSearchParams(previous);
      if (options.instead) next.delete(options.instead);
      next.set(param, id);
      return next;
    });
  const close = () =>
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete(param);
        return next;
      },
      { replace: true },
    );
  return { openId: searchParams.get(param), open, close };
}
