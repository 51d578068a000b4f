import { expect, type Locator, type Page } from "@playwright/test";
import { finishToursThroughApi } from "./accounts.ts";
import { DEMO_PASSWORD } from "./demo.ts";

export interface LogInOptions {
  /** Ticks "Remember me": the session is kept in localStorage, shared by every tab. */
  remember?: boolean;
  /** Leaves the person's onboarding tours as they are; otherwise they are marked done before signing in. */
  runTours?: boolean;
}

/** Signs in through the /login page, as a person would. */
export async function logInThroughPage(
  page: Page,
  email: string,
  password = DEMO_PASSWORD,
  options: LogInOptions = {},
): Promise<void> {
  if (!options.runTours) await finishToursThroughApi(email, password);
  if (!page.url().includes("/login")) await page.goto("/login");
  await submitLogInForm(page, email, password, options);
  await expect(page).not.toHaveURL(/\/login/);
}

/** Fills the open /login page's form and presses Log In, ticking "Remember me" when asked. */
export async function submitLogInForm(
  page: Page,
  email: string,
  password: string,
  { remember = false }: Pick<LogInOptions, "remember"> = {},
): Promise<void> {
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(password);
  if (remember) await page.getByRole("checkbox", { name: "Remember me" }).check();
  await page.getByRole("button", { name: "Log In" }).click();
}

/** A page in a browser of its own (another person's computer), signed in as `email`. */
export async function signedInPage(openPage: () => Promise<Page>, email: string, password?: string): Promise<Page> {
  const page = await openPage();
  await logInThroughPage(page, email, password);
  return page;
}

/** Opens the notifications bell; answers its dialog. */
export async function openNotifications(page: Page): Promise<Locator> {
  await page.getByRole("button", { name: /^Notifications/ }).click();
  const dialog = page.getByRole("dialog", { name: "Notifications" });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** A person new to the app meets its onboarding tour on the first page: this skips it. */
export async function skipTour(page: Page): Promise<void> {
  const tour = page.getByRole("alertdialog");
  await expect(tour).toBeVisible({ timeout: 30_000 });
  // Skip, as most people end a tour. Joyride heeds Escape only once the first step's scroll has
  // settled, which on a loaded machine can be seconds after the step shows (tours.spec.ts tests Escape).
  await tour.getByRole("button", { name: "Skip" }).click();
  await expect(tour).toHaveCount(0);
}
