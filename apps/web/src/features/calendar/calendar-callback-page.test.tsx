import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { setLanguage } from "../../lib/i18n.ts";
import { buildUser } from "../../test/factories.ts";
import { createFakeApi, json } from "../../test/fake-api.ts";
import { inGerman } from "../../test/german.ts";
import { renderApp, signInAs } from "../../test/render-app.tsx";

const ROUTE = "POST /api/calendar/connection/finish/";
const person = buildUser({ id: "employee-1", display_name: "Jane Doe" });

describe("the calendar callback page", () => {
  it("hands the provider's answer to the server once, says the calendar is connected, and leads back", async () => {
    const fake = createFakeApi();
    signInAs(person, fake);
    fake.on(
      ROUTE,
      json({
        success: true,
        return_to: "/app/settings/profile",
        connection: {
          available: true,
          unavailable_reason: null,
          status: "connected",
          provider_name: "Test",
          connected_at: null,
        },
      }),
    );
    renderApp("/auth/calendar/callback?code=abc&state=xyz&iss=https%3A%2F%2Fid.example", fake);

    expect(await screen.findByRole("heading", { level: 1, name: "Your calendar is connected" })).toBeVisible();
    expect(fake.calls(ROUTE)).toHaveLength(1);
    expect(fake.calls(ROUTE)[0]!.body).toEqual({ callback_query: "code=abc&state=xyz&iss=https%3A%2F%2Fid.example" });
    expect(screen.getByRole("link", { name: "Continue" })).toHaveAttribute("href", "/app/settings/profile");
  });

  it("shows the server's reason when the connection is refused", async () => {
    const fake = createFakeApi();
    signInAs(person, fake);
    fake.on(
      ROUTE,
      json(
        {
          success: false,
          code: "calendar.connection_denied",
          error: "Your calendar was not connected, because access to it was not allowed.",
        },
        { status: 400 },
      ),
    );
    renderApp("/auth/calendar/callback?error=access_denied&state=xyz", fake);

    expect(await screen.findByRole("heading", { level: 1, name: "Your calendar was not connected" })).toBeVisible();
    expect(screen.getByRole("alert")).toHaveTextContent("access to it was not allowed");
    expect(screen.getByRole("link", { name: "Back to settings" })).toHaveAttribute("href", "/app/settings/profile");
  });
});

describe("the calendar callback page in German", () => {
  it("says in German that the calendar is connected, and leads back", async () => {
    await setLanguage("de");
    const fake = createFakeApi();
    signInAs(inGerman(person), fake);
    fake.on(
      ROUTE,
      json({
        success: true,
        return_to: "/app/settings/profile",
        connection: {
          available: true,
          unavailable_reason: null,
          status: "connected",
          provider_name: "Test",
          connected_at: null,
        },
      }),
    );
    renderApp("/auth/calendar/callback?code=abc&state=xyz", fake);

    expect(
      await screen.findByRole("heading", { level: 1, name: "Dein Kalender ist verbunden" }, { timeout: 8000 }),
    ).toBeVisible();
    expect(screen.getByRole("link", { name: "Weiter" })).toHaveAttribute("href", "/app/settings/profile");
  });
});
