import { type ComponentProps, lazy, Suspense, useState } from "react";

const IdeaDetailModal = lazy(async () => ({ default: (await import("./idea-detail.tsx")).IdeaDetailModal }));

/**
 * The idea dialog, whose code (the review steps, revisions, comments) loads the first time an
 * idea is opened rather than with the page. Once loaded it stays mounted, so it closes animated.
 */
export function IdeaDetailDialog(props: ComponentProps<typeof IdeaDetailModal>) {
  const [wasOpened, setWasOpened] = useState(props.ideaId !== null);
  if (props.ideaId !== null && !wasOpened) setWasOpened(true);
  if (!wasOpened) return null;
  return (
    <Suspense fallback={null}>
      <IdeaDetailModal {...props} />
    </Suspense>
  );
}
