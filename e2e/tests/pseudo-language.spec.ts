import { ROUTES, type RoleSubject, redirectForAppPath, SETTINGS_TYPES, settingsPath } from "@ideaport/shared";
import type { Locator, Page, TestInfo } from "@playwright/test";
import { ApiSession } from "../support/accounts.ts";
import { DEMO, DEMO_PASSWORD } from "../support/demo.ts";
import { E2E_PSEUDO_URL } from "../support/environment.ts";
import { expect, test } from "../support/fixtures.ts";
import {
  CatalogueCheck,
  dataStringsOf,
  layoutProblems,
  type SeenText,
  unpseudo,
  visibleTexts,
} from "../support/pseudo-language.ts";

/**
 * The pseudo-language journey (issue 25): on the pseudo-language server (the web's pseudo build,
 * the server's English said in en-XA), each role visits every page it may open at 390 px, opens
 * the dialogs the pages offer, the bell, the user menu and (the employee) the tour's first step.
 * It fails on any visible text that is not from a catalogue (data the demo seeded, numbers, dates
 * and punctuation aside), on a page wider than the phone and on a button whose label is cut; then
 * the same person reads every page in German, where the layout must hold too. Every offender is
 * listed with its page in the failure, and attached to the report as JSON.
 */

const PHONE = { width: 390, height: 844 };

const ROLES: Array<{ label: string; person: { email: string; name: string }; subject: RoleSubject }> = [
  { label: "employee", person: DEMO.employee, subject: { role: "employee", is_admin: false } },
  { label: "manager", person: DEMO.manager, subject: { role: "manager", is_admin: false } },
  { label: "admin", person: DEMO.admin, subject: { role: "manager", is_admin: true } },
];

/**
 * Buttons whose English name starts so open a dialog (read back from the pseudo-language:
 * `unpseudo`). Buttons that act at once (approve, delete, redeem…) are left alone: the journey
 * changes nothing. Each kind is opened once per page.
 */
const DIALOG_BUTTON = /^(New|Add|Create|Invite|Edit|Rename|Propose|Manage|Share|Write)\b/;

/** Every /app page the role may open (as tests/accessibility.spec.ts reads them from the route table). */
function appPagesFor(user: RoleSubject): string[] {
  return Object.values(ROUTES)
    .filter((route) => route.startsWith(`${ROUTES.app}/`))
    .flatMap((route) => (route === ROUTES.settingsType ? SETTINGS_TYPES.map(settingsPath) : [route]))
    .filter((path) => !path.includes(":") && redirectForAppPath(user, path) === null);
}

/** GET answers whose texts are data people typed (the demo company's names, titles, descriptions). */
const DATA_ENDPOINTS = [
  "/api/company/",
  "/api/company/users/",
  "/api/teams/",
  "/api/project-ideas/",
  "/api/challenges/",
  "/api/actions/",
  "/api/news/",
  "/api/news/categories/",
  "/api/rewards/",
  "/api/redemptions/",
  "/api/leaderboards/",
  "/api/users/current/",
];

/** The data the seeded demo company holds, as `email` may read it: what pages show that no catalogue says. */
async function seededData(email: string): Promise<string[]> {
  const session = await ApiSession.signIn(email, DEMO_PASSWORD, E2E_PSEUDO_URL);
  try {
    const answers = await Promise.all(DATA_ENDPOINTS.map((path) => session.get(path)));
    const bodies = await Promise.all(answers.map((answer) => (answer.ok() ? answer.json() : null)));
    // The bell quotes the notes people wrote with their decisions.
    const { id } = await (await session.get("/api/users/current/")).json();
    const bell = await session.get(`/api/notifications/${id}/`);
    expect(bell.ok()).toBe(true);
    return [...bodies, await bell.json()].flatMap((body) => dataStringsOf(body));
  } finally {
    await session.dispose();
  }
}

async function setLanguageOf(email: string, language: "de" | null): Promise<void> {
  const session = await ApiSession.signIn(email, DEMO_PASSWORD, E2E_PSEUDO_URL);
  try {
    await session.patch("/api/users/current/", { language });
  } finally {
    await session.dispose();
  }
}

async function finishTours(email: string): Promise<void> {
  const session = await ApiSession.signIn(email, DEMO_PASSWORD, E2E_PSEUDO_URL);
  try {
    await session.post("/api/user/update-onboarding-status/", { onboarding_status: "admin_overlay_completed" });
  } finally {
    await session.dispose();
  }
}

