import { MantineProvider } from "@mantine/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { theme } from "../../components/theme.ts";
import { setLanguage } from "../../lib/i18n.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { createFakeApi, json } from "../../test/fake-api.ts";
import { EvaluationSettingsSection } from "./evaluation-settings-section.tsx";

const DEFAULTS = [
  { id: "11111111-1111-4111-8111-111111111111", name: "Impact", description: "How much it helps.", weight: 1 },
  { id: "22222222-2222-4222-8222-222222222222", name: "Confidence", description: "How sure we are.", weight: 1 },
  { id: "33333333-3333-4333-8333-333333333333", name: "Ease", description: "How little it costs.", weight: 1 },
];

async function renderSection() {
  const fake = createFakeApi();
  fake.on(
    "GET /api/evaluation/criteria/",
    json({ success: true, criteria: DEFAULTS, challenge_id: null, own_set: true }),
  );
  vi.stubGlobal("fetch", fake.fetch);
  render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={createQueryClient()}>
        <EvaluationSettingsSection />
      </QueryClientProvider>
    </MantineProvider>,
  );
  const form = await screen.findByRole("form", { name: "Evaluation" });
  return { fake, form };
}

describe("Company Settings → Evaluation", () => {
  it("shows Impact, Confidence and Ease with their weights, and saves a changed weight and a new criterion", async () => {
    await setLanguage("en");
    const { fake, form } = await renderSection();
    expect(
      within(form)
        .getAllByRole("textbox", { name: "Name" })
        .map((input) => (input as HTMLInputElement).value),
    ).toEqual(["Impact", "Confidence", "Ease"]);
    fake.on("PUT /api/evaluation/criteria/", (request) =>
      json({
        success: true,
        challenge_id: null,
        own_set: true,
        criteria: (request.body as { criteria: Array<Record<string, unknown>> }).criteria.map((criterion) => ({
          id: (criterion.id as string | undefined) ?? "44444444-4444-4444-8444-444444444444",
          name: criterion.name,
          description: criterion.description,
          weight: criterion.weight,
        })),
      }),
    );
    const weights = within(form).getAllByRole("spinbutton", { name: "Weight" });
    await userEvent.clear(weights[0]!);
    await userEvent.type(weights[0]!, "3");
    await userEvent.click(within(form).getByRole("button", { name: "Add a criterion" }));
    const names = within(form).getAllByRole("textbox", { name: "Name" });
    await userEvent.type(names[3]!, "Cost");
    await userEvent.click(within(form).getByRole("button", { name: "Save criteria" }));
    expect(await within(form).findByText("Criteria saved. Every score was updated.")).toBeInTheDocument();
    expect(fake.calls("PUT /api/evaluation/criteria/").map((request) => request.body)).toEqual([
      {
        criteria: [
          { ...DEFAULTS[0], weight: 3 },
          DEFAULTS[1],
          DEFAULTS[2],
          { name: "Cost", description: "", weight: 1 },
        ],
      },
    ]);
  });

  it("refuses a weight out of 1–10 before sending, and removes a criterion", async () => {
    await setLanguage("en");
    const { fake, form } = await renderSection();
    const weights = within(form).getAllByRole("spinbutton", { name: "Weight" });
    await userEvent.clear(weights[1]!);
    await userEvent.type(weights[1]!, "11");
    await userEvent.click(within(form).getByRole("button", { name: "Save criteria" }));
    expect(await within(form).findByText("The weight must be a whole number from 1 to 10.")).toBeInTheDocument();
    expect(fake.calls("PUT /api/evaluation/criteria/")).toEqual([]);
    await userEvent.click(within(form).getByRole("button", { name: "Remove Ease" }));
    await waitFor(() => expect(within(form).getAllByRole("textbox", { name: "Name" })).toHaveLength(2));
  });
});
