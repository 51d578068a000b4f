import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { json } from "../../test/fake-api.ts";
import {
  buildChallenge,
  CHALLENGES_ROUTE,
  challengePage,
  employee,
  queryOf,
  renderEmployeeIdeas,
} from "./ideas-fixtures.ts";

describe("an employee's challenge proposals", { timeout: 20_000 }, () => {
  it("lists what became of each proposal, with the administrator's reason", async () => {
    const proposals = [
      buildChallenge({ title: "Plant more trees", scope: "company", status: "proposed", created_by: employee.id }),
      buildChallenge({
        title: "Four-day week",
        scope: "company",
        status: "rejected",
        created_by: employee.id,
        decided_at: "2025-03-12T10:00:00.000Z",
        decision_note: "Not this year.",
      }),
      buildChallenge({
        title: "Walking meetings",
        scope: "company",
        status: "active",
        created_by: employee.id,
        decided_at: "2025-03-13T10:00:00.000Z",
      }),
    ];
    const { fake } = await renderEmployeeIdeas((fake) =>
      fake.on(CHALLENGES_ROUTE, (request) => json(challengePage(queryOf(request).mine === "true" ? proposals : []))),
    );
    const section = await screen.findByRole("region", { name: "Your proposals" });
    const card = (title: string) => within(section).getByRole("article", { name: title });
    expect(await within(section).findByRole("article", { name: "Four-day week" })).toBeInTheDocument();
    expect(card("Plant more trees")).toHaveTextContent("Waiting for an administrator");
    expect(card("Plant more trees")).not.toHaveTextContent("decided");
    expect(card("Four-day week")).toHaveTextContent("Denied");
    expect(card("Four-day week")).toHaveTextContent("decided Mar 12, 2025");
    expect(card("Four-day week")).toHaveTextContent("Reason: “Not this year.”");
    expect(card("Walking meetings")).toHaveTextContent("Approved");
    expect(card("Walking meetings")).not.toHaveTextContent("Reason");
    expect(fake.calls(CHALLENGES_ROUTE).some((request) => queryOf(request).scope === "company")).toBe(true);
  });

  it("offers an employee to propose a company challenge, and says when there is none yet", async () => {
    const { fake } = await renderEmployeeIdeas();
    const section = await screen.findByRole("region", { name: "Your proposals" });
    expect(
      await within(section).findByText("You have not proposed a company challenge yet. Propose one above."),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Propose a challenge" }));
    const dialog = await screen.findByRole("dialog", { name: "New challenge" });
    expect(within(dialog).getByRole("radio", { name: "Company (proposal)" })).toBeChecked();
    expect(within(dialog).getByRole("radio", { name: "Team" })).toBeDisabled();
    // Employees may not list teams (the server answers 403): the page never asks.
    expect(fake.calls("GET /api/teams/")).toEqual([]);
  });
});
