import { createTranslator, TOUR_STEPS, TOURS, type TourDefinition, type TourId } from "@ideaport/shared";
import type { Locator, Page } from "@playwright/test";
import {
  createCompanyAdminThroughApi,
  createDemoManagerThroughApi,
  newDemoEmployee,
  newPerson,
} from "../support/accounts.ts";
import { DEMO, DEMO_PASSWORD } from "../support/demo.ts";
import { expect, expectAccessible, test } from "../support/fixtures.ts";
import { logInThroughPage } from "../support/session.ts";

/** A tour's rule with its steps, as the runner shows it. */
function tourWithSteps(id: TourId): TourDefinition {
  return { ...TOURS[id], steps: TOUR_STEPS[id] };
}

/** The journeys run in English: a step is found by its English words. */
const english = createTranslator("en", {});

const SAVE_PATH = "/api/user/update-onboarding-status/";

function tourDialog(page: Page): Locator {
  return page.getByRole("alertdialog");
}

/**
 * Expects the open step to be one of `tour`'s, its progress reading "n of N" over at most the
 * tour's steps (or Finish), and checks the page with axe; answers the step's number in the tour
 * (1-based).
 */
async function expectStep(page: Page, tour: TourDefinition): Promise<number> {
  const dialog = tourDialog(page);
  await expect(dialog).toBeVisible();
  const primary = dialog.getByRole("button", { name: /^(Next \(\d+ of \d+\)|Finish)$/ });
  const progress = /^Next \((\d+) of (\d+)\)$/.exec((await primary.textContent()) ?? "");
  if (progress) expect(Number(progress[1])).toBeLessThanOrEqual(Number(progress[2]));
  if (progress) expect(Number(progress[2])).toBeLessThanOrEqual(tour.steps.length);
  const text = (await dialog.textContent()) ?? "";
  const index = tour.steps.findIndex((step) => text.includes(english(step.content))) + 1;
  expect(index, `a step of ${tour.id} shows: ${text}`).toBeGreaterThan(0);
  // Joyride fades each step's tooltip in once it is positioned (an inline opacity transition that
  // may start after the page's animations were checked): axe reads colours once it is opaque.
  await expect.poll(() => opacityOf(dialog)).toBe(1);
  await expectAccessible(page);
  return index;
}

/** How opaque an element shows: its own opacity times its ancestors'. */
function opacityOf(element: Locator): Promise<number> {
  return element.evaluate((start) => {
    let opacity = 1;
    for (let node: Element | null = start; node; node = node.parentElement) {
      opacity *= Number(getComputedStyle(node).opacity);
    }
    return opacity;
  });
}

/** A box on the screen, in CSS pixels. */
interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What a person sees of the open step: the screen, the tooltip, its main button, and what the step points at. */
interface StepView {
  screen: { width: number; height: number };
  tooltip: Box;
  primary: { label: string; box: Box; reachable: boolean };
  /** The step's `data-tour` element as the tour finds it (the first in the page), if the page shows one. */
  target: { box: Box; covered: string[] } | null;
}

/**
 * Reads the open step of `target` from the page: where things are, and which points of the target
 * (its centre and the middle of each edge, 3 px inside) show something else on top of it.
 */
function readStepView(page: Page, target: string): Promise<StepView> {
  return page.evaluate((selector) => {
    const boxOf = (element: Element): Box => {
      const { x, y, width, height } = element.getBoundingClientRect();
      return { x, y, width, height };
    };
    const dialog = document.querySelector('[role="alertdialog"]');
    const primary = dialog?.querySelector('[data-action="primary"]');
    if (!dialog || !primary) throw new Error("no tour step is open");
    const primaryBox = boxOf(primary);
    const hit = document.elementFromPoint(primaryBox.x + primaryBox.width / 2, primaryBox.y + primaryBox.height / 2);
    const element = document.querySelector(selector);
    const shown = element && element.getClientRects().length > 0 && element.checkVisibility();
    let view: StepView["target"] = null;
    if (element && shown) {
      const box = boxOf(element);
      const inset = 3;
      const points: Array<[string, number, number]> = [
        ["centre", box.x + box.width / 2, box.y + box.height / 2],
        ["top edge", box.x + box.width / 2, box.y + inset],
        ["bottom edge", box.x + box.width / 2, box.y + box.height - inset],
        ["left edge", box.x + inset, box.y + box.height / 2],
        ["right edge", box.x + box.width - inset, box.y + box.height / 2],
      ];
      const covered = points.flatMap(([name, x, y]) => {
        const top = document.elementFromPoint(x, y);
        if (top && (top === element || element.contains(top))) return [];
        const what = top
          ? `${top.tagName.toLowerCase()}.${String(top.getAttribute("class") ?? "").split(" ")[0]}`
          : "nothing";
        return [`${name} shows ${what}`];
      });
      view = { box, covered };
    }
    return {
      screen: { width: window.innerWidth, height: window.innerHeight },
      tooltip: boxOf(dialog),
      primary: {
        label: primary.textContent ?? "",
        box: primaryBox,
        reachable: !!hit && (hit === primary || primary.contains(hit)),
      },
      target: view,
    };
  }, `[data-tour="${target}"]`);
}

