import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { setLanguage } from "../../lib/i18n.ts";
import { createFakeApi, json } from "../../test/fake-api.ts";
import { renderApp } from "../../test/render-app.tsx";

const ROUTE = "POST /api/email-preferences/unsubscribe/";

describe("the unsubscribe page", () => {
  it("asks first, then unsubscribes with the link's token and says what changed", async () => {
    const fake = createFakeApi();
    fake.on(
      ROUTE,
      json({
        success: true,
        message:
          'You will no longer get e-mails about "Comments on my ideas". You can turn them on again in Profile Settings.',
      }),
    );
    renderApp("/unsubscribe?token=abc.def.ghi", fake);

    expect(await screen.findByRole("heading", { level: 1, name: "Unsubscribe from e-mails" })).toBeVisible();
    expect(fake.calls(ROUTE)).toHaveLength(0);

    await userEvent.click(screen.getByRole("button", { name: "Unsubscribe" }));

    expect(await screen.findByRole("heading", { level: 1, name: "You are unsubscribed" })).toBeVisible();
    expect(within(screen.getByRole("main")).getByRole("status")).toHaveTextContent(
      'You will no longer get e-mails about "Comments on my ideas". You can turn them on again in Profile Settings.',
    );
    expect(new URL(fake.calls(ROUTE)[0]!.url, "http://localhost").searchParams.get("token")).toBe("abc.def.ghi");
    expect(screen.getByRole("link", { name: "Open Profile Settings" })).toHaveAttribute(
      "href",
      "/app/settings/profile",
    );
  });

  it("says a refused link is not valid", async () => {
    const fake = createFakeApi();
    const error = "This unsubscribe link is not valid.";
    fake.on(ROUTE, json({ success: false, code: "email.unsubscribe_invalid", error }, { status: 400 }));
    renderApp("/unsubscribe?token=forged", fake);

    await userEvent.click(await screen.findByRole("button", { name: "Unsubscribe" }));

    expect(await screen.findByRole("alert")).toHaveTextContent(error);
  });

  it("offers nothing to click without a token", async () => {
    renderApp("/unsubscribe");
    expect(await screen.findByRole("alert")).toHaveTextContent("This unsubscribe link is not valid.");
    expect(screen.queryByRole("button", { name: "Unsubscribe" })).not.toBeInTheDocument();
  });
});

describe("the unsubscribe page in German", () => {
  it("asks in German", async () => {
    await setLanguage("de");
    renderApp("/unsubscribe?token=abc.def.ghi", createFakeApi());

    expect(await screen.findByRole("heading", { level: 1, name: "E-Mails abbestellen" })).toBeVisible();
    expect(screen.getByRole("button", { name: "Abbestellen" })).toBeVisible();
    expect(screen.getByRole("link", { name: "Anmelden und E-Mails auswählen" })).toBeVisible();
    expect(screen.getByRole("combobox", { name: "Sprache" })).toHaveValue("de");
  });
});
