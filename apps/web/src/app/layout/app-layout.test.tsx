import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { buildUser } from "../../test/factories.ts";
import { createFakeApi, json } from "../../test/fake-api.ts";
import { renderApp, signInAs } from "../../test/render-app.tsx";

vi.mock("../../features/ideas/employee-ideas-page.tsx", () => ({
  EmployeeIdeasPage: () => {
    throw new Error("Challenge list crashed");
  },
}));

describe("app layout", () => {
  it("keeps the header when a page fails to render and reports the error", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const fake = createFakeApi({ "POST /api/client-errors/": json({ success: true }) });
    signInAs(buildUser(), fake);

    renderApp("/app/employee-ideas", fake);

    expect(await screen.findByRole("heading", { name: "Something went wrong" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Notifications" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Company Portal" })).toBeInTheDocument();
    await waitFor(() =>
      expect(fake.calls("POST /api/client-errors/")[0]?.body).toMatchObject({
        kind: "render_error",
        message: "[app-main] Challenge list crashed",
      }),
    );
  });

  it("offers a skip link to the main content", async () => {
    const fake = createFakeApi();
    signInAs(buildUser(), fake);

    renderApp("/app/employee-company", fake);

    expect(await screen.findByRole("link", { name: "Skip to main content" })).toHaveAttribute("href", "#main-content");
    expect(document.getElementById("main-content")).toBeInTheDocument();
  });
});
