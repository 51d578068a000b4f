/**
 * Public pages arrive in their reader's language: the server sends the page the build prerendered
 * in that language (the web's language cookie, else Accept-Language), so the HTML the browser
 * paints before any script runs is already German for a German browser, with no English first.
 * The landing page speaks French too, for French browsers, and its switcher offers every language.
 */
import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "../support/fixtures.ts";

function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return errors;
}

test.describe("a German browser", () => {
  test.use({ locale: "de-DE" });

  test("gets / and /login in German in their first HTML, and the app adopts /login in German", async ({ page }) => {
    const errors = collectPageErrors(page);
    const landing = await page.goto("/");
    const landingHtml = (await landing?.text()) ?? "";
    expect(landingHtml).toContain('<html lang="de"');
    expect(landingHtml).toContain("<title>Ideaport · Aus Alltagsideen werden Taten</title>");
    expect(landingHtml).toContain("Aus Alltagsideen werden Taten.");
    expect(landingHtml).toContain(">Anmelden</a>");
    expect(landingHtml).not.toContain("Turn everyday ideas into action");
    expect(landingHtml).not.toContain(">Log In</a>");
    expect(landing?.headers().vary).toMatch(/Accept-Language/);
    expect(landing?.headers()["content-language"]).toBe("de");
    await expect(page.getByRole("heading", { level: 1, name: "Aus Alltagsideen werden Taten." })).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: "Sprache" }).getByRole("button", { name: "Deutsch" }),
    ).toHaveAttribute("aria-current", "true");
    await expectAccessible(page);

    // /login: every text of it that is already a message is German in the HTML (the language
    // switcher's), and the page says it is German; the app then adopts that markup in German.
    await page.addInitScript(() => {
      document.addEventListener("DOMContentLoaded", () => {
        (window as unknown as { firstHeading: Element | null }).firstHeading = document.querySelector("h1");
      });
    });
    const login = await page.goto("/login");
    const loginHtml = (await login?.text()) ?? "";
    expect(loginHtml).toContain('<html lang="de"');
    expect(loginHtml).toContain('aria-label="Sprache"');
    expect(loginHtml).toMatch(/<option value="de" selected="">Deutsch<\/option>/);
    expect(loginHtml).not.toContain("<title>Ideaport · Turn everyday ideas into action</title>");
    const switcher = page.getByRole("combobox", { name: "Sprache" });
    await expect(switcher).toHaveValue("de");
    // Adopted, not painted anew: React owns the HTML's own elements.
    await expect
      .poll(() => switcher.evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactProps$"))))
      .toBe(true);
    expect(
      await page.evaluate(() => {
        const kept = (window as unknown as { firstHeading: Element | null }).firstHeading;
        return kept !== null && kept === document.querySelector("h1");
      }),
    ).toBe(true);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("de");
    expect(errors).toEqual([]);
  });

  test("sees German before any script runs", async ({ browser }) => {
    const context = await browser.newContext({ locale: "de-DE", javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1, name: "Aus Alltagsideen werden Taten." })).toBeVisible();
      await expect(page.getByRole("link", { name: "Registrieren" }).first()).toBeVisible();
      await page.goto("/login");
      await expect(page.getByRole("combobox", { name: "Sprache" })).toHaveValue("de");
    } finally {
      await context.close();
    }
  });
});

test.describe("a French browser", () => {
  test.use({ locale: "fr-FR" });

  test("gets the French landing page, and its switcher's choice is kept for the next visit", async ({
    page,
    context,
  }) => {
    const errors = collectPageErrors(page);
    const landing = await page.goto("/");
    expect((await landing?.text()) ?? "").toContain('<html lang="fr"');
    await expect(
      page.getByRole("heading", { level: 1, name: "Transformez les idées du quotidien en actions." }),
    ).toBeVisible();
    const languages = page.getByRole("navigation", { name: "Langue" });
    await expect(languages.getByRole("button", { name: "Français" })).toHaveAttribute("aria-current", "true");
    await expectAccessible(page);

    // English, chosen: the page comes again in English, and stays so on the next visit.
    await languages.getByRole("button", { name: "English" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Turn everyday ideas into action." })).toBeVisible();
    expect((await context.cookies()).find((cookie) => cookie.name === "ideaport_language")?.value).toBe("en");
    const again = await page.goto("/");
    expect((await again?.text()) ?? "").toContain('<html lang="en"');

    // And back to French from the English page.
    await page.getByRole("navigation", { name: "Language" }).getByRole("button", { name: "Français" }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: "Transformez les idées du quotidien en actions." }),
    ).toBeVisible();
    // The app itself speaks no French: /login is English for this browser.
    const login = await page.goto("/login");
    expect((await login?.text()) ?? "").toContain('<html lang="en"');
    expect(errors).toEqual([]);
  });
});
