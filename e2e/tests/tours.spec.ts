import { TOUR_STEPS, TOURS, type TourDefinition, type TourId } from "@ideaport/shared";
import type { Locator, Page } from "@playwright/test";
import {
  createCompanyAdminThroughApi,
  createDemoEmployeeThroughApi,
  createDemoManagerThroughApi,
  newPerson,
} from "../support/accounts.ts";
import { DEMO, DEMO_PASSWORD } from "../support/demo.ts";
import { expect, expectAccessible, test } from "../support/fixtures.ts";
import { logInThroughPage } from "../support/session.ts";

/** A tour's rule with its steps, as the runner shows it. */
function tourWithSteps(id: TourId): TourDefinition {
  return { ...TOURS[id], steps: TOUR_STEPS[id] };
}

const SAVE_PATH = "/api/user/update-onboarding-status/";

function tourDialog(page: Page): Locator {
  return page.getByRole("alertdialog");
}

/**
 * Expects the open step to be one of `tour`'s, its progress reading "n of size" and its text the
 * n-th step's; answers n (1-based).
 */
async function expectStep(page: Page, tour: TourDefinition): Promise<number> {
  const dialog = tourDialog(page);
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  const primary = dialog.getByRole("button", { name: /^(Next \(\d+ of \d+\)|Finish)$/ });
  const label = (await primary.textContent()) ?? "";
  const progress = /^Next \((\d+) of (\d+)\)$/.exec(label);
  const index = progress ? Number(progress[1]) : tour.steps.length;
  if (progress) expect(Number(progress[2])).toBe(tour.steps.length);
  await expect(dialog).toContainText(tour.steps[index - 1]?.content ?? "");
  // Joyride fades each step's tooltip in once it is positioned (an inline opacity transition that
  // may start after the page's animations were checked): axe reads colours once it is opaque.
  await expect
    .poll(() =>
      dialog.evaluate((element) => {
        let opacity = 1;
        for (let node: Element | null = element; node; node = node.parentElement) {
          opacity *= Number(getComputedStyle(node).opacity);
        }
        return opacity;
      }),
    )
    .toBe(1);
  await expectAccessible(page);
  return index;
}

/** Walks a tour with Next to its end; answers the 1-based indexes of the steps it showed. */
async function walkTour(
  page: Page,
  tour: TourDefinition,
  onStep?: (index: number) => Promise<void>,
): Promise<number[]> {
  const shown: number[] = [];
  for (;;) {
    const index = await expectStep(page, tour);
    expect(shown.at(-1) ?? 0).toBeLessThan(index);
    shown.push(index);
    await onStep?.(index);
    const dialog = tourDialog(page);
    if (index === tour.steps.length) {
      await dialog.getByRole("button", { name: "Finish" }).click();
      return shown;
    }
    await dialog.getByRole("button", { name: `Next (${index} of ${tour.steps.length})` }).click();
    await expect(dialog.getByRole("button", { name: `Next (${index} of ${tour.steps.length})` })).toHaveCount(0, {
      timeout: 30_000,
    });
  }
}

/** Runs `end` and answers the onboarding status it saved. */
async function savedStatus(page: Page, end: () => Promise<void>): Promise<string> {
  const [request] = await Promise.all([page.waitForRequest((candidate) => candidate.url().endsWith(SAVE_PATH)), end()]);
  return (request.postDataJSON() as { onboarding_status: string }).onboarding_status;
}

/** After a reload the page shows and no tour starts. */
async function expectNoTourAfterReload(page: Page): Promise<void> {
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // A tour would start within a moment of the page rendering (its code and its first target).
  await page.waitForTimeout(3000);
  await expect(tourDialog(page)).toHaveCount(0);
}

