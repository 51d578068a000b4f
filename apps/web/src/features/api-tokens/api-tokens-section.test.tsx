import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { type FakeApi, json } from "../../test/fake-api.ts";
import { renderInGerman } from "../../test/german.ts";
import { admin, employee, refusal, renderSettings } from "../../test/settings-fixtures.ts";

const TOKENS_ROUTE = "GET /api/tokens/";
const report = {
  id: "token-1",
  name: "Weekly report",
  scopes: ["ideas:read", "challenges:read"],
  created_at: "2026-11-20T09:30:00.000Z",
  expires_at: "2026-12-20T09:30:00.000Z",
  last_used_at: "2026-11-28T07:15:00.000Z",
};
const unused = { ...report, id: "token-2", name: "Backup", scopes: ["portal:read"], last_used_at: null };

async function openSection(user = employee, tokens: unknown[] = [], setup: (fake: FakeApi) => void = () => {}) {
  const app = await renderSettings(user, "/app/settings/profile", (fake) => {
    fake.on(TOKENS_ROUTE, json({ success: true, tokens }));
    setup(fake);
  });
  const region = await screen.findByRole("region", { name: "API tokens" });
  return { ...app, region };
}

describe("Profile Settings: API tokens", () => {
  it("lists each token with its scopes, dates and last use, and a revoke button", async () => {
    const { region } = await openSection(employee, [report, unused]);
    const table = await within(region).findByRole("table", { name: "Your API tokens" });
    const row = within(table).getByRole("row", { name: /Weekly report/ });
    expect(row).toHaveTextContent(/Weekly report\s*ideas:read\s*challenges:read\s*Nov 20, 2026\s*Dec 20, 2026/);
    expect(row).not.toHaveTextContent("Never");
    expect(within(table).getByRole("row", { name: /Backup/ })).toHaveTextContent(/portal:read.*Never/);
    expect(within(table).getByRole("button", { name: "Revoke Weekly report" })).toBeVisible();
  });

  it("says there are no tokens yet", async () => {
    const { region } = await openSection();
    expect(await within(region).findByText("No API tokens yet.")).toBeVisible();
  });

  it("creates a token with a name, an expiry and scopes, and shows it once with a copy button", async () => {
    const { fake, region } = await openSection();
    fake.on("POST /api/tokens/", json({ success: true, id: "token-1", token: "ipt_secret" }));

    await userEvent.click(within(region).getByRole("button", { name: "Create token" }));
    const dialog = await screen.findByRole("dialog", { name: "Create an API token" });
    expect(within(dialog).queryByRole("checkbox", { name: /Administer the company/ })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Create" }));
    expect(
      await within(dialog).findByText("Please name the token, e.g. after the script or tool that uses it."),
    ).toBeVisible();
    expect(within(dialog).getByText("Choose at least one scope.")).toBeVisible();
    expect(fake.calls("POST /api/tokens/")).toHaveLength(0);

    await userEvent.type(within(dialog).getByRole("textbox", { name: /Token name/ }), "Weekly report");
    await userEvent.selectOptions(within(dialog).getByRole("combobox", { name: "Expires" }), "In 90 days");
    await userEvent.click(within(dialog).getByRole("checkbox", { name: /Read ideas, comments/ }));
    await userEvent.click(within(dialog).getByRole("checkbox", { name: /Read challenges/ }));
    fake.on(TOKENS_ROUTE, json({ success: true, tokens: [{ ...report, last_used_at: null }] }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Create" }));

    const shown = await screen.findByRole("dialog", { name: "Your new API token" });
    expect(within(shown).getByRole("textbox", { name: "Token" })).toHaveValue("ipt_secret");
    expect(within(shown).getByText(/only time it is shown/)).toBeVisible();
    expect(within(shown).getByRole("button", { name: "Copy the token" })).toBeVisible();
    expect(fake.calls("POST /api/tokens/")[0]!.body).toEqual({
      name: "Weekly report",
      expires_in_days: 90,
      scopes: ["ideas:read", "challenges:read"],
    });

    await userEvent.click(within(shown).getByRole("button", { name: "Done" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(await within(region).findByRole("row", { name: /Weekly report/ })).toBeVisible();
    expect(region).not.toHaveTextContent("ipt_secret");
  });

  it("offers the admin scope to admins", async () => {
    const { region } = await openSection(admin);
    await userEvent.click(within(region).getByRole("button", { name: "Create token" }));
    const dialog = await screen.findByRole("dialog", { name: "Create an API token" });
    expect(within(dialog).getByRole("checkbox", { name: /Administer the company/ })).toBeVisible();
  });

  it("revokes a token after asking, and says why when refused", async () => {
    const { fake, region } = await openSection(employee, [report, unused]);
    fake.on("DELETE /api/tokens/token-2/", json({ success: true }));
    fake.on(
      "DELETE /api/tokens/token-1/",
      refusal(404, "api_token.not_found", "That token does not exist or has already been revoked."),
    );

    await userEvent.click(await within(region).findByRole("button", { name: "Revoke Backup" }));
    let dialog = await screen.findByRole("dialog", { name: "Revoke Backup?" });
    expect(dialog).toHaveTextContent("The next request made with this token will be refused.");
    fake.on(TOKENS_ROUTE, json({ success: true, tokens: [report] }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Revoke" }));
    expect(await within(region).findByText("Backup has been revoked.")).toBeVisible();
    await waitFor(() => expect(within(region).queryByRole("row", { name: /Backup/ })).not.toBeInTheDocument());

    await userEvent.click(within(region).getByRole("button", { name: "Revoke Weekly report" }));
    dialog = await screen.findByRole("dialog", { name: "Revoke Weekly report?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Revoke" }));
    expect(await within(dialog).findByText("That token does not exist or has already been revoked.")).toBeVisible();
  });

  it("speaks German to a German reader", async () => {
    await renderInGerman(employee, "/app/settings/profile", (fake) => {
      fake.on(TOKENS_ROUTE, json({ success: true, tokens: [unused] }));
    });
    const region = await screen.findByRole("region", { name: "API-Tokens" });
    expect(await within(region).findByRole("row", { name: /Backup/ })).toHaveTextContent("Noch nie");
    await userEvent.click(within(region).getByRole("button", { name: "Token erstellen" }));
    const dialog = await screen.findByRole("dialog", { name: "API-Token erstellen" });
    expect(within(dialog).getByRole("combobox", { name: "Läuft ab" })).toHaveDisplayValue("In 30 Tagen");
  });
});
