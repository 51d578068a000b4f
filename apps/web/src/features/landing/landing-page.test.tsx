import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import french from "../../../lang/landing/fr.json";
import { setLanguage, speakForPrerender } from "../../lib/i18n.ts";
import { renderApp } from "../../test/render-app.tsx";

describe("the landing page in other languages", () => {
  it("is German for a German reader, the switcher marking Deutsch", async () => {
    await setLanguage("de");
    renderApp("/");

    expect(
      await screen.findByRole("heading", { level: 1, name: "Aus Alltagsideen werden Taten." }),
    ).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Alles, was eine Idee zum Erfolg braucht" })).toBeVisible();
    expect(screen.getByRole("heading", { level: 3, name: "Von der Idee zur Maßnahme" })).toBeVisible();
    const account = screen.getByRole("navigation", { name: "Konto" });
    expect(within(account).getByRole("link", { name: "Anmelden" })).toBeVisible();
    expect(within(account).getByRole("link", { name: "Registrieren" })).toBeVisible();
    const languages = screen.getByRole("navigation", { name: "Sprache" });
    expect(within(languages).getByRole("button", { name: "Deutsch" })).toHaveAttribute("aria-current", "true");
    expect(within(languages).getByRole("button", { name: "Français" })).toHaveAttribute("lang", "fr");
    // The page names itself in an effect, which may run after its markup is on screen.
    await waitFor(() => expect(document.title).toBe("Ideaport · Aus Alltagsideen werden Taten"));
  });

  it("switches to German at once from its switcher, and the browser keeps the choice", async () => {
    renderApp("/");
    const user = userEvent.setup();
    await screen.findByRole("heading", { level: 1, name: "Turn everyday ideas into action." });

    await user.click(
      within(screen.getByRole("navigation", { name: "Language" })).getByRole("button", { name: "Deutsch" }),
    );

    expect(await screen.findByRole("heading", { level: 1, name: "Aus Alltagsideen werden Taten." })).toBeVisible();
    expect(document.cookie).toContain("ideaport_language=de");
    expect(document.documentElement.lang).toBe("de");
  });

  it("is French as the build prerenders it from the landing's own catalogue", async () => {
    speakForPrerender("fr", [french]);
    renderApp("/");

    expect(
      await screen.findByRole("heading", { level: 1, name: "Transformez les idées du quotidien en actions." }),
    ).toBeInTheDocument();
    const account = screen.getByRole("navigation", { name: "Compte" });
    expect(within(account).getByRole("link", { name: "Se connecter" })).toBeVisible();
    expect(within(account).getByRole("link", { name: "S’inscrire" })).toBeVisible();
    const languages = screen.getByRole("navigation", { name: "Langue" });
    expect(within(languages).getByRole("button", { name: "Français" })).toHaveAttribute("aria-current", "true");
    expect(within(languages).getByRole("button", { name: "English" })).not.toHaveAttribute("aria-current");
    expect(screen.getByText(/^© \d{4} Ideaport\. Conçu pour les équipes/)).toBeVisible();
  });
});