function expectOnScreen(box: Box, screen: StepView["screen"], what: string): void {
  const where = `${what} at ${JSON.stringify(box)} on a ${screen.width}×${screen.height} screen`;
  expect(box.x, where).toBeGreaterThanOrEqual(0);
  expect(box.y, where).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, where).toBeLessThanOrEqual(screen.width);
  expect(box.y + box.height, where).toBeLessThanOrEqual(screen.height);
}

/**
 * Walks `tour`, started on the page, to its end with its main button (tapped on a touch screen),
 * checking at every step that the tooltip, its main button and what the step points at are all on
 * the screen, that nothing covers the step's target (not the header, not the tooltip, not the
 * overlay), that the tooltip passes axe, and that the progress counts the steps shown: 1 of N,
 * 2 of N, … then Finish at the N-th. Answers the targets of the steps shown, in order.
 */
async function walkTourOnScreen(
  page: Page,
  tour: TourDefinition,
  onStep?: (target: string, view: StepView) => Promise<void>,
): Promise<string[]> {
  const dialog = tourDialog(page);
  const isTouch = await page.evaluate(() => navigator.maxTouchPoints > 0);
  const shown: string[] = [];
  let total = 0;
  let last = -1;
  for (;;) {
    await expect(dialog).toBeVisible();
    await expect.poll(() => opacityOf(dialog)).toBe(1);
    const text = (await dialog.textContent()) ?? "";
    const index = tour.steps.findIndex((step, at) => at > last && text.includes(english(step.content)));
    expect(
      index,
      `the step after "${last >= 0 ? english(tour.steps[last]!.content) : "the start"}" shows: ${text}`,
    ).toBeGreaterThan(last);
    last = index;
    const step = tour.steps[index] as (typeof tour.steps)[number];
    const view = await readStepView(page, step.target);
    const where = `${tour.id} step "${step.target}"`;

    const progress = /^Next \((\d+) of (\d+)\)$/.exec(view.primary.label);
    if (progress) {
      expect(Number(progress[1]), `${where}: its number`).toBe(shown.length + 1);
      if (total === 0) total = Number(progress[2]);
      expect(Number(progress[2]), `${where}: the number of steps`).toBe(total);
    } else {
      expect(view.primary.label, where).toBe("Finish");
      expect(shown.length + 1, `${tour.id}: steps shown, the counter said ${total}`).toBe(total || 1);
    }
    shown.push(step.target);

    expectOnScreen(view.tooltip, view.screen, `${where}: the tooltip`);
    expectOnScreen(view.primary.box, view.screen, `${where}: ${view.primary.label}`);
    expect(view.primary.reachable, `${where}: ${view.primary.label} can be pressed`).toBe(true);
    if (step.placement !== "center") expect(view.target, `${where}: its target is on the page`).not.toBeNull();
    if (view.target) {
      expectOnScreen(view.target.box, view.screen, `${where}: the target`);
      expect(view.target.covered, `${where}: nothing covers the target`).toEqual([]);
    }
    await expectAccessible(page, '[role="alertdialog"]');
    await onStep?.(step.target, view);

    const primary = dialog.getByRole("button", { name: view.primary.label, exact: true });
    if (isTouch) await primary.tap();
    else await primary.click();
    if (!progress) {
      await expect(dialog).toHaveCount(0);
      return shown;
    }
    await expect(dialog.getByRole("button", { name: view.primary.label, exact: true })).toHaveCount(0);
  }
}

/** The targets of a tour's steps, less `absent`. */
function targetsOf(id: TourId, absent: string[] = []): string[] {
  return TOUR_STEPS[id].map((step) => step.target).filter((target) => !absent.includes(target));
}

/** Runs `end` and answers the onboarding status it saved. */
async function savedStatus(page: Page, end: () => Promise<void>): Promise<string> {
  const [request] = await Promise.all([page.waitForRequest((candidate) => candidate.url().endsWith(SAVE_PATH)), end()]);
  return (request.postDataJSON() as { onboarding_status: string }).onboarding_status;
}

