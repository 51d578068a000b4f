import { STORAGE_KEYS } from "@ideaport/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
// Loaded lazily by the settings page; imported here so that its first load is not timed by a test.
import "./profile-settings.tsx";
import { buildLoginResponse } from "../../test/factories.ts";
import { json } from "../../test/fake-api.ts";
import { manager, refusal, renderSettings } from "../../test/settings-fixtures.ts";

const PROFILE_ROUTE = "PATCH /api/users/current/";
const PASSWORD_ROUTE = "POST /api/users/current/password/";

function section(name: string) {
  return screen.getByRole("region", { name });
}

async function fillPasswords(current: string, next: string, confirm: string) {
  const form = section("Change password");
  if (current) await userEvent.type(within(form).getByLabelText(/^Current password/), current);
  if (next) await userEvent.type(within(form).getByLabelText(/^New password/), next);
  if (confirm) await userEvent.type(within(form).getByLabelText(/^Confirm new password/), confirm);
  await userEvent.click(within(form).getByRole("button", { name: "Change password" }));
  return form;
}

describe("profile settings", () => {
  it("speaks the language the person chooses at once, and saves it", async () => {
    const german = { ...manager, language: "de" as const, effective_language: "de" as const };
    const { fake } = await renderSettings(manager, "/app/settings/profile", (fake) => {
      fake.on(PROFILE_ROUTE, json({ success: true, user: german }));
    });
    const choice = within(section("Language")).getByRole("combobox", { name: "Language" });
    expect(choice).toHaveValue("company");
    expect(
      within(choice)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Same as my company", "English", "Deutsch"]);

    fake.on("GET /api/users/current/", json(german));
    await userEvent.selectOptions(choice, "de");

    expect(fake.calls(PROFILE_ROUTE)[0]?.body).toEqual({ language: "de" });
    const sprache = await screen.findByRole("region", { name: "Sprache" });
    expect(within(sprache).getByRole("combobox", { name: "Sprache" })).toHaveValue("de");
    expect(within(sprache).getByRole("option", { name: "Wie in meinem Unternehmen" })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe("de");
  });

  it("shows the account e-mail read-only; logging out is in the user menu, not among the account's details", async () => {
    const { router } = await renderSettings(manager, "/app/settings/profile");

    const email = within(section("Account")).getByRole("textbox", { name: "Email" });
    expect(email).toHaveValue("sam@example.com");
    expect(email).toHaveAttribute("readonly");
    expect(screen.queryByRole("button", { name: /log ?out/i })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: manager.display_name }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Logout" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
  });

  it("saves the names and shows the new display name in the header", async () => {
    const saved = { ...manager, display_name: "Sammy", first_name: "Samuel", last_name: "Manager" };
    const { fake } = await renderSettings(manager, "/app/settings/profile", (fake) => {
      fake.on(PROFILE_ROUTE, json({ success: true, user: saved }));
    });
    const form = section("Your name");
    const displayName = within(form).getByRole("textbox", { name: /^Display name/ });
    const firstName = within(form).getByRole("textbox", { name: /^First name/ });

    await userEvent.clear(displayName);
    await userEvent.type(displayName, "Sammy");
    await userEvent.clear(firstName);
    await userEvent.type(firstName, "Samuel");
    fake.on("GET /api/users/current/", json(saved));
    await userEvent.click(within(form).getByRole("button", { name: "Save profile" }));

    expect(await within(form).findByRole("status")).toHaveTextContent("Your profile has been saved.");
    expect(fake.calls(PROFILE_ROUTE)[0]?.body).toEqual({
      display_name: "Sammy",
      first_name: "Samuel",
      last_name: "Manager",
    });
    expect(await screen.findByRole("button", { name: "Sammy" })).toHaveAttribute("data-tour", "settings-nav");
  });

  it("asks for a display name before saving", async () => {
    const { fake } = await renderSettings(manager, "/app/settings/profile");
    const form = section("Your name");

    await userEvent.clear(within(form).getByRole("textbox", { name: /^Display name/ }));
    await userEvent.click(within(form).getByRole("button", { name: "Save profile" }));

    expect(await within(form).findByText("Please enter a display name.")).toBeInTheDocument();
    expect(fake.calls(PROFILE_ROUTE)).toHaveLength(0);
  });

  it("shows the server's field errors under the fields", async () => {
    await renderSettings(manager, "/app/settings/profile", (fake) =>
      fake.on(
        PROFILE_ROUTE,
        refusal(400, "request.invalid", "Invalid request. Please check your input and try again.", {
          last_name: "Must be at most 100 characters.",
        }),
      ),
    );
    const form = section("Your name");

    await userEvent.click(within(form).getByRole("button", { name: "Save profile" }));

    expect(await within(form).findByText("Must be at most 100 characters.")).toBeInTheDocument();
    expect(within(form).getByRole("textbox", { name: /^Last name/ })).toHaveAttribute("aria-invalid", "true");
  });

  it("refuses a confirmation that does not match", async () => {
    const { fake } = await renderSettings(manager, "/app/settings/profile");

    const form = await fillPasswords("old password", "new password 1", "new password 2");

    expect(await within(form).findByText("The passwords do not match.")).toBeInTheDocument();
    expect(fake.calls(PASSWORD_ROUTE)).toHaveLength(0);
  });

  it("refuses a new password shorter than 8 characters", async () => {
    const { fake } = await renderSettings(manager, "/app/settings/profile");

    const form = await fillPasswords("old password", "short", "short");

    expect(await within(form).findByText("Password must be at least 8 characters")).toBeInTheDocument();
    expect(fake.calls(PASSWORD_ROUTE)).toHaveLength(0);
  });

  it("asks for the current password and the confirmation", async () => {
    await renderSettings(manager, "/app/settings/profile");

    const form = await fillPasswords("", "new password 1", "");

    expect(await within(form).findByText("Please enter your current password.")).toBeInTheDocument();
    expect(within(form).getByText("Please confirm your new password.")).toBeInTheDocument();
  });

  it("changes the password, keeps this session with the fresh tokens and says so", async () => {
    const { fake } = await renderSettings(manager, "/app/settings/profile", (fake) =>
      fake.on(
        PASSWORD_ROUTE,
        json({
          success: true,
          ...buildLoginResponse(manager, { access: "access-2", refresh: "refresh-2" }),
          user: manager,
        }),
      ),
    );

    const form = await fillPasswords("old password", "new password 1", "new password 1");

    expect(await within(form).findByRole("status")).toHaveTextContent(
      "Your password has been changed. Other devices have been signed out.",
    );
    expect(fake.calls(PASSWORD_ROUTE)[0]?.body).toEqual({
      current_password: "old password",
      new_password: "new password 1",
    });
    expect(window.localStorage.getItem(STORAGE_KEYS.accessToken)).toBe("access-2");
    expect(window.localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe("refresh-2");
    expect(within(form).getByLabelText(/^Current password/)).toHaveValue("");
  });

  it("shows a wrong current password under its field", async () => {
    await renderSettings(manager, "/app/settings/profile", (fake) =>
      fake.on(
        PASSWORD_ROUTE,
        refusal(400, "settings.current_password_incorrect", "Your current password is incorrect."),
      ),
    );

    const form = await fillPasswords("wrong password", "new password 1", "new password 1");

    expect(await within(form).findByText("Your current password is incorrect.")).toBeInTheDocument();
    expect(within(form).getByLabelText(/^Current password/)).toHaveAttribute("aria-invalid", "true");
  });
});
