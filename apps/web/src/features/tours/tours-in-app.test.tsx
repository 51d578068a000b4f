import { TOUR_STEPS } from "@ideaport/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { t } from "../../lib/i18n.ts";
import { buildAdmin, buildUser } from "../../test/factories.ts";
import { createFakeApi, json } from "../../test/fake-api.ts";
import { renderApp, signInAs } from "../../test/render-app.tsx";
import { buildChallenge, CHALLENGES_ROUTE, challengePage, ideaPage, LIST_ROUTE } from "../ideas/ideas-fixtures.ts";

const SAVE_ROUTE = "POST /api/user/update-onboarding-status/";

function employeeIdeasApi(status: string) {
  const user = buildUser({ id: "employee-1", display_name: "Jane Doe", onboarding_status: status });
  const fake = createFakeApi();
  signInAs(user, fake);
  fake.on(CHALLENGES_ROUTE, json(challengePage([buildChallenge()])));
  fake.on(LIST_ROUTE, json(ideaPage([])));
  fake.on(SAVE_ROUTE, (request) => json({ success: true, user: { ...user, ...(request.body as object) } }));
  return fake;
}

// A tour starts once the page has settled: its sections and their data have arrived.
const tourStep = () => screen.findByRole("alertdialog", {}, { timeout: 15_000 });

describe("tours in the signed-in shell", () => {
  it("starts a new employee's ideas tour on Employee Ideas and saves the next status when skipped", async () => {
    const user = userEvent.setup();
    const fake = employeeIdeasApi("awaiting_initial_tour");
    renderApp("/app/employee-ideas", fake);

    const step = await tourStep();
    expect(step).toHaveTextContent(t(TOUR_STEPS.employeeIdeas[0]!.content));
    await user.click(within(step).getByRole("button", { name: "Skip" }));

    await waitFor(() =>
      expect(fake.calls(SAVE_ROUTE).map((request) => request.body)).toEqual([
        { onboarding_status: "awaiting_employee_company_tour" },
      ]),
    );
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
  }, 20_000);

  it("offers a replay of each tour an employee's role allows, which runs without saving a status", async () => {
    const user = userEvent.setup();
    const fake = employeeIdeasApi("employee_company_tour_completed");
    renderApp("/app/employee-company", fake);
    await screen.findByRole("heading", { level: 1 });
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Jane Doe" }));
    const menu = await screen.findByRole("menu");
    expect(within(menu).getByRole("menuitem", { name: "Replay the ideas tour" })).toHaveAttribute(
      "href",
      "/app/employee-ideas",
    );
    expect(within(menu).getByRole("menuitem", { name: "Replay the company tour" })).toHaveAttribute(
      "href",
      "/app/employee-company",
    );
    expect(within(menu).queryByRole("menuitem", { name: "Replay the administrator tour" })).not.toBeInTheDocument();

    await user.click(within(menu).getByRole("menuitem", { name: "Replay the ideas tour" }));
    const step = await tourStep();
    expect(step).toHaveTextContent(t(TOUR_STEPS.employeeIdeas[0]!.content));
    await user.click(within(step).getByRole("button", { name: "Skip" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(fake.calls(SAVE_ROUTE)).toHaveLength(0);
  }, 20_000);

  it("offers an administrator who manages a team the manager tours and the administrator tour", async () => {
    const user = userEvent.setup();
    const admin = buildAdmin({ onboarding_status: "admin_overlay_completed" });
    const fake = createFakeApi();
    signInAs(admin, fake);
    renderApp("/app/settings/profile", fake);
    await screen.findByRole("heading", { level: 1 });

    await user.click(screen.getByRole("button", { name: "Alex Admin" }));
    const menu = await screen.findByRole("menu");
    const replays = within(menu)
      .getAllByRole("menuitem")
      .filter((item) => item.textContent?.startsWith("Replay"))
      .map((item) => [item.textContent, item.getAttribute("href")]);
    expect(replays).toEqual([
      ["Replay the ideas tour", "/app/manager-ideas"],
      ["Replay the company tour", "/app/manager-company"],
      ["Replay the administrator tour", "/app/settings/company"],
    ]);
  }, 20_000);
});
