import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { setLanguage } from "../../lib/i18n.ts";
import { createFakeApi, json } from "../../test/fake-api.ts";
import { renderApp } from "../../test/render-app.tsx";

describe("the public error pages in German", () => {
  it("says an unknown page is not found, in German", async () => {
    await setLanguage("de");
    const fake = createFakeApi({ "POST /api/client-errors/": json({ success: true }) });
    renderApp("/no-such-page", fake);

    expect(await screen.findByRole("heading", { level: 1, name: "Seite nicht gefunden" })).toBeVisible();
    await waitFor(() => expect(document.title).toBe("Seite nicht gefunden · Ideaport"));
  });

  it("explains the multiple-tabs page in German", async () => {
    await setLanguage("de");
    renderApp("/multiple-tabs-error", createFakeApi());

    expect(
      await screen.findByRole("heading", { level: 1, name: "Ideaport ist in einem anderen Tab geöffnet" }),
    ).toBeVisible();
    await waitFor(() => expect(document.title).toBe("Schon in einem anderen Tab geöffnet · Ideaport"));
    expect(screen.getByRole("link", { name: "Diesen Tab verwenden" })).toBeVisible();
    expect(screen.getByRole("link", { name: "Zur Startseite" })).toBeVisible();
  });
});
