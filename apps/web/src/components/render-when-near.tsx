import { type ReactNode, useEffect, useRef, useState } from "react";

/** How far beyond the screen a deferred part starts to render: far enough to be there when scrolled to. */
const NEAR_MARGIN = "600px 0px";

/**
 * Renders `children` once their place comes within NEAR_MARGIN of the screen, and keeps them from
 * then on: a heavy part at the foot of a long page costs its first screen nothing. Until then the
 * place is `minHeight` pixels of empty space (the section around it keeps its heading). Where the
 * browser cannot tell (no IntersectionObserver), the children render at once.
 */
export function RenderWhenNear({ minHeight, children }: { minHeight: number; children: ReactNode }) {
  const place = useRef<HTMLDivElement>(null);
  const [isNear, setIsNear] = useState(() => typeof IntersectionObserver === "undefined");

  useEffect(() => {
    const element = place.current;
    if (isNear || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setIsNear(true);
      },
      { rootMargin: NEAR_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [isNear]);

  return isNear ? children : <div ref={place} style={{ minHeight }} />;
}
