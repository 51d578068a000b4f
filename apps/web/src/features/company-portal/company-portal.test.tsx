import { MantineProvider } from "@mantine/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { theme } from "../../components/theme.ts";
import { AuthProvider } from "../../lib/auth-provider.tsx";
import { setLanguage } from "../../lib/i18n.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { buildUser } from "../../test/factories.ts";
import { createFakeApi, json } from "../../test/fake-api.ts";
import { signInAs } from "../../test/render-app.tsx";
import { CompanyPortal } from "./company-portal.tsx";
// Loaded lazily by the page; imported here so that no test times their first load.
import "./portal-standings.tsx";
import "./rewards-sections.tsx";

const employee = buildUser({
  id: "user-jane",
  display_name: "Jane Doe",
  team: [{ id: "team-ops", name: "Operations", is_manager: false }],
  // Signed in, the app speaks the person's language.
  language: "de",
  effective_language: "de",
});

function renderPortal() {
  const fake = createFakeApi();
  signInAs(employee, fake, { points: 0 });
  fake.on("GET /api/news/", json({ success: true, news: [], categories: [], next_cursor: null }));
  fake.on("GET /api/leaderboards/", json({ success: true, entries: [], me: null }));
  fake.on(
    "GET /api/company/points-rules/",
    json({ success: true, rules: { submit: 10, approved: 0, comment: 0, challenge_answer: 0 } }),
  );
  fake.on("GET /api/rewards/", json({ success: true, balance: 0, rewards: [] }));
  fake.on("GET /api/redemptions/", json({ success: true, redemptions: [], next_cursor: null }));
  vi.stubGlobal("fetch", fake.fetch);
  render(
    <MemoryRouter initialEntries={["/app/employee-company"]}>
      <MantineProvider theme={theme} env="test">
        <QueryClientProvider client={createQueryClient()}>
          <AuthProvider>
            <CompanyPortal audience="employee" />
          </AuthProvider>
        </QueryClientProvider>
      </MantineProvider>
    </MemoryRouter>,
  );
}

describe("company portal in German", () => {
  it("names the page and each of its sections in German", async () => {
    await setLanguage("de");
    renderPortal();

    expect(await screen.findByRole("heading", { level: 1, name: "Unternehmensportal" })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe("Unternehmensportal · Ideaport"));
    expect(
      screen.getByText(
        "Neuigkeiten aus dem Unternehmen, wer Ideen voranbringt und was du dir für deine Punkte holen kannst.",
      ),
    ).toBeInTheDocument();
    expect(await screen.findByRole("region", { name: "Neuigkeiten aus dem Unternehmen" })).toBeInTheDocument();
    const points = await screen.findByRole("region", { name: "Deine Punkte" });
    const none = await within(points).findByText(/^Du hast noch keine Punkte\./);
    expect(none).toHaveTextContent("Du hast noch keine Punkte. Du bekommst 10 Punkte für jede eingereichte Idee.");
    const leaderboard = await screen.findByRole("region", { name: "Rangliste" });
    expect(
      await within(leaderboard).findByText("In diesem Zeitraum wurden noch keine Punkte gesammelt."),
    ).toBeInTheDocument();
    const rewards = await screen.findByRole("region", { name: "Prämien" });
    expect(
      await within(rewards).findByText("Noch keine Prämien. Deine Admins fügen bald welche hinzu."),
    ).toBeInTheDocument();
    expect(await screen.findByRole("region", { name: "Deine Einlösungen" })).toBeInTheDocument();
  });
});