/** The tour has closed, and none starts again after a reload. */
async function expectTourClosedForGood(page: Page): Promise<void> {
  await expect(tourDialog(page)).toHaveCount(0);
  await expectNoTourAfterReload(page);
}

/** After a reload the page shows and no tour starts. */
async function expectNoTourAfterReload(page: Page): Promise<void> {
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // A tour would start within moments of the page settling (its code, its sections and their data).
  await page.waitForTimeout(5000);
  await expect(tourDialog(page)).toHaveCount(0);
}

test("a new employee's ideas tour skips a missing step and ends, then the company tour closes with Escape", async ({
  page,
}) => {
  test.setTimeout(225_000);
  const employee = await newDemoEmployee("tours-employee", "Robin");
  await logInThroughPage(page, employee.email, employee.password, { runTours: true });
  await expect(page).toHaveURL(/\/app\/employee-ideas$/);

  const status = await savedStatus(page, async () => {
    // A new person has no idea under review: that step's target is missing and it is left out.
    expect(await walkTourOnScreen(page, tourWithSteps("employeeIdeas"))).toEqual(
      targetsOf("employeeIdeas", ["under-review-card"]),
    );
  });
  expect(status).toBe("awaiting_employee_company_tour");
  await expectTourClosedForGood(page);

  await page.goto("/app/employee-company");
  expect(await expectStep(page, tourWithSteps("employeeCompany"))).toBe(1);
  const companyStatus = await savedStatus(page, () => page.keyboard.press("Escape"));
  expect(companyStatus).toBe("employee_company_tour_completed");
  await expectTourClosedForGood(page);
});

test("a new manager's ideas tour runs from the start and advances, and the company tour closes on a click beside it", async ({
  page,
}) => {
  test.setTimeout(225_000);
  const manager = newPerson("tours-manager", "Sam");
  await createDemoManagerThroughApi(manager, "Engineering", { email: DEMO.admin.email, password: DEMO_PASSWORD });
  await logInThroughPage(page, manager.email, manager.password, { runTours: true });
  await expect(page).toHaveURL(/\/app\/manager-ideas$/);

  const status = await savedStatus(page, async () => {
    expect(await walkTourOnScreen(page, tourWithSteps("managerIdeas"))).toEqual(targetsOf("managerIdeas"));
  });
  expect(status).toBe("awaiting_manager_company_tour");
  await expectNoTourAfterReload(page);

  await page.goto("/app/manager-company");
  expect(await expectStep(page, tourWithSteps("managerCompany"))).toBe(1);
  // A click on the overlay, away from the step's tooltip, ends the tour.
  const companyStatus = await savedStatus(page, () => page.mouse.click(5, 300));
  expect(companyStatus).toBe("manager_company_tour_completed");
  await expectTourClosedForGood(page);
});

test("a new company's administrator: the overlay through all 8 steps across pages, then the manager tours", async ({
  page,
}) => {
  test.setTimeout(270_000);
  const admin = newPerson("tours-admin", "Alex");
  await createCompanyAdminThroughApi(admin, `Tours ${admin.lastName}`);
  await logInThroughPage(page, admin.email, admin.password, { runTours: true });
  await expect(page).toHaveURL(/\/app\/manager-ideas$/);

  const pages: Record<string, RegExp> = {
    "company-settings-tab": /\/app\/settings\/company$/,
    "team-management": /\/app\/settings\/company$/,
    "user-management": /\/app\/settings\/company$/,
    "proposed-challenges-tab": /\/app\/settings\/company$/,
    "add-news": /\/app\/manager-company$/,
    "analytics-overview": /\/app\/settings\/company$/,
  };
  const status = await savedStatus(page, async () => {
    const shown = await walkTourOnScreen(page, tourWithSteps("adminOverlay"), async (target) => {
      const expected = pages[target];
      if (expected) await expect(page).toHaveURL(expected);
    });
    expect(shown).toEqual(targetsOf("adminOverlay"));
  });
  expect(status).toBe("awaiting_manager_ideas_tour");
  await expectNoTourAfterReload(page);

  await page.goto("/app/manager-ideas");
  expect(await expectStep(page, tourWithSteps("managerIdeas"))).toBe(1);
  await tourDialog(page)
    .getByRole("button", { name: /^Next \(1 of \d+\)$/ })
    .click();
  expect(await expectStep(page, tourWithSteps("managerIdeas"))).toBeGreaterThan(1);
  const ideasStatus = await savedStatus(page, () => tourDialog(page).getByRole("button", { name: "Skip" }).click());
  expect(ideasStatus).toBe("awaiting_manager_company_tour");
  await expectNoTourAfterReload(page);

  await page.goto("/app/manager-company");
  expect(await expectStep(page, tourWithSteps("managerCompany"))).toBe(1);
  const companyStatus = await savedStatus(page, () => tourDialog(page).getByRole("button", { name: "Close" }).click());
  expect(companyStatus).toBe("manager_company_tour_completed");
  await expectNoTourAfterReload(page);

  // The new company's empty manager page gives the next steps, read from the company's data.
  await page.goto("/app/manager-ideas");
  const checklist = page.getByRole("region", { name: "Get your company started" });
  // It shows once the page knows the company has no ideas yet: after the team's ideas have loaded.
  await expect(checklist).toBeVisible();
  await expect(checklist).toContainText("0 of 4 steps done. Each step ticks itself off once it is done.");
  await expect(checklist.getByRole("listitem")).toHaveText([
    /^Post a challenge · To do/,
    /^Invite your team · To do/,
    /^Publish news · To do/,
    /^Set up rewards · To do/,
  ]);
  await expectAccessible(page);

  // Replay from the user menu: the tour runs again, and ending it saves no status.
  const saves: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith(SAVE_PATH)) saves.push(request.url());
  });
  await page.getByRole("button", { name: admin.displayName, exact: true }).click();
  await page.getByRole("menuitem", { name: "Replay the administrator tour" }).click();
  expect(await expectStep(page, tourWithSteps("adminOverlay"))).toBe(1);
  await page.keyboard.press("Escape");
  await expectTourClosedForGood(page);
  expect(saves).toEqual([]);
});

