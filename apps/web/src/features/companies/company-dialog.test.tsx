import { MantineProvider } from "@mantine/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { theme } from "../../components/theme.ts";
import { AuthProvider } from "../../lib/auth-provider.tsx";
import { setLanguage } from "../../lib/i18n.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { createFakeApi, json } from "../../test/fake-api.ts";
import { CompanyDialog } from "./company-dialog.tsx";

/** The Associate with Company popup on its own, for a person who has just registered. */
async function openDialog() {
  const fake = createFakeApi();
  fake.on("POST /api/verify-company/", json({ success: true, teams: [{ id: "team-1", name: "Operations" }] }));
  vi.stubGlobal("fetch", fake.fetch);
  render(
    <MemoryRouter>
      <MantineProvider theme={theme} env="test">
        <QueryClientProvider client={createQueryClient()}>
          <AuthProvider>
            <CompanyDialog
              opened
              onClose={() => {}}
              userId="newcomer-1"
              displayName="Nina Newcomer"
              remember
              onSignedIn={() => {}}
              onLogIn={() => {}}
            />
          </AuthProvider>
        </QueryClientProvider>
      </MantineProvider>
    </MemoryRouter>,
  );
  return {
    fake,
    user: userEvent.setup(),
    dialog: await screen.findByRole("dialog", { name: "Mit Unternehmen verbinden" }),
  };
}

describe("Associate with Company in German", () => {
  it("asks for the company, verifies it and offers the join details in German", async () => {
    await setLanguage("de");
    const { user, dialog } = await openDialog();

    expect(within(dialog).getByRole("radio", { name: "Unternehmen beitreten" })).toBeChecked();
    expect(within(dialog).getByRole("radio", { name: "Neues Unternehmen anlegen" })).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Prüfen" }));
    expect(await within(dialog).findByText("Bitte gib den Namen des Unternehmens ein.")).toBeInTheDocument();
    expect(within(dialog).getByText("Bitte gib das Beitrittspasswort ein.")).toBeInTheDocument();

    await user.type(within(dialog).getByRole("textbox", { name: /^Name des Unternehmens/ }), "Acme");
    await user.type(within(dialog).getByLabelText(/^Beitrittspasswort/), "join-acme");
    await user.click(within(dialog).getByRole("button", { name: "Prüfen" }));

    expect(
      await within(dialog).findByText("Name und Passwort des Unternehmens stimmen. Wähle dein Team."),
    ).toBeVisible();
    expect(within(dialog).getByRole("textbox", { name: /^Anzeigename/ })).toHaveValue("Nina Newcomer");
    expect(within(dialog).getByRole("radio", { name: "Mitarbeitende" })).toBeChecked();
    expect(within(dialog).getByRole("checkbox", { name: /^Admin-Rechte anfragen/ })).not.toBeChecked();
    expect(within(dialog).getByRole("button", { name: "Unternehmen beitreten" })).toBeInTheDocument();
    // Typing and verifying take seconds on a busy machine.
  }, 30_000);

  it("creates a company with its teams and invitations in German", async () => {
    await setLanguage("de");
    const { user, dialog } = await openDialog();

    await user.click(within(dialog).getByRole("radio", { name: "Neues Unternehmen anlegen" }));
    const form = await within(dialog).findByRole("form", { name: "Neues Unternehmen anlegen" });
    expect(within(form).getByRole("button", { name: "Unternehmen anlegen" })).toBeDisabled();
    expect(within(form).getByRole("radiogroup", { name: "Deine Rolle im ersten Team" })).toBeInTheDocument();

    await user.type(within(form).getByRole("textbox", { name: "Teamname" }), "Operations");
    await user.click(within(form).getByRole("button", { name: "Team hinzufügen" }));
    const teams = within(form).getByRole("list", { name: "Teams des neuen Unternehmens" });
    expect(within(teams).getByText("Dein Team")).toBeInTheDocument();
    expect(within(teams).getByText("Noch niemand eingeladen.")).toBeInTheDocument();
    expect(within(teams).getByRole("button", { name: "Team Operations entfernen" })).toBeInTheDocument();

    await user.click(within(teams).getByRole("button", { name: "Mitglieder in Operations einladen" }));
    const invite = await screen.findByRole("dialog", { name: "Mitglieder in Operations einladen" });
    await user.type(within(invite).getByRole("textbox", { name: /^Vorname/ }), "Priya");
    await user.type(within(invite).getByRole("textbox", { name: /^Nachname/ }), "Patel");
    await user.type(within(invite).getByRole("textbox", { name: /^E-Mail/ }), "priya@example.com");
    await user.click(within(invite).getByRole("checkbox", { name: /^Admin-Rechte vergeben/ }));
    await user.click(within(invite).getByRole("button", { name: "Mitglied hinzufügen" }));

    const invited = await within(invite).findByRole("list", { name: "Eingeladen in Operations" });
    expect(within(invited).getByText("Priya Patel · priya@example.com · Mitarbeitende · Admin")).toBeInTheDocument();
    expect(within(invited).getByRole("button", { name: "Priya Patel aus Operations entfernen" })).toBeInTheDocument();
    expect(within(invite).getByRole("button", { name: "Fertig" })).toBeInTheDocument();
  }, 30_000);
});
