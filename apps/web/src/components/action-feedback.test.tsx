import { ERROR_MESSAGES } from "@ideaport/shared";
import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { t } from "../lib/i18n.ts";
import { renderWithTheme } from "../test/render-app.tsx";
import { ActionFeedback } from "./action-feedback.tsx";
import { FormError } from "./form-error.tsx";

/** The browser's connection drops or comes back, as the `offline` and `online` events say. */
function goOnline(isOnline: boolean) {
  vi.spyOn(window.navigator, "onLine", "get").mockReturnValue(isOnline);
  act(() => {
    window.dispatchEvent(new Event(isOnline ? "online" : "offline"));
  });
}

afterEach(() => {
  goOnline(true);
  vi.restoreAllMocks();
});

describe("errors and the connection", () => {
  it("takes a network error away once the browser is back online, and offers the action again", async () => {
    const retry = vi.fn();
    goOnline(false);
    renderWithTheme(<ActionFeedback error={t(ERROR_MESSAGES.networkError)} onRetry={retry} />);
    expect(screen.getByRole("alert")).toHaveTextContent(t(ERROR_MESSAGES.networkError));
    expect(screen.queryByRole("button", { name: "Try again" })).not.toBeInTheDocument();

    goOnline(true);

    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("You are back online.");
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it("keeps an error the connection did not cause, and a form's network error goes too", () => {
    goOnline(false);
    renderWithTheme(
      <>
        <ActionFeedback error="You do not have permission to perform this action." />
        <FormError message={t(ERROR_MESSAGES.networkError)} />
      </>,
    );
    expect(screen.getAllByRole("alert")).toHaveLength(2);

    goOnline(true);

    expect(screen.getAllByRole("alert").map((alert) => alert.textContent)).toEqual([
      "You do not have permission to perform this action.",
    ]);
    expect(screen.queryByRole("button", { name: "Try again" })).not.toBeInTheDocument();
  });
});
