import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json } from "../../test/fake-api.ts";
import { renderInGerman } from "../../test/german.ts";
import { employee, refusal, renderSettings, thisDevice } from "../../test/settings-fixtures.ts";
import { personalDataFileName } from "./profile.queries.ts";

const EXPORT_ROUTE = "GET /api/users/current/export/";
const exported = {
  format: "ideaport.personal-data",
  version: 1,
  exported_at: "2025-03-10T09:00:00.000Z",
  incomplete_lists: [],
  profile: {
    id: "employee-1",
    email: "jane@example.com",
    first_name: "Jane",
    last_name: "Doe",
    display_name: "Jane Doe",
    role: "employee",
    is_admin: false,
    is_active: true,
    company_name: "Acme",
    teams: [{ name: "Operations", is_manager: false }],
    language: null,
    onboarding_status: "completed",
    created_at: "2025-01-01T09:00:00.000Z",
    last_login_at: null,
  },
  ideas: [],
  comments: [],
  votes: [],
  points: [],
  redemptions: [],
  notifications: [],
  email_preferences: null,
  calendar: { feed_created_at: null, connections: [] },
  push_subscriptions: [],
  sessions: [],
  api_tokens: [],
  audit_entries: [],
};

/** Keeps what the page hands the browser to save (jsdom has no object URLs or downloads). */
function catchDownloads() {
  const saved: { blob: Blob; name: string }[] = [];
  const blobs = new Map<string, Blob>();
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:data-${blobs.size}`;
    blobs.set(url, blob);
    return url;
  };
  URL.revokeObjectURL = () => {};
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob) saved.push({ blob, name: this.download });
  });
  return saved;
}

afterEach(() => vi.restoreAllMocks());

describe("Your data (profile settings)", () => {
  it("downloads the person's data as a JSON file and says so", async () => {
    const saved = catchDownloads();
    const { fake } = await renderSettings(employee, "/app/settings/profile", (fake) =>
      fake.on(EXPORT_ROUTE, json(exported)),
    );
    const section = await screen.findByRole("region", { name: "Your data" });
    expect(section).toHaveTextContent(/your profile, ideas and their history, comments, votes/);

    await userEvent.click(within(section).getByRole("button", { name: "Download my data" }));

    expect(await within(section).findByText("Your data has been downloaded.")).toBeInTheDocument();
    expect(fake.calls(EXPORT_ROUTE)).toHaveLength(1);
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toBe(personalDataFileName());
    expect(saved[0]!.name).toMatch(/^ideaport-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    expect(JSON.parse(await saved[0]!.blob.text())).toMatchObject({ profile: { email: "jane@example.com" } });
  });

  it("says why when the download is refused, and saves nothing", async () => {
    const saved = catchDownloads();
    await renderSettings(employee, "/app/settings/profile", (fake) =>
      fake.on(EXPORT_ROUTE, refusal(429, "request.rate_limited", "Too many requests. Please try again later.")),
    );
    const section = await screen.findByRole("region", { name: "Your data" });

    await userEvent.click(within(section).getByRole("button", { name: "Download my data" }));

    expect(await within(section).findByRole("alert")).toHaveTextContent(
      "Could not download your data. Too many requests.",
    );
    expect(saved).toEqual([]);
  });

  it("speaks German", async () => {
    await renderInGerman(employee, "/app/settings/profile");
    const section = await screen.findByRole("region", { name: "Deine Daten" });

    expect(within(section).getByRole("button", { name: "Meine Daten herunterladen" })).toBeInTheDocument();
    await userEvent.click(within(section).getByRole("button", { name: "Mein Konto löschen" }));
    const dialog = await screen.findByRole("dialog", { name: "Konto löschen?" });
    expect(await within(dialog).findByLabelText(/Dein aktuelles Passwort/)).toBeInTheDocument();
  });
});

describe("Delete my account (profile settings)", () => {
  const ERASE_ROUTE = "DELETE /api/users/current/";

  async function openDialog(setup: Parameters<typeof renderSettings>[2]) {
    const app = await renderSettings(employee, "/app/settings/profile", setup);
    const section = await screen.findByRole("region", { name: "Your data" });
    await userEvent.click(within(section).getByRole("button", { name: "Delete my account" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete your account?" });
    // The form, once this device's session says how it signed in.
    await within(dialog).findByRole("button", { name: "Delete my account for good" });
    return { ...app, dialog };
  }

  it("explains what goes and what stays before anything happens", async () => {
    const { fake, dialog } = await openDialog((fake) => fake.on(ERASE_ROUTE, json({ success: true })));

    expect(dialog).toHaveTextContent(/Your name, e-mail address, password, notifications/);
    expect(dialog).toHaveTextContent(/Your ideas, comments, votes and points stay, shown under “Former colleague”/);
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(fake.calls(ERASE_ROUTE)).toEqual([]);
  });

  it("asks for the password and shows a wrong one under the field, still signed in", async () => {
    const { fake, dialog } = await openDialog((fake) =>
      fake.on(
        ERASE_ROUTE,
        refusal(400, "settings.current_password_incorrect", "Your current password is incorrect.", {
          password: "Your current password is incorrect.",
        }),
      ),
    );
    const confirm = within(dialog).getByRole("button", { name: "Delete my account for good" });

    await userEvent.click(confirm);
    expect(await within(dialog).findByText("Password is required")).toBeInTheDocument();
    expect(fake.calls(ERASE_ROUTE)).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText(/Your current password/), "not-mine");
    await userEvent.click(confirm);

    expect(await within(dialog).findByText("Your current password is incorrect.")).toBeInTheDocument();
    expect(fake.calls(ERASE_ROUTE)[0]?.body).toEqual({ password: "not-mine" });
    expect(screen.getByRole("heading", { level: 1, name: "Settings" })).toBeInTheDocument();
  });

  it("deletes the account with the right password and signs out to the login page, which says so", async () => {
    const { fake, dialog } = await openDialog((fake) => fake.on(ERASE_ROUTE, json({ success: true })));

    await userEvent.type(within(dialog).getByLabelText(/Your current password/), "Password123!");
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete my account for good" }));

    expect(await screen.findByRole("heading", { name: "Log in to Ideaport" })).toBeInTheDocument();
    expect(await screen.findByText(/^Your account has been deleted\./)).toBeInTheDocument();
    expect(fake.calls(ERASE_ROUTE)[0]?.body).toEqual({ password: "Password123!" });
  });

  it("asks for no password right after a single sign-on on this device, and says why", async () => {
    const signedInAt = new Date(Date.now() - 2 * 60_000).toISOString();
    const { fake, dialog } = await openDialog((fake) => {
      fake.on(
        "GET /api/users/current/sessions/",
        json({ success: true, sessions: [{ ...thisDevice, sso_signed_in_at: signedInAt }] }),
      );
      fake.on(ERASE_ROUTE, json({ success: true }));
    });

    expect(within(dialog).queryByLabelText(/Your current password/)).not.toBeInTheDocument();
    expect(dialog).toHaveTextContent("You signed in with single sign-on a moment ago, so no password is needed.");
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete my account for good" }));

    expect(await screen.findByRole("heading", { name: "Log in to Ideaport" })).toBeInTheDocument();
    expect(fake.calls(ERASE_ROUTE)[0]?.body).toEqual({});
  });

  it("asks for the password after a single sign-on longer ago, saying how to do without one", async () => {
    const signedInAt = new Date(Date.now() - 30 * 60_000).toISOString();
    const { dialog } = await openDialog((fake) =>
      fake.on(
        "GET /api/users/current/sessions/",
        json({ success: true, sessions: [{ ...thisDevice, sso_signed_in_at: signedInAt }] }),
      ),
    );

    expect(within(dialog).getByLabelText(/Your current password/)).toBeInTheDocument();
    expect(dialog).toHaveTextContent(
      "You sign in with single sign-on and have no password? Sign in again with single sign-on, then delete your account within 10 minutes.",
    );
  });
});
