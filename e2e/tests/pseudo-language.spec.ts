import {
  acceptInvitationPath,
  challengePath,
  ideaPath,
  passwordResetPath,
  ROUTES,
  type RoleSubject,
  redirectForAppPath,
  SETTINGS_TYPES,
  settingsPath,
  TOKEN_SCOPES,
} from "@ideaport/shared";
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
import { scrollToFoot, waitForQuietNetwork } from "../support/quiet-network.ts";

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

const ROLES: Array<{
  label: string;
  person: { email: string; name: string };
  subject: RoleSubject;
  /** Dialogs the journey must have looked at (labels of `Findings.looked`): confirmations among them. */
  dialogs: RegExp[];
}> = [
  {
    label: "employee",
    person: DEMO.employee,
    subject: { role: "employee", is_admin: false },
    dialogs: [/› dialog of "Redeem /, /\?idea=/, /\?news=/],
  },
  {
    label: "manager",
    person: DEMO.manager,
    subject: { role: "manager", is_admin: false },
    dialogs: [/› dialog of "Close /, /› dialog of "Remove /, /\?challenge=/],
  },
  {
    label: "admin",
    person: DEMO.admin,
    subject: { role: "manager", is_admin: true },
    dialogs: [
      /› dialog of "Delete team /,
      /› dialog of "Deactivate /,
      /› menu › dialog of "Delete"/,
      /› dialog of "Deny /,
      /› tab "Audit log"/,
    ],
  },
];

/**
 * Buttons whose English name starts so open a dialog, or a confirmation that Escape cancels (read
 * back from the pseudo-language: `unpseudo`). Buttons that act at once (approve, archive, delete a
 * category…) are left alone: the journey changes nothing. Each kind is opened once per page.
 */
const DIALOG_BUTTON =
  /^(New|Add|Create|Invite|Edit|Rename|Propose|Manage|Share|Write|Redeem|Deactivate|Remove|Close|Deny|Delete team)\b/;

/** Items of a page's menus (a news post's or a reward's actions) that open a dialog; Pin and Archive act at once. */
const DIALOG_MENU_ITEM = /^(Edit|Delete)$/;

/** The signed-out pages, tokens that are not valid included: the landing page, login, and where e-mails and the identity provider lead. */
const PUBLIC_PAGES = [
  ROUTES.landing,
  ROUTES.login,
  passwordResetPath("not-a-valid-token"),
  acceptInvitationPath("not-a-valid-token"),
  `${ROUTES.unsubscribe}?token=not-a-valid-token`,
  ROUTES.multipleTabsError,
  // Where the identity provider sends a sign-in back, here with a failure to tell.
  `${ROUTES.ssoLogin}#error=denied`,
];

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

interface SeededData {
  /** What pages show that no catalogue says: names, titles, descriptions. */
  strings: string[];
  /** The addresses of the dialogs that open from a list: an idea of each status, a challenge, a news post. */
  dialogPaths: (pages: readonly string[]) => string[];
}

/** The data the seeded demo company holds, as `email` may read it. */
async function seededData(email: string): Promise<SeededData> {
  const session = await ApiSession.signIn(email, DEMO_PASSWORD, E2E_PSEUDO_URL);
  try {
    const answers = await Promise.all(DATA_ENDPOINTS.map((path) => session.get(path)));
    const bodies = await Promise.all(answers.map((answer) => (answer.ok() ? answer.json() : null)));
    const body = (path: string) => bodies[DATA_ENDPOINTS.indexOf(path)];
    // The bell quotes the notes people wrote with their decisions.
    const { id } = body("/api/users/current/");
    const bell = await session.get(`/api/notifications/${id}/`);
    expect(bell.ok()).toBe(true);
    const ideas: Array<{ id: string; status: string }> = body("/api/project-ideas/")?.ideas ?? [];
    const ideaOfEachStatus = [...new Map(ideas.map((idea) => [idea.status, idea.id])).values()];
    // The idea dialog shows the idea's history, revisions and comments too.
    const details = await Promise.all(ideaOfEachStatus.map((ideaId) => session.get(`/api/project-ideas/${ideaId}/`)));
    const detailBodies = await Promise.all(details.map((answer) => answer.json()));
    const challenge: string | undefined = body("/api/challenges/")?.challenges?.[0]?.id;
    const news: string | undefined = body("/api/news/")?.news?.[0]?.id;
    return {
      strings: [...bodies, ...detailBodies, await bell.json()].flatMap((answer) => dataStringsOf(answer)),
      dialogPaths: (pages) =>
        pages.flatMap((page) => {
          if (page === ROUTES.employeeIdeas || page === ROUTES.managerIdeas) {
            return [
              ...ideaOfEachStatus.map((ideaId) => ideaPath(page, ideaId)),
              ...(challenge ? [challengePath(page, challenge)] : []),
            ];
          }
          const isCompanyPage = page === ROUTES.employeeCompany || page === ROUTES.managerCompany;
          return isCompanyPage && news ? [`${page}?news=${encodeURIComponent(news)}`] : [];
        }),
    };
  } finally {
    await session.dispose();
  }
}

/**
 * The browser and system names of the person's signed-in devices, read from each device's
 * User-Agent ("Chrome", "Windows"): Profile Settings → Sessions shows them as data, not as words of
 * a catalogue. Read once the browser has signed in, so its own device is among them.
 */
async function deviceNamesOf(email: string): Promise<string[]> {
  const session = await ApiSession.signIn(email, DEMO_PASSWORD, E2E_PSEUDO_URL);
  try {
    const answer = await session.get("/api/users/current/sessions/");
    expect(answer.ok()).toBe(true);
    return dataStringsOf(await answer.json());
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
  await expect(page).not.toHaveURL(/\/login/);
}

/** Waits until the page has loaded: no request but the notification stream in flight, no loading status left. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState("load");
  await waitForQuietNetwork(page);
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

/** Settles a page just opened, then again once scrolled to its foot: parts there render only once scrolled near. */
async function settleToFoot(page: Page): Promise<void> {
  await settle(page);
  await scrollToFoot(page);
  await settle(page);
}

/** What one role's journey found: texts from no catalogue and layout problems, each with its page. */
class Findings {
  readonly offenders: Array<{ page: string; text: string; where: string }> = [];
  readonly layout: Array<{ page: string; problem: string }> = [];
  /** Every page and dialog looked at, in order. */
  readonly looked: string[] = [];
  /** Pages and dialogs that showed no text at all: a blank screen passes no check. */
  readonly blank: string[] = [];

  constructor(private readonly check: CatalogueCheck | null) {}

  async look(page: Page, label: string, within?: string): Promise<void> {
    this.looked.push(label);
    if (this.check) {
      const seen: SeenText[] = await visibleTexts(page, within);
      if (seen.length === 0) this.blank.push(label);
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
    for (const page of this.blank) add(page, "shows no text at all");
    return [...byPage]
      .map(([page, lines]) => `${page} (${lines.size}):\n${[...lines].map((line) => `    ${line}`).join("\n")}`)
      .join("\n");
  }

  async attach(testInfo: TestInfo, name: string): Promise<void> {
    const counts: Record<string, number> = {};
    for (const { page } of [...this.offenders, ...this.layout]) counts[page] = (counts[page] ?? 0) + 1;
    await testInfo.attach(name, {
      body: JSON.stringify({ looked: this.looked, counts, offenders: this.offenders, layout: this.layout }, null, 2),
      contentType: "application/json",
    });
  }

  get isEmpty(): boolean {
    return this.offenders.length === 0 && this.layout.length === 0 && this.blank.length === 0;
  }
}

/** Opens the page's dialogs (by `DIALOG_BUTTON`), looks at each and closes it. */
async function openDialogs(
  page: Page,
  path: string,
  findings: Findings,
  { label = path, scope = "main" }: { label?: string; scope?: string } = {},
): Promise<void> {
  const buttons = page.locator(`${scope} button:visible:enabled:not([type=submit])`);
  const names = await buttons.evaluateAll((elements) =>
    elements.map((element) => element.getAttribute("aria-label") || (element.textContent ?? "").trim()),
  );
  const opened = new Set<string>();
  for (const [index, name] of names.entries()) {
    const english = unpseudo(name);
    const kind = DIALOG_BUTTON.exec(english)?.[1];
    if (!kind || opened.has(kind)) continue;
    // The page may have been loaded anew (a dialog led elsewhere): only the button read is clicked.
    const button = buttons.nth(index);
    if ((await button.count()) === 0 || (await nameOf(button)) !== name) continue;
    opened.add(kind);
    await openAndLook(page, () => button.click(), `${label} › dialog of "${english}"`, findings);
    await backTo(page, path);
  }
  await openMenuDialogs(page, path, findings, { label, scope });
}

function nameOf(control: Locator): Promise<string> {
  return control.evaluate((element) => element.getAttribute("aria-label") || (element.textContent ?? "").trim());
}

/** Each of the page's tabs that is not open yet: looked at, with the dialogs it offers. */
async function openTabs(page: Page, path: string, findings: Findings): Promise<void> {
  const tabs = page.locator("main [role=tab]:visible");
  const closed = await tabs.evaluateAll((elements) =>
    elements.map((element) =>
      element.getAttribute("aria-selected") === "true" ? null : (element.textContent ?? "").trim(),
    ),
  );
  for (const [index, name] of closed.entries()) {
    if (name === null) continue;
    const tab = tabs.nth(index);
    if ((await tab.count()) === 0 || (await nameOf(tab)) !== name) continue;
    await tab.click();
    await settle(page);
    // A tab that is a link to another page (Settings' areas) is visited as that page.
    if (new URL(page.url()).pathname === new URL(path, page.url()).pathname) {
      const label = `${path} › tab "${unpseudo(name)}"`;
      await findings.look(page, label);
      // Only the tab's own dialogs: the page's others were opened already.
      await openDialogs(page, path, findings, { label, scope: "main [role=tabpanel]:visible" });
    }
    await backTo(page, path);
  }
}

/** The first menu of the page's lists (a news post's or a reward's actions), and the dialogs its items open. */
async function openMenuDialogs(
  page: Page,
  path: string,
  findings: Findings,
  { label, scope }: { label: string; scope: string },
): Promise<void> {
  const menu = page.locator(`${scope} [aria-haspopup=menu]:visible`).first();
  if ((await menu.count()) === 0) return;
  const items = page.locator("[role=menu]:visible [role=menuitem]");
  await openAndLook(page, () => menu.click(), `${label} › menu`, findings);
  await menu.click();
  const names = (await items.allTextContents()).map((name) => unpseudo(name.trim()));
  await closePopups(page);
  for (const [index, name] of names.entries()) {
    if (!DIALOG_MENU_ITEM.test(name)) continue;
    const open = async () => {
      await menu.click();
      await items.nth(index).click();
    };
    await openAndLook(page, open, `${label} › menu › dialog of "${name}"`, findings);
    await backTo(page, path);
  }
}

/** Back on `path` (address and search) when a dialog led elsewhere. */
async function backTo(page: Page, path: string): Promise<void> {
  const url = new URL(page.url());
  if (`${url.pathname}${url.search}` === path) return;
  await page.goto(path);
  await settle(page);
}

/** Opens a dialog or a menu (`open`: clicks), looks at what opened and closes it with Escape. */
async function openAndLook(
  page: Page,
  open: () => Promise<void>,
  label: string,
  findings: Findings,
  { opens = false }: { opens?: boolean } = {},
): Promise<void> {
  await closePopups(page);
  await open();
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
    const label = `${path} › ${name || `header control ${index + 1}`}`;
    await openAndLook(page, () => controls.nth(index).click(), label, findings, { opens: true });
  }
}

test.describe.configure({ mode: "parallel" });
test.use({ baseURL: E2E_PSEUDO_URL, viewport: PHONE });

for (const role of ROLES) {
  test(`the ${role.label} reads only catalogue texts on every page and dialog, and no page overflows at 390 px, in the pseudo-language and in German`, async ({
    page,
  }, testInfo) => {
    // Every page, tab and dialog of the role, twice (pseudo-language, then German): minutes on a busy 2-core machine.
    test.setTimeout(1_080_000);
    const data = await seededData(role.person.email);
    const pages = appPagesFor(role.subject);
    expect(pages.length).toBeGreaterThan(0);

    // The employee meets the onboarding tour's first step; the others have finished theirs.
    const meetsTour = role.label === "employee";
    if (!meetsTour) await finishTours(role.person.email);
    await logIn(page, role.person.email);
    // Besides the seeded data: the API token scopes, identifiers a script names, shown as they are.
    const shownAsData = [...data.strings, ...(await deviceNamesOf(role.person.email)), ...TOKEN_SCOPES];
    const pseudo = new Findings(new CatalogueCheck(shownAsData));
    if (meetsTour) {
      const tour = page.getByRole("alertdialog");
      await expect(tour).toBeVisible();
      // The step fades in: its words are transparent for a moment after the dialog appears.
      await expect
        .poll(async () => (await visibleTexts(page, "[role=alertdialog]")).length, {
          timeout: 10_000,
          message: "the tour's first step shows its words",
        })
        .toBeGreaterThan(0);
      await pseudo.look(page, `${new URL(page.url()).pathname} › tour`, "[role=alertdialog]");
      await finishTours(role.person.email);
    }

    for (const path of pages) {
      await test.step(path, async () => {
        await page.goto(path);
        await settleToFoot(page);
        await pseudo.look(page, path);
        await openDialogs(page, path, pseudo);
        await openTabs(page, path, pseudo);
      });
    }
    // The dialogs a list opens (an idea of each status, a challenge, a news post), by their address.
    const dialogPaths = data.dialogPaths(pages);
    expect(dialogPaths.length).toBeGreaterThan(0);
    for (const path of dialogPaths) {
      await test.step(path, async () => {
        await page.goto(path);
        await settle(page);
        await expect(page.getByRole("dialog")).toBeVisible();
        await pseudo.look(page, path, "[role=dialog]");
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
        await settleToFoot(page);
        await german.look(page, `${path} (de)`);
      }
      await openHeaderPopups(page, `${pages[0]} (de)`, german);
    } finally {
      await setLanguageOf(role.person.email, null);
    }
    await german.attach(testInfo, `German layout findings (${role.label})`);

    for (const dialog of role.dialogs) {
      expect
        .soft(
          pseudo.looked.some((label) => dialog.test(label)),
          `looked at a dialog like ${dialog}`,
        )
        .toBe(true);
    }
    expect.soft(pseudo.isEmpty, `In the pseudo-language, as the ${role.label}:\n${pseudo.report()}`).toBe(true);
    expect(german.isEmpty, `In German, as the ${role.label}:\n${german.report()}`).toBe(true);
  });
}

test("a signed-out visitor reads only catalogue texts on the public pages and their dialogs, and none overflows at 390 px", async ({
  page,
}, testInfo) => {
  test.setTimeout(270_000);
  const pseudo = new Findings(new CatalogueCheck([]));
  for (const path of PUBLIC_PAGES) {
    await test.step(path, async () => {
      await page.goto(path);
      await settle(page);
      await pseudo.look(page, path);
      // Signed out, every control that opens a dialog (sign up, forgotten password…) or a button
      // outside a form (leads on or opens one) is opened.
      const controls = page.locator(
        "[aria-haspopup=dialog]:visible, main button:visible:enabled:not([type=submit]):not([aria-haspopup])",
      );
      const found = await controls.evaluateAll((elements) =>
        elements.map((element) => ({
          name: element.getAttribute("aria-label") || (element.textContent ?? "").trim(),
          opens: element.hasAttribute("aria-haspopup"),
        })),
      );
      const opened = new Set<string>();
      for (const [index, { name, opens }] of found.entries()) {
        if (opened.has(name)) continue;
        opened.add(name);
        const label = `${path} › dialog of "${unpseudo(name)}"`;
        await openAndLook(page, () => controls.nth(index).click(), label, pseudo, { opens });
        await backTo(page, path);
      }
      // A form sent empty shows its validation messages (and sends nothing).
      const submit = page.locator("main form button[type=submit]:visible:enabled");
      if ((await submit.count()) > 0) {
        await submit.first().click();
        await settle(page);
        await pseudo.look(page, `${path} › sent empty`);
      }
    });
  }
  await pseudo.attach(testInfo, "pseudo-language findings (signed out)");
  expect(pseudo.looked).toEqual(
    expect.arrayContaining([
      `${ROUTES.landing} › dialog of "Log In"`,
      `${ROUTES.landing} › dialog of "Sign Up"`,
      `${ROUTES.login} › dialog of "Forgot password?"`,
      `${ROUTES.login} › dialog of "Sign up"`,
      `${ROUTES.login} › sent empty`,
    ]),
  );
  expect(pseudo.isEmpty, `In the pseudo-language, signed out:\n${pseudo.report()}`).toBe(true);
});