test("a new employee's ideas tour skips a missing step and ends, then the company tour closes with Escape", async ({
  page,
}) => {
  test.setTimeout(150_000);
  const employee = newPerson("tours-employee", "Robin");
  await createDemoEmployeeThroughApi(employee, "Engineering");
  await logInThroughPage(page, employee.email, employee.password, { runTours: true });
  await expect(page).toHaveURL(/\/app\/employee-ideas$/);

  const status = await savedStatus(page, async () => {
    const shown = await walkTour(page, tourWithSteps("employeeIdeas"));
    // A new person has no idea under review: that step's target is missing and it is skipped.
    const underReview =
      tourWithSteps("employeeIdeas").steps.findIndex((step) => step.target === "under-review-card") + 1;
    expect(shown).not.toContain(underReview);
    expect(shown).toContain(1);
    expect(shown.at(-1)).toBe(tourWithSteps("employeeIdeas").steps.length);
  });
  expect(status).toBe("awaiting_employee_company_tour");
  await expect(tourDialog(page)).toHaveCount(0);
  await expectNoTourAfterReload(page);

  await page.goto("/app/employee-company");
  expect(await expectStep(page, tourWithSteps("employeeCompany"))).toBe(1);
  const companyStatus = await savedStatus(page, () => page.keyboard.press("Escape"));
  expect(companyStatus).toBe("employee_company_tour_completed");
  await expect(tourDialog(page)).toHaveCount(0);
  await expectNoTourAfterReload(page);
});

test("a new manager's ideas tour runs from the start and advances, and the company tour closes on a click beside it", async ({
  page,
}) => {
  test.setTimeout(150_000);
  const manager = newPerson("tours-manager", "Sam");
  await createDemoManagerThroughApi(manager, "Engineering", { email: DEMO.admin.email, password: DEMO_PASSWORD });
  await logInThroughPage(page, manager.email, manager.password, { runTours: true });
  await expect(page).toHaveURL(/\/app\/manager-ideas$/);

  const status = await savedStatus(page, async () => {
    const shown = await walkTour(page, tourWithSteps("managerIdeas"));
    expect(shown).toContain(1);
    expect(shown.at(-1)).toBe(tourWithSteps("managerIdeas").steps.length);
  });
  expect(status).toBe("awaiting_manager_company_tour");
  await expectNoTourAfterReload(page);

  await page.goto("/app/manager-company");
  expect(await expectStep(page, tourWithSteps("managerCompany"))).toBe(1);
  // A click on the overlay, away from the step's tooltip, ends the tour.
  const companyStatus = await savedStatus(page, () => page.mouse.click(5, 300));
  expect(companyStatus).toBe("manager_company_tour_completed");
  await expect(tourDialog(page)).toHaveCount(0);
  await expectNoTourAfterReload(page);
});

test("a new company's administrator: the overlay through all 8 steps across pages, then the manager tours", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const admin = newPerson("tours-admin", "Alex");
  await createCompanyAdminThroughApi(admin, `Tours ${admin.lastName}`);
  await logInThroughPage(page, admin.email, admin.password, { runTours: true });
  await expect(page).toHaveURL(/\/app\/manager-ideas$/);

  const pages: Record<number, RegExp> = {
    3: /\/app\/settings\/company$/,
    4: /\/app\/settings\/company$/,
    5: /\/app\/settings\/company$/,
    6: /\/app\/settings\/company$/,
    7: /\/app\/manager-company$/,
    8: /\/app\/settings\/company$/,
  };
  const status = await savedStatus(page, async () => {
    const shown = await walkTour(page, tourWithSteps("adminOverlay"), async (index) => {
      const expected = pages[index];
      if (expected) await expect(page).toHaveURL(expected);
    });
    expect(shown).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
  expect(status).toBe("awaiting_manager_ideas_tour");
  await expectNoTourAfterReload(page);

  await page.goto("/app/manager-ideas");
  expect(await expectStep(page, tourWithSteps("managerIdeas"))).toBe(1);
  await tourDialog(page)
    .getByRole("button", { name: `Next (1 of ${tourWithSteps("managerIdeas").steps.length})` })
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
  await expect(checklist).toBeVisible({ timeout: 30_000 });
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
  await expect(tourDialog(page)).toHaveCount(0);
  await expectNoTourAfterReload(page);
  expect(saves).toEqual([]);
});
