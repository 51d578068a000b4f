import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { type FakeApi, json } from "../../test/fake-api.ts";
import { renderInGerman } from "../../test/german.ts";
import { admin, refusal, renderSettings } from "../../test/settings-fixtures.ts";

const TOKENS_ROUTE = "GET /api/company/scim-tokens/";
const entra = {
  id: "token-1",
  name: "Entra ID production",
  created_at: "2026-11-20T09:30:00.000Z",
  last_used_at: "2026-11-28T07:15:00.000Z",
};
const okta = { id: "token-2", name: "Okta test", created_at: "2026-11-21T10:00:00.000Z", last_used_at: null };

function answerCompany(fake: FakeApi) {
  fake.on(
    "GET /api/company/",
    json({
      success: true,
      company: { id: "company-1", name: "Acme", member_count: 2, teams: [], default_language: "en" },
    }),
  );
  fake.on("GET /api/teams/", json({ success: true, teams: [] }));
  fake.on("GET /api/company/users/", json({ success: true, users: [], next_cursor: null }));
}

async function openProvisioning(tokens: unknown[], setup: (fake: FakeApi) => void = () => {}) {
  const app = await renderSettings(admin, "/app/settings/company", (fake) => {
    answerCompany(fake);
    fake.on(TOKENS_ROUTE, json({ success: true, tokens }));
    setup(fake);
  });
  await userEvent.click(await screen.findByRole("tab", { name: "Provisioning" }));
  const region = await screen.findByRole("region", { name: "Provisioning (SCIM)" });
  return { ...app, region };
}

describe("company settings: provisioning", () => {
  it("shows the SCIM base URL to paste into the identity provider, and the tokens with their last use", async () => {
    const { region } = await openProvisioning([entra, okta]);
    expect(within(region).getByRole("textbox", { name: "SCIM base URL" })).toHaveValue(
      `${window.location.origin}/scim/v2`,
    );
    expect(within(region).getByRole("button", { name: "Copy the SCIM base URL" })).toBeVisible();
    const table = await within(region).findByRole("table", { name: "SCIM tokens" });
    expect(within(table).getByRole("row", { name: /Entra ID production/ })).not.toHaveTextContent("Never");
    expect(within(table).getByRole("row", { name: /Okta test/ })).toHaveTextContent("Never");
    expect(within(table).getByRole("button", { name: "Revoke Entra ID production" })).toBeVisible();
  });

  it("says there are no tokens yet", async () => {
    const { region } = await openProvisioning([]);
    expect(await within(region).findByText(/No tokens yet/)).toBeVisible();
  });

  it("creates a token and shows it once with a copy button; the list then names it", async () => {
    const { fake, region } = await openProvisioning([]);
    fake.on("POST /api/company/scim-tokens/", json({ success: true, id: "token-1", token: "ideaport_scim_secret" }));
    fake.on(TOKENS_ROUTE, json({ success: true, tokens: [{ ...entra, last_used_at: null }] }));

    await userEvent.click(within(region).getByRole("button", { name: "Create token" }));
    const dialog = await screen.findByRole("dialog", { name: "Create a SCIM token" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Create" }));
    expect(
      await within(dialog).findByText("Please name the token, e.g. after the identity provider that uses it."),
    ).toBeVisible();
    expect(fake.calls("POST /api/company/scim-tokens/")).toHaveLength(0);

    await userEvent.type(within(dialog).getByRole("textbox", { name: /Token name/ }), "Entra ID production");
    await userEvent.click(within(dialog).getByRole("button", { name: "Create" }));

    const shown = await screen.findByRole("dialog", { name: "Your new token" });
    expect(within(shown).getByRole("textbox", { name: "Token" })).toHaveValue("ideaport_scim_secret");
    expect(within(shown).getByText(/only time it is shown/)).toBeVisible();
    expect(within(shown).getByRole("button", { name: "Copy the token" })).toBeVisible();
    expect(fake.calls("POST /api/company/scim-tokens/")[0]!.body).toEqual({ name: "Entra ID production" });

    await userEvent.click(within(shown).getByRole("button", { name: "Done" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(await within(region).findByRole("row", { name: /Entra ID production/ })).toBeVisible();
    expect(region).not.toHaveTextContent("ideaport_scim_secret");
  });

  it("revokes a token after asking, and keeps it when the answer is Cancel", async () => {
    const { fake, region } = await openProvisioning([entra, okta]);
    fake.on("DELETE /api/company/scim-tokens/token-1/", json({ success: true }));

    await userEvent.click(await within(region).findByRole("button", { name: "Revoke Entra ID production" }));
    let dialog = await screen.findByRole("dialog", { name: "Revoke Entra ID production?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(fake.calls("DELETE /api/company/scim-tokens/token-1/")).toHaveLength(0);

    fake.on(TOKENS_ROUTE, json({ success: true, tokens: [okta] }));
    await userEvent.click(within(region).getByRole("button", { name: "Revoke Entra ID production" }));
    dialog = await screen.findByRole("dialog", { name: "Revoke Entra ID production?" });
    expect(dialog).toHaveTextContent(/next request with this token will be refused/);
    await userEvent.click(within(dialog).getByRole("button", { name: "Revoke" }));

    expect(await within(region).findByText("Entra ID production has been revoked.")).toBeVisible();
    await waitFor(() =>
      expect(within(region).queryByRole("row", { name: /Entra ID production/ })).not.toBeInTheDocument(),
    );
    expect(fake.calls("DELETE /api/company/scim-tokens/token-1/")).toHaveLength(1);
  });

  it("says why in the dialog when revoking is refused", async () => {
    const { fake, region } = await openProvisioning([entra]);
    fake.on(
      "DELETE /api/company/scim-tokens/token-1/",
      refusal(404, "scim_token.not_found", "That token does not exist or has already been revoked."),
    );
    await userEvent.click(await within(region).findByRole("button", { name: "Revoke Entra ID production" }));
    const dialog = await screen.findByRole("dialog", { name: "Revoke Entra ID production?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Revoke" }));
    expect(await within(dialog).findByText("That token does not exist or has already been revoked.")).toBeVisible();
  });

  it("speaks German to a German reader", async () => {
    await renderInGerman(admin, "/app/settings/company", (fake) => {
      answerCompany(fake);
      fake.on(TOKENS_ROUTE, json({ success: true, tokens: [okta] }));
    });
    await userEvent.click(await screen.findByRole("tab", { name: "Bereitstellung" }));
    const region = await screen.findByRole("region", { name: "Bereitstellung (SCIM)" });
    expect(within(region).getByRole("textbox", { name: "SCIM-Basis-URL" })).toBeVisible();
    expect(await within(region).findByRole("row", { name: /Okta test/ })).toHaveTextContent("Noch nie");
    expect(within(region).getByRole("button", { name: "Token erstellen" })).toBeVisible();
  });
});
