import { MantineProvider } from "@mantine/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { theme } from "../../../components/theme.ts";
import { setLanguage } from "../../../lib/i18n.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { createFakeApi, type FakeApi, json } from "../../../test/fake-api.ts";
import { admin, pointsRules, refusal, renderSettings } from "../../../test/settings-fixtures.ts";
import { PointsRulesSection } from "./points-rules-form.tsx";

function answerCompany(fake: FakeApi) {
  fake.on(
    "GET /api/company/",
    json({ success: true, company: { id: "company-1", name: "Acme", member_count: 2, teams: [] } }),
  );
  fake.on("GET /api/teams/", json({ success: true, teams: [] }));
  fake.on("GET /api/company/users/", json({ success: true, users: [], next_cursor: null }));
}

async function openRulesForm(setup: (fake: FakeApi) => void = () => {}) {
  const app = await renderSettings(admin, "/app/settings/company", (fake) => {
    answerCompany(fake);
    setup(fake);
  });
  const region = await screen.findByRole("region", { name: "Points rules" });
  const form = await within(region).findByRole("form", { name: "Points rules" });
  return { ...app, region, form };
}

function field(form: HTMLElement, name: string) {
  return within(form).getByRole("spinbutton", { name });
}

async function replace(input: HTMLElement, text: string) {
  await userEvent.clear(input);
  if (text !== "") await userEvent.type(input, text);
}

describe("company settings: points rules", () => {
  it("shows the four rules and says that a change applies to new events only", async () => {
    const { region, form } = await openRulesForm();

    expect(
      within(region).getByText(
        "Points each contribution earns. Changes apply to new events only: points already earned stay as they are.",
      ),
    ).toBeInTheDocument();
    expect(
      within(form)
        .getAllByRole("spinbutton")
        .map((input) => [input.getAttribute("name"), (input as HTMLInputElement).value]),
    ).toEqual([
      ["submit", "10"],
      ["approved", "50"],
      ["comment", "2"],
      ["challenge_answer", "5"],
    ]);
    expect(field(form, "Idea submitted")).toHaveValue(10);
    expect(field(form, "Idea approved")).toHaveValue(50);
    expect(field(form, "Comment")).toHaveValue(2);
    expect(field(form, "Challenge answered")).toHaveValue(5);
  });

  it("saves only the rules that changed and says so", async () => {
    const { fake, form } = await openRulesForm((fake) =>
      fake.on(
        "PATCH /api/company/points-rules/",
        json({ success: true, rules: { ...pointsRules, approved: 60, challenge_answer: 20 } }),
      ),
    );

    await replace(field(form, "Idea approved"), "60");
    await replace(field(form, "Challenge answered"), "20");
    await userEvent.click(within(form).getByRole("button", { name: "Save points rules" }));

    expect(await within(form).findByRole("status")).toHaveTextContent(
      "The points rules are saved. New contributions earn by them; points already earned stay as they are.",
    );
    expect(fake.calls("PATCH /api/company/points-rules/").map((request) => request.body)).toEqual([
      { approved: 60, challenge_answer: 20 },
    ]);
    expect(field(form, "Idea approved")).toHaveValue(60);
    expect(field(form, "Challenge answered")).toHaveValue(20);
  });

  it("refuses values outside 0 to 1000 and an empty field under the field, without asking the server", async () => {
    const { fake, form } = await openRulesForm();

    await replace(field(form, "Comment"), "1001");
    await replace(field(form, "Idea submitted"), "");
    await userEvent.click(within(form).getByRole("button", { name: "Save points rules" }));

    await waitFor(() => expect(field(form, "Comment")).toHaveAttribute("aria-invalid", "true"));
    expect(field(form, "Comment")).toHaveAccessibleDescription("Points must be a whole number from 0 to 1000.");
    expect(field(form, "Idea submitted")).toHaveAccessibleDescription("Points must be a whole number from 0 to 1000.");
    expect(field(form, "Idea approved")).not.toHaveAttribute("aria-invalid", "true");
    expect(fake.calls("PATCH /api/company/points-rules/")).toEqual([]);
  });

  it("asks for a change when nothing changed", async () => {
    const { fake, form } = await openRulesForm();

    await userEvent.click(within(form).getByRole("button", { name: "Save points rules" }));

    expect(await within(form).findByRole("alert")).toHaveTextContent("Please change at least one rule.");
    expect(fake.calls("PATCH /api/company/points-rules/")).toEqual([]);
  });

  it("shows the server's refusals: under the field, or for the whole form", async () => {
    let answer = refusal(400, "validation", "Please check the highlighted fields.", {
      submit: "Points must be a whole number from 0 to 1000.",
    });
    const { form } = await openRulesForm((fake) => fake.on("PATCH /api/company/points-rules/", () => answer.clone()));

    await replace(field(form, "Idea submitted"), "15");
    await userEvent.click(within(form).getByRole("button", { name: "Save points rules" }));
    await waitFor(() =>
      expect(field(form, "Idea submitted")).toHaveAccessibleDescription(
        "Points must be a whole number from 0 to 1000.",
      ),
    );

    answer = refusal(403, "auth.forbidden", "You do not have permission to do this.");
    await userEvent.click(within(form).getByRole("button", { name: "Save points rules" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent("You do not have permission to do this.");
  });
});

describe("company settings: points rules in German", () => {
  it("names the rules, their unit and the save button in German", async () => {
    await setLanguage("de");
    const fake = createFakeApi();
    fake.on("GET /api/company/points-rules/", json({ success: true, rules: pointsRules }));
    vi.stubGlobal("fetch", fake.fetch);
    render(
      <MantineProvider theme={theme} env="test">
        <QueryClientProvider client={createQueryClient()}>
          <PointsRulesSection />
        </QueryClientProvider>
      </MantineProvider>,
    );

    const region = await screen.findByRole("region", { name: "Punkteregeln" });
    const form = await within(region).findByRole("form", { name: "Punkteregeln" });
    expect(
      within(region).getByText(
        "Punkte für jede Art von Beteiligung. Änderungen gelten nur für neue Ereignisse: Bereits gesammelte Punkte bleiben, wie sie sind.",
      ),
    ).toBeInTheDocument();
    expect(field(form, "Idee eingereicht")).toHaveValue(10);
    expect(within(form).getAllByText("Punkte")).toHaveLength(4);
    expect(within(form).getByRole("button", { name: "Punkteregeln speichern" })).toBeInTheDocument();
  });
});
