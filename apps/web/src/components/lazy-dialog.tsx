import { type ComponentType, lazy, Suspense, useEffect, useLayoutEffect, useState } from "react";
import { runWhenIdle } from "../lib/idle.ts";
import { LoadingScreen } from "./loading-screen.tsx";
import "./status-screens.css";
import { t } from "../lib/i18n.ts";
import { COMPONENT_TEXTS } from "./components.texts.ts";

interface DialogOpenState<Props> {
  /** Whether these props show the dialog. */
  isOpen: (props: Props) => boolean;
  /** The same props with the dialog closed. */
  closed: (props: Props) => Props;
}

/** A lazily loaded dialog: its component (React.lazy), how its props open it, and its preload. */
interface LazyDialogParts<Props> {
  Dialog: ComponentType<Props>;
  openState: DialogOpenState<Props>;
  preload: () => void;
}

/** Renders the dialog closed first, then with the given props. */
function OpenedAfterMount<Props extends object>({ parts, props }: { parts: LazyDialogParts<Props>; props: Props }) {
  const [isMounted, setMounted] = useState(false);
  useLayoutEffect(() => setMounted(true), []);
  const { Dialog } = parts;
  return <Dialog {...(isMounted ? props : parts.openState.closed(props))} />;
}

/** Nothing until the dialog first opens; then the dialog, over a loading overlay while its code loads. */
function LazyDialogHost<Props extends object>({ parts, props }: { parts: LazyDialogParts<Props>; props: Props }) {
  const isOpen = parts.openState.isOpen(props);
  const [wasOpened, setWasOpened] = useState(isOpen);
  if (isOpen && !wasOpened) setWasOpened(true);
  useEffect(() => (wasOpened ? undefined : runWhenIdle(parts.preload)), [wasOpened, parts]);
  if (!wasOpened) return null;
  return (
    <Suspense fallback={isOpen ? <DialogLoading /> : null}>
      <OpenedAfterMount parts={parts} props={props} />
    </Suspense>
  );
}

/**
 * A dialog whose code (the dialog itself, Mantine's Modal, focus trap and scroll lock, its form)
 * loads the first time it opens instead of with the page. Until then it renders nothing; the
 * code is fetched ahead once the browser is idle, and when it is still on its way a loading
 * overlay shows. Once loaded it mounts closed and opens right after, as a dialog that was there
 * all along would: it animates in, traps the focus and gives it back to the control that opened
 * it when it closes. Call it once per dialog, at module level, as `React.lazy`.
 */
export function lazyDialog<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  openState: DialogOpenState<Props>,
) {
  const preload = () => {
    load().catch(() => {
      // Opening the dialog loads it again and shows the section's error screen if it still fails.
    });
  };
  const parts: LazyDialogParts<Props> = {
    Dialog: lazy(async () => ({ default: await load() })),
    openState,
    preload,
  };
  return Object.assign((props: Props) => <LazyDialogHost parts={parts} props={props} />, { preload });
}

/** Shown over the page while an opened dialog's code loads; it appears only if that takes a moment. */
function DialogLoading() {
  return (
    <div className="ip-dialog-loading">
      <LoadingScreen label={t(COMPONENT_TEXTS.loading)} />
    </div>
  );
}
