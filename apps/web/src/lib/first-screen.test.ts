import { afterEach, describe, expect, it, vi } from "vitest";
import { FIRST_SCREEN_HOLD_LIMIT_MS, holdFirstScreen, isFirstScreenHeld, releaseFirstScreen } from "./first-screen.ts";

function prerenderedRoot(): HTMLElement {
  const root = document.createElement("div");
  root.id = "root";
  root.innerHTML = "<main><h1>Company</h1><p>Everything about Acme.</p></main>";
  document.body.append(root);
  return root;
}

afterEach(() => {
  releaseFirstScreen();
  document.body.innerHTML = "";
  vi.useRealTimers();
});

describe("the first screen of a route page", () => {
  it("stays above the app, out of the accessibility tree, until released", () => {
    const root = prerenderedRoot();
    holdFirstScreen(root);

    const layer = document.querySelector(".ip-first-screen");
    expect(layer).toHaveTextContent("CompanyEverything about Acme.");
    expect(layer).toHaveAttribute("aria-hidden", "true");
    expect(layer?.nextElementSibling).toBe(root);
    expect(root).toBeEmptyDOMElement();
    expect(isFirstScreenHeld()).toBe(true);

    releaseFirstScreen();
    expect(document.querySelector(".ip-first-screen")).toBeNull();
    expect(isFirstScreenHeld()).toBe(false);
  });

  it("gives way on its own when the app never shows a screen", () => {
    vi.useFakeTimers();
    holdFirstScreen(prerenderedRoot());
    vi.advanceTimersByTime(FIRST_SCREEN_HOLD_LIMIT_MS - 1);
    expect(document.querySelector(".ip-first-screen")).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(document.querySelector(".ip-first-screen")).toBeNull();
  });

  it("holds nothing for an empty root", () => {
    const root = document.createElement("div");
    holdFirstScreen(root);
    expect(isFirstScreenHeld()).toBe(false);
  });
});
