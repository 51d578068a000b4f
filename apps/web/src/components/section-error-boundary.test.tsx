import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { createFakeApi, json } from "../test/fake-api.ts";
import { SectionErrorBoundary } from "./section-error-boundary.tsx";

const widget = { isBroken: true };

function Widget() {
  if (widget.isBroken) throw new Error("Widget exploded");
  return <p>All good</p>;
}

function setup() {
  widget.isBroken = true;
  const fake = createFakeApi({ "POST /api/client-errors/": json({ success: true }) });
  vi.stubGlobal("fetch", fake.fetch);
  vi.spyOn(console, "error").mockImplementation(() => {});
  const onGoHome = vi.fn();
  render(
    <SectionErrorBoundary section="ideas" onGoHome={onGoHome}>
      <Widget />
    </SectionErrorBoundary>,
  );
  return { fake, onGoHome };
}

describe("SectionErrorBoundary", () => {
  it("shows 'Something went wrong' with Try Again and Go to Home, and reports the error", async () => {
    const { fake } = setup();

    expect(screen.getByRole("heading", { name: "Something went wrong" })).toBeInTheDocument();
    expect(screen.getByText("An error occurred while rendering this component.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try Again" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Go to Home" })).toBeInTheDocument();

    await waitFor(() => expect(fake.calls("POST /api/client-errors/")).toHaveLength(1));
    expect(fake.calls("POST /api/client-errors/")[0]?.body).toMatchObject({
      kind: "render_error",
      message: "[ideas] Widget exploded",
      path: "/",
    });
  });

  it("renders the section again with Try Again", async () => {
    setup();
    widget.isBroken = false;

    await userEvent.click(screen.getByRole("button", { name: "Try Again" }));

    expect(screen.getByText("All good")).toBeInTheDocument();
  });

  it("goes home with Go to Home", async () => {
    const { onGoHome } = setup();

    await userEvent.click(screen.getByRole("button", { name: "Go to Home" }));

    expect(onGoHome).toHaveBeenCalledOnce();
  });

  it("keeps offering Try Again up to the third error", async () => {
    setup();

    await userEvent.click(screen.getByRole("button", { name: "Try Again" }));
    await userEvent.click(screen.getByRole("button", { name: "Try Again" }));

    expect(screen.getByRole("heading", { name: "Something went wrong" })).toBeInTheDocument();
  });

  it("shows the multiple-errors screen at the 4th error in the section", async () => {
    setup();

    for (let attempt = 0; attempt < 3; attempt += 1) {
      await userEvent.click(screen.getByRole("button", { name: "Try Again" }));
    }

    expect(await screen.findByRole("heading", { name: "Something's not right" })).toBeInTheDocument();
    expect(screen.getByText("We've encountered multiple errors in this section.")).toBeInTheDocument();
    expect(
      screen.getByText("Please try refreshing the page or contact support if the issue persists."),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Go to Home Page" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Try Again" })).not.toBeInTheDocument();
  });
});