/** Signs in on /login by the form's fields, whatever language their labels are in. */
async function logIn(page: Page, email: string): Promise<void> {
  await page.goto("/login");
  await page.locator("input[type=email]").fill(email);
  await page.locator("input[autocomplete=current-password]").fill(DEMO_PASSWORD);
  await page.locator("form button[type=submit]").click();
  await expect(page).not.toHaveURL(/\/login/, { timeout: 30_000 });
}

/** Waits until the page has loaded: no request but the notification stream in flight, no loading status left. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState("load");
  let quietSince = Date.now();
  const started = Date.now();
  const inFlight = inFlightOf(page);
  while (Date.now() - quietSince < 400 && Date.now() - started < 20_000) {
    if (inFlight.size > 0) quietSince = Date.now();
    await page.waitForTimeout(50);
  }
  // No loading status left ("Loading ideas…", read back from the pseudo-language).
  await expect
    .poll(
      async () => {
        const statuses = await page
          .locator("[role=status]:visible")
          .evaluateAll((elements) => elements.map((element) => (element.textContent ?? "").trim()));
        return statuses.filter((text) => /^(Loading|Authenticating)/.test(unpseudo(text)));
      },
      { timeout: 60_000, message: `${page.url()} finishes loading` },
    )
    .toEqual([]);
}

const inFlightRequests = new WeakMap<Page, Set<unknown>>();
function inFlightOf(page: Page): Set<unknown> {
  let inFlight = inFlightRequests.get(page);
  if (!inFlight) {
    const requests = new Set<unknown>();
    const isStream = (url: string) => url.includes("/api/notifications/stream/");
    page.on("request", (request) => {
      if (!isStream(request.url())) requests.add(request);
    });
    page.on("requestfinished", (request) => requests.delete(request));
    page.on("requestfailed", (request) => requests.delete(request));
    inFlightRequests.set(page, requests);
    inFlight = requests;
  }
  return inFlight;
}

/** What one role's journey found: texts from no catalogue and layout problems, each with its page. */
class Findings {
  readonly offenders: Array<{ page: string; text: string; where: string }> = [];
  readonly layout: Array<{ page: string; problem: string }> = [];

  constructor(private readonly check: CatalogueCheck | null) {}

  async look(page: Page, label: string, within?: string): Promise<void> {
    if (this.check) {
      const seen: SeenText[] = await visibleTexts(page, within);
      for (const { text, where } of seen) {
        if (this.check.isOffender(text)) this.offenders.push({ page: label, text, where });
      }
    }
    for (const problem of await layoutProblems(page)) this.layout.push({ page: label, problem });
  }

  /** Offenders and problems per page, deduplicated, as the failure message lists them. */
  report(): string {
    const byPage = new Map<string, Set<string>>();
    const add = (page: string, line: string) => byPage.set(page, (byPage.get(page) ?? new Set()).add(line));
    for (const { page, text, where } of this.offenders) add(page, `text from no catalogue: "${text}" (${where})`);
    for (const { page, problem } of this.layout) add(page, problem);
    return [...byPage]
      .map(([page, lines]) => `${page} (${lines.size}):\n${[...lines].map((line) => `    ${line}`).join("\n")}`)
      .join("\n");
  }

  async attach(testInfo: TestInfo, name: string): Promise<void> {
    const counts: Record<string, number> = {};
    for (const { page } of [...this.offenders, ...this.layout]) counts[page] = (counts[page] ?? 0) + 1;
    await testInfo.attach(name, {
      body: JSON.stringify({ counts, offenders: this.offenders, layout: this.layout }, null, 2),
      contentType: "application/json",
    });
  }

  get isEmpty(): boolean {
    return this.offenders.length === 0 && this.layout.length === 0;
  }
}

/** Opens the page's dialogs (by `DIALOG_BUTTON`), looks at each and closes it. */
async function openDialogs(page: Page, path: string, findings: Findings): Promise<void> {
  const buttons = page.locator("main button:visible:enabled:not([type=submit])");
  const names = await buttons.evaluateAll((elements) =>
    elements.map((element) => element.getAttribute("aria-label") || (element.textContent ?? "").trim()),
  );
  const opened = new Set<string>();
  for (const [index, name] of names.entries()) {
    const english = unpseudo(name);
    const kind = DIALOG_BUTTON.exec(english)?.[1];
    if (!kind || opened.has(kind)) continue;
    opened.add(kind);
    await openAndLook(page, buttons.nth(index), `${path} › dialog of "${english}"`, findings);
    if (new URL(page.url()).pathname !== path) {
      await page.goto(path);
      await settle(page);
    }
  }
}

