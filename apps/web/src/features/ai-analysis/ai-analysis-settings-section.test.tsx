import { AI_ANALYSIS_MESSAGES, type AiAnalysisSettings } from "@ideaport/shared";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { t } from "../../lib/i18n.ts";
import { type FakeApi, json } from "../../test/fake-api.ts";
import { renderInGerman } from "../../test/german.ts";
import { admin, renderSettings } from "../../test/settings-fixtures.ts";

const CONFIGURED: AiAnalysisSettings = {
  send_idea_text: false,
  model_configured: true,
  provider_host: "api.example.com",
  model: "m-1",
};

async function openSection(settings: AiAnalysisSettings, setup: (fake: FakeApi) => void = () => {}) {
  const app = await renderSettings(admin, "/app/settings/company", (fake) => {
    fake.on(
      "GET /api/company/",
      json({ success: true, company: { id: "company-1", name: "Acme", member_count: 2, teams: [] } }),
    );
    fake.on("GET /api/teams/", json({ success: true, teams: [] }));
    fake.on("GET /api/company/users/", json({ success: true, users: [], next_cursor: null }));
    fake.on("GET /api/ai-analysis/settings/", json({ success: true, settings }));
    setup(fake);
  });
  const region = await screen.findByRole("region", { name: "AI analysis" });
  return { ...app, region };
}

describe("company settings: AI analysis", () => {
  it("says what is sent where, and turns sending on only when the admin switches it", async () => {
    const { region, fake } = await openSection(CONFIGURED, (fake) =>
      fake.on(
        "PUT /api/ai-analysis/settings/",
        json({ success: true, settings: { ...CONFIGURED, send_idea_text: true } }),
      ),
    );
    const toggle = await within(region).findByRole("switch", {
      name: new RegExp(`^${t(AI_ANALYSIS_MESSAGES.sendTextLabel)}`),
    });
    expect(toggle).not.toBeChecked();
    expect(
      within(region).getByText(t(AI_ANALYSIS_MESSAGES.sendTextDescription, { host: "api.example.com", model: "m-1" })),
    ).toBeVisible();
    expect(fake.calls("PUT /api/ai-analysis/settings/")).toHaveLength(0);
    await userEvent.click(toggle);
    expect(await within(region).findByText(/may now go to the language model/)).toBeInTheDocument();
    expect(fake.calls("PUT /api/ai-analysis/settings/").map((call) => call.body)).toEqual([{ send_idea_text: true }]);
    expect(toggle).toBeChecked();
  });

  it("says that no text leaves the server when no model is configured", async () => {
    const { region } = await openSection({ ...CONFIGURED, model_configured: false, provider_host: null, model: null });
    const toggle = await within(region).findByRole("switch", {
      name: new RegExp(`^${t(AI_ANALYSIS_MESSAGES.sendTextLabel)}`),
    });
    expect(toggle).toBeDisabled();
    expect(within(region).getByText(t(AI_ANALYSIS_MESSAGES.notConfigured))).toBeVisible();
  });
});

describe("company settings: AI analysis in German", () => {
  it("says in German that the built-in analysis works without a model", async () => {
    await renderInGerman(admin, "/app/settings/company", (fake) => {
      fake.on("GET /api/teams/", json({ success: true, teams: [] }));
      fake.on("GET /api/company/users/", json({ success: true, users: [], next_cursor: null }));
      fake.on(
        "GET /api/ai-analysis/settings/",
        json({ success: true, settings: { ...CONFIGURED, model_configured: false, provider_host: null, model: null } }),
      );
    });
    const region = await screen.findByRole("region", { name: "KI-Analyse" }, { timeout: 8000 });

    expect(
      await within(region).findByText("Die in diesen Server eingebaute Analyse funktioniert auch ohne."),
    ).toBeInTheDocument();
  });
});