const SCREENS = [
  { name: "a 1366×900 desktop", use: { viewport: { width: 1366, height: 900 } } },
  { name: "a 390×844 phone", use: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } },
] as const;

for (const screen of SCREENS) {
  test.describe(`every step on ${screen.name}`, () => {
    test.use(screen.use);

    test("a new employee's ideas and company tours point at what is on the screen", async ({ page }) => {
      test.setTimeout(360_000);
      const employee = await newDemoEmployee("tours-screen-employee", "Robin");
      await logInThroughPage(page, employee.email, employee.password, { runTours: true });
      await expect(page).toHaveURL(/\/app\/employee-ideas$/);
      // A new person has no idea under review: that step is not shown, and not counted.
      expect(await walkTourOnScreen(page, tourWithSteps("employeeIdeas"))).toEqual(
        targetsOf("employeeIdeas", ["under-review-card"]),
      );
      await page.goto("/app/employee-company");
      expect(await walkTourOnScreen(page, tourWithSteps("employeeCompany"))).toEqual(targetsOf("employeeCompany"));
    });

    test("a new manager's ideas and company tours point at what is on the screen", async ({ page }) => {
      test.setTimeout(360_000);
      const manager = newPerson("tours-screen-manager", "Sam");
      await createDemoManagerThroughApi(manager, "Engineering", { email: DEMO.admin.email, password: DEMO_PASSWORD });
      await logInThroughPage(page, manager.email, manager.password, { runTours: true });
      await expect(page).toHaveURL(/\/app\/manager-ideas$/);
      expect(await walkTourOnScreen(page, tourWithSteps("managerIdeas"))).toEqual(targetsOf("managerIdeas"));
      await page.goto("/app/manager-company");
      // A manager who is not an administrator reads where administrators publish news.
      expect(await walkTourOnScreen(page, tourWithSteps("managerCompany"))).toEqual(targetsOf("managerCompany"));
    });

    test("a new company's administrator tour points at what is on the screen, beside the checklist", async ({
      page,
    }) => {
      test.setTimeout(360_000);
      const admin = newPerson("tours-screen-admin", "Alex");
      await createCompanyAdminThroughApi(admin, `Tours screen ${admin.lastName}`);
      await logInThroughPage(page, admin.email, admin.password, { runTours: true });
      await expect(page).toHaveURL(/\/app\/manager-ideas$/);
      const checklist = page.getByRole("region", { name: "Get your company started" });
      const shown = await walkTourOnScreen(page, tourWithSteps("adminOverlay"), async (target, view) => {
        if (target !== "tour-welcome") return;
        // The welcome points at the new company's checklist and does not sit over it.
        expect(view.target, "the welcome points at the checklist").not.toBeNull();
        const list = await checklist.boundingBox();
        const { y, height } = view.tooltip;
        const apart = !!list && (y + height <= list.y || y >= list.y + list.height);
        expect(apart, `the welcome at ${JSON.stringify(view.tooltip)}, the checklist at ${JSON.stringify(list)}`).toBe(
          true,
        );
      });
      expect(shown).toEqual(targetsOf("adminOverlay"));
    });
  });
}
