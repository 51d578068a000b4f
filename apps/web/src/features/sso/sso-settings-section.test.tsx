import type { CompanySso } from "@ideaport/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { type FakeApi, json } from "../../test/fake-api.ts";
import { admin, refusal, renderSettings } from "../../test/settings-fixtures.ts";

const notConfigured: CompanySso = {
  configured: false,
  issuer: null,
  client_id: null,
  has_client_secret: false,
  domains: [],
  required: false,
  redirect_uri: "http://localhost:8000/api/auth/sso/callback/",
};
const configured: CompanySso = {
  ...notConfigured,
  configured: true,
  issuer: "https://login.acme.test",
  client_id: "ideaport",
  has_client_secret: true,
  domains: ["acme.test"],
};

function answerCompany(fake: FakeApi, sso: CompanySso) {
  fake.on(
    "GET /api/company/",
    json({
      success: true,
      company: { id: "company-1", name: "Acme", member_count: 2, teams: [], default_language: "en" },
    }),
  );
  fake.on("GET /api/teams/", json({ success: true, teams: [] }));
  fake.on("GET /api/company/users/", json({ success: true, users: [], next_cursor: null }));
  fake.on("GET /api/company/sso/", json({ success: true, sso }));
}

async function openSignInTab(sso: CompanySso, setup: (fake: FakeApi) => void = () => {}) {
  const app = await renderSettings(admin, "/app/settings/company", (fake) => {
    answerCompany(fake, sso);
    setup(fake);
  });
  await userEvent.click(await screen.findByRole("tab", { name: "Sign-in" }));
  const region = await screen.findByRole("region", { name: "Single sign-on" });
  await within(region).findByRole("textbox", { name: /Issuer URL/ });
  return { ...app, region };
}

describe("Company Settings → Sign-in", () => {
  it("sets single sign-on up: provider, secret, domains and the requirement, and shows the redirect URI", async () => {
    const { region, fake } = await openSignInTab(notConfigured, (api) =>
      api.on("PUT /api/company/sso/", json({ success: true, sso: { ...configured, required: true } })),
    );
    const user = userEvent.setup();
    expect(region).toHaveTextContent("http://localhost:8000/api/auth/sso/callback/");
    expect(within(region).getByText(/Administrators keep their password/)).toBeInTheDocument();

    await user.type(within(region).getByRole("textbox", { name: /Issuer URL/ }), "https://login.acme.test");
    await user.type(within(region).getByRole("textbox", { name: /Client ID/ }), "ideaport");
    await user.type(within(region).getByLabelText(/Client secret/, { selector: "input" }), "s3cret");
    await user.type(within(region).getByRole("textbox", { name: /E-mail domains/ }), "acme.test, Acme.example");
    await user.click(within(region).getByRole("checkbox", { name: /Require single sign-on/ }));
    await user.click(within(region).getByRole("button", { name: "Save sign-in settings" }));

    expect(await within(region).findByText("Single sign-on is saved.")).toBeInTheDocument();
    expect(fake.calls("PUT /api/company/sso/")[0]?.body).toEqual({
      issuer: "https://login.acme.test",
      client_id: "ideaport",
      client_secret: "s3cret",
      domains: ["acme.test", "acme.example"],
      required: true,
    });
    // Written once: the field is empty again and says a secret is saved.
    expect(within(region).getByLabelText(/Client secret/, { selector: "input" })).toHaveValue("");
    expect(within(region).getByText(/A client secret is saved and is never shown again/)).toBeInTheDocument();
  });

  it("keeps the saved secret when its field stays empty", async () => {
    const { region, fake } = await openSignInTab(configured, (api) =>
      api.on("PUT /api/company/sso/", json({ success: true, sso: configured })),
    );
    const user = userEvent.setup();
    expect(within(region).getByRole("textbox", { name: /E-mail domains/ })).toHaveValue("acme.test");

    await user.click(within(region).getByRole("button", { name: "Save sign-in settings" }));

    await waitFor(() => expect(fake.calls("PUT /api/company/sso/")).toHaveLength(1));
    expect(fake.calls("PUT /api/company/sso/")[0]?.body).not.toHaveProperty("client_secret");
  });

  it("shows why the server refused the issuer on the issuer's field", async () => {
    const { region } = await openSignInTab(configured, (api) =>
      api.on(
        "PUT /api/company/sso/",
        refusal(400, "sso.issuer_unreachable", "No OpenID provider answered at this issuer URL."),
      ),
    );
    await userEvent.click(within(region).getByRole("button", { name: "Save sign-in settings" }));

    const issuer = within(region).getByRole("textbox", { name: /Issuer URL/ });
    await waitFor(() => expect(issuer).toHaveAccessibleDescription(/No OpenID provider answered/));
  });

  it("refuses a domain typed with @ before asking the server", async () => {
    const { region, fake } = await openSignInTab(configured);
    const user = userEvent.setup();
    const domains = within(region).getByRole("textbox", { name: /E-mail domains/ });
    await user.clear(domains);
    await user.type(domains, "@acme.test");
    await user.click(within(region).getByRole("button", { name: "Save sign-in settings" }));

    expect(await within(region).findByText(/without @/)).toBeInTheDocument();
    expect(fake.calls("PUT /api/company/sso/")).toHaveLength(0);
  });
});
