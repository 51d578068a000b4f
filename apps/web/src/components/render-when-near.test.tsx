import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RenderWhenNear } from "./render-when-near.tsx";

/** The browser's IntersectionObserver, as far as the component uses it: the test says when the place comes near. */
class ObserverOfTheTest {
  static last: ObserverOfTheTest | undefined;
  readonly observed: Element[] = [];
  disconnected = false;
  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    ObserverOfTheTest.last = this;
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
  report(isIntersecting: boolean) {
    const entries = this.observed.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry);
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

function renderCharts() {
  render(
    <RenderWhenNear minHeight={240}>
      <p>The charts</p>
    </RenderWhenNear>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  ObserverOfTheTest.last = undefined;
});

describe("RenderWhenNear", () => {
  it("holds an empty place until it comes near the screen, then renders its children and keeps them", () => {
    vi.stubGlobal("IntersectionObserver", ObserverOfTheTest);
    renderCharts();
    expect(screen.queryByText("The charts")).not.toBeInTheDocument();
    const observer = ObserverOfTheTest.last!;
    expect(observer.options?.rootMargin).toBe("600px 0px");
    expect(observer.observed).toHaveLength(1);

    act(() => observer.report(false));
    expect(screen.queryByText("The charts")).not.toBeInTheDocument();

    act(() => observer.report(true));
    expect(screen.getByText("The charts")).toBeInTheDocument();
    expect(observer.disconnected).toBe(true);
  });

  it("renders its children at once where the browser cannot tell what is near", () => {
    vi.stubGlobal("IntersectionObserver", undefined);
    renderCharts();
    expect(screen.getByText("The charts")).toBeInTheDocument();
  });
});
