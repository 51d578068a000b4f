import { onlineManager, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { clearSession, saveSession } from "../lib/session.ts";
import { buildLoginResponse, buildUser } from "../test/factories.ts";
import { OfflineBanner } from "./offline-banner.tsx";

function renderBanner(queryClient: QueryClient) {
  return render(
    <QueryClientProvider client={queryClient}>
      <OfflineBanner />
    </QueryClientProvider>,
  );
}

/** A query client holding one answer received at `at`. */
function clientWithAnswerAt(at: Date): QueryClient {
  const queryClient = new QueryClient();
  queryClient.setQueryData(["ideas", "list"], { ideas: [] }, { updatedAt: at.getTime() });
  return queryClient;
}

describe("the offline notice", () => {
  afterEach(() => {
    act(() => onlineManager.setOnline(true));
    clearSession();
  });

  it("signed in, says when what is on screen was received and what can still be written", async () => {
    saveSession(buildLoginResponse(buildUser()), { remember: true });
    const at = new Date();
    at.setHours(10, 42, 0, 0);
    renderBanner(clientWithAnswerAt(at));
    expect(screen.getByRole("status")).toHaveTextContent("");
    act(() => onlineManager.setOnline(false));
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent(/^Offline — showing/));
    expect(screen.getByRole("status")).toHaveTextContent(
      /^Offline — showing what you saw at 10:42\sAMNew ideas, comments and votes are kept on this device and sent when you are back online\. Other changes need the connection\.$/,
    );
    act(() => onlineManager.setOnline(true));
    expect(screen.getByRole("status")).toHaveTextContent("");
  });

  it("names the day too when what is on screen is from an earlier day", async () => {
    saveSession(buildLoginResponse(buildUser()), { remember: true });
    renderBanner(clientWithAnswerAt(new Date(2026, 2, 14, 9, 5)));
    act(() => onlineManager.setOnline(false));
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent(/^Offline — showing/));
    expect(screen.getByRole("status")).toHaveTextContent(/^Offline — showing what you saw on Mar 14, 2026 at 9:05\sAM/);
  });

  it("signed out, or with nothing on screen, says that nothing can be loaded or saved", () => {
    renderBanner(clientWithAnswerAt(new Date()));
    act(() => onlineManager.setOnline(false));
    expect(screen.getByRole("status")).toHaveTextContent(
      "You are offline. Nothing can be loaded or saved until your connection is back.",
    );
  });
});
