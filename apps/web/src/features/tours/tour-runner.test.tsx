import type { TourDefinition } from "@ideaport/shared";
import { TOURS } from "@ideaport/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type ReactNode, useState } from "react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { TourRunner } from "./tour-runner.tsx";

const tour: TourDefinition = {
  ...TOURS.employeeIdeas,
  steps: [
    { target: "first", content: { id: "test.step1", defaultMessage: "The first step." } },
    { target: "missing", content: { id: "test.step2", defaultMessage: "A step whose target is not on the page." } },
    { target: "hidden", content: { id: "test.step3", defaultMessage: "A step whose target is hidden." } },
    { target: "second", content: { id: "test.step4", defaultMessage: "The second step." } },
    { target: "tour-final", content: { id: "test.step5", defaultMessage: "The end." }, placement: "center" },
  ],
};

function Page() {
  return (
    <div>
      <button type="button" data-tour="first">
        First
      </button>
      <div style={{ display: "none" }}>
        <span data-tour="hidden">Hidden</span>
      </div>
      <button type="button" data-tour="second">
        Second
      </button>
    </div>
  );
}

function withQueries(children: ReactNode) {
  return <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;
}

function renderTour(onEnd = vi.fn(), runnerTour: TourDefinition = tour) {
  render(
    withQueries(
      <MemoryRouter initialEntries={["/app/employee-ideas"]}>
        <Page />
        <TourRunner tour={runnerTour} steps={runnerTour.steps} onEnd={onEnd} />
      </MemoryRouter>,
    ),
  );
  return onEnd;
}

/** A page whose second target arrives once its "data" has loaded (after a press on First). */
function LatePage() {
  const [loaded, setLoaded] = useState(false);
  return (
    <div>
      <button type="button" data-tour="first" onClick={() => setLoaded(true)}>
        First
      </button>
      {loaded ? (
        <button type="button" data-tour="second">
          Second
        </button>
      ) : (
        <p data-loading>Loading…</p>
      )}
    </div>
  );
}

const tooltip = () => screen.findByRole("alertdialog");

describe("TourRunner", () => {
  it("runs continuously with progress over the steps shown, leaving out missing and hidden targets, and ends on the centered final step", async () => {
    const user = userEvent.setup();
    const onEnd = renderTour();

    expect(await tooltip()).toHaveTextContent("The first step.");
    await user.click(screen.getByRole("button", { name: "Next (1 of 3)" }));

    await waitFor(() => expect(screen.getByRole("alertdialog")).toHaveTextContent("The second step."));
    await user.click(screen.getByRole("button", { name: "Next (2 of 3)" }));

    await waitFor(() => expect(screen.getByRole("alertdialog")).toHaveTextContent("The end."));
    expect(onEnd).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "Finish" }));
    await waitFor(() => expect(onEnd).toHaveBeenCalledTimes(1));
  }, 15_000);

  it("counts the steps once the page has loaded: a target that arrives with its data is counted and shown", async () => {
    const user = userEvent.setup();
    render(
      withQueries(
        <MemoryRouter initialEntries={["/app/employee-ideas"]}>
          <LatePage />
          <TourRunner tour={tour} steps={tour.steps} onEnd={vi.fn()} />
        </MemoryRouter>,
      ),
    );
    // The page is still loading: no step shows yet.
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "First" }));

    expect(await tooltip()).toHaveTextContent("The first step.");
    await user.click(screen.getByRole("button", { name: "Next (1 of 3)" }));
    await waitFor(() => expect(screen.getByRole("alertdialog")).toHaveTextContent("The second step."));
    expect(screen.getByRole("button", { name: "Next (2 of 3)" })).toBeInTheDocument();
  }, 15_000);

  it("ends with Skip", async () => {
    const user = userEvent.setup();
    const onEnd = renderTour();
    await tooltip();
    await user.click(screen.getByRole("button", { name: "Skip" }));
    await waitFor(() => expect(onEnd).toHaveBeenCalledTimes(1));
  });

  it("ends with the close button", async () => {
    const user = userEvent.setup();
    const onEnd = renderTour();
    await tooltip();
    await user.click(screen.getByRole("button", { name: "Close" }));
    await waitFor(() => expect(onEnd).toHaveBeenCalledTimes(1));
  });

  it("ends with a click on the overlay", async () => {
    const onEnd = renderTour();
    await tooltip();
    const overlayPath = document.querySelector(".react-joyride__spotlight path");
    expect(overlayPath).not.toBeNull();
    if (overlayPath) fireEvent.click(overlayPath);
    await waitFor(() => expect(onEnd).toHaveBeenCalledTimes(1));
  });

  it("ends with Escape", async () => {
    const onEnd = renderTour();
    await tooltip();
    fireEvent.keyDown(document.body, { key: "Escape" });
    await waitFor(() => expect(onEnd).toHaveBeenCalledTimes(1));
  });
});

function ShowPath() {
  return <output aria-label="Path">{useLocation().pathname}</output>;
}

describe("TourRunner: the administrator tour", () => {
  it("opens the page that renders a step's target", async () => {
    const user = userEvent.setup();
    const adminTour: TourDefinition = {
      ...TOURS.adminOverlay,
      steps: [
        { target: "tour-welcome", content: { id: "test.step6", defaultMessage: "Welcome." }, placement: "center" },
        { target: "add-news", content: { id: "test.step7", defaultMessage: "Publish news." } },
      ],
    };
    render(
      withQueries(
        <MemoryRouter initialEntries={["/app/settings/company"]}>
          <ShowPath />
          <Routes>
            <Route path="/app/settings/company" element={<p>Company settings</p>} />
            <Route
              path="/app/manager-company"
              element={
                <button type="button" data-tour="add-news">
                  Add news
                </button>
              }
            />
          </Routes>
          <TourRunner tour={adminTour} steps={adminTour.steps} onEnd={vi.fn()} />
        </MemoryRouter>,
      ),
    );
    expect(await tooltip()).toHaveTextContent("Welcome.");
    await user.click(screen.getByRole("button", { name: "Next (1 of 2)" }));
    await waitFor(() => expect(screen.getByRole("alertdialog")).toHaveTextContent("Publish news."));
    expect(screen.getByRole("status", { name: "Path" })).toHaveTextContent("/app/manager-company");
  });
});