/** Clicks a control that opens a dialog or a menu, looks at what opened and closes it with Escape. */
async function openAndLook(
  page: Page,
  control: Locator,
  label: string,
  findings: Findings,
  { opens = false }: { opens?: boolean } = {},
): Promise<void> {
  await closePopups(page);
  await control.click();
  const popup = page.locator("[role=dialog]:visible, [role=alertdialog]:visible, [role=menu]:visible").last();
  const appeared = () =>
    popup
      .waitFor({ state: "visible", timeout: opens ? 30_000 : 2_500 })
      .then(() => true)
      .catch(() => false);
  let didOpen = await appeared();
  if (!didOpen) {
    // A dialog whose code loads on first use may come late: wait for the page's requests first.
    await settle(page);
    didOpen = await popup.isVisible();
  }
  if (!didOpen) return;
  await settle(page);
  // Only the dialog's own texts: the page under it was looked at already.
  await popup.evaluate((element) => element.setAttribute("data-e2e-looking", ""));
  await findings.look(page, label, "[data-e2e-looking]");
  await popup.evaluate((element) => element.removeAttribute("data-e2e-looking")).catch(() => undefined);
  await closePopups(page);
}

/** Closes whatever dialog or menu is open (one that opened late too), with Escape, as a person would. */
async function closePopups(page: Page): Promise<void> {
  const open = page.locator(
    "[role=dialog]:visible, [role=alertdialog]:visible, [role=menu]:visible, .mantine-Overlay-root:visible",
  );
  for (let attempt = 0; attempt < 3 && (await open.count()) > 0; attempt++) {
    await page.keyboard.press("Escape");
    await open
      .first()
      .waitFor({ state: "hidden", timeout: 3_000 })
      .catch(() => undefined);
  }
  await expect(open).toHaveCount(0, { timeout: 5_000 });
}

/** The bell and the user menu: the header's controls that open a panel. */
async function openHeaderPopups(page: Page, path: string, findings: Findings): Promise<void> {
  const controls = page.locator("header [aria-haspopup]:visible");
  const count = await controls.count();
  for (let index = 0; index < count; index++) {
    const name = unpseudo((await controls.nth(index).getAttribute("aria-label")) ?? "");
    await openAndLook(page, controls.nth(index), `${path} › ${name || `header control ${index + 1}`}`, findings, {
      opens: true,
    });
  }
}

test.describe.configure({ mode: "parallel" });
test.use({ baseURL: E2E_PSEUDO_URL, viewport: PHONE });

for (const role of ROLES) {
  test(`the ${role.label} reads only catalogue texts on every page and dialog, and no page overflows at 390 px, in the pseudo-language and in German`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(420_000);
    const pseudo = new Findings(new CatalogueCheck(await seededData(role.person.email)));
    const pages = appPagesFor(role.subject);
    expect(pages.length).toBeGreaterThan(0);

    // The employee meets the onboarding tour's first step; the others have finished theirs.
    const meetsTour = role.label === "employee";
    if (!meetsTour) await finishTours(role.person.email);
    await logIn(page, role.person.email);
    if (meetsTour) {
      const tour = page.getByRole("alertdialog");
      await expect(tour).toBeVisible({ timeout: 30_000 });
      await pseudo.look(page, `${new URL(page.url()).pathname} › tour`, "[role=alertdialog]");
      await finishTours(role.person.email);
    }

    for (const path of pages) {
      await test.step(path, async () => {
        await page.goto(path);
        await settle(page);
        await pseudo.look(page, path);
        await openDialogs(page, path, pseudo);
      });
    }
    await openHeaderPopups(page, pages[0] as string, pseudo);
    await pseudo.attach(testInfo, `pseudo-language findings (${role.label})`);

    // The same pages in German: the layout must hold with its longer words.
    const german = new Findings(null);
    await setLanguageOf(role.person.email, "de");
    try {
      for (const path of pages) {
        await page.goto(path);
        await expect(page.locator("html")).toHaveAttribute("lang", "de");
        await settle(page);
        await german.look(page, `${path} (de)`);
      }
      await openHeaderPopups(page, `${pages[0]} (de)`, german);
    } finally {
      await setLanguageOf(role.person.email, null);
    }
    await german.attach(testInfo, `German layout findings (${role.label})`);

    expect.soft(pseudo.isEmpty, `In the pseudo-language, as the ${role.label}:\n${pseudo.report()}`).toBe(true);
    expect(german.isEmpty, `In German, as the ${role.label}:\n${german.report()}`).toBe(true);
  });
}
