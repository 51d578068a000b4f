import { useSearchParams } from "react-router";

/**
 * The item a page's dialog shows, kept in the address (`?{param}=<id>`) so that a link, a
 * notification or the back button opens it; closing replaces the address without it.
 */
export function useSearchParamDialog(param: string): {
  openId: string | null;
  open: (id: string) => void;
  close: () => void;
} {
  const [searchParams, setSearchParams] = useSearchParams();
  const open = (id: string) =>
    setSearchParams((previous) => {
      const next = new URLSearchParams(previous);
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
