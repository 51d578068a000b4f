import AxeBuilder from "@axe-core/playwright";
import { type BrowserContext, test as base, expect, type Page } from "@playwright/test";

export { expect };

/** The WCAG 2.0, 2.1 and 2.2 level A and AA rules of axe: the bar every page and dialog must clear. */
const WCAG_AA_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** One `securitypolicyviolation` event a page of the test saw. */
export interface CspViolation {
  directive: string;
  blocked: string;
  page: string;
  source: string;
}

const REPORT_BINDING = "__e2eReportCspViolation";

/**
 * Records every Content-Security-Policy violation of every page the context opens, from the first
 * script on: the init script listens before the app's own code runs, and the binding outlives
 * navigations.
 */
async function watchContentSecurityPolicy(context: BrowserContext, violations: CspViolation[]): Promise<void> {
  await context.exposeBinding(REPORT_BINDING, (_source, violation: CspViolation) => {
    violations.push(violation);
  });
  await context.addInitScript((binding: string) => {
    // Only the app's own documents: a framed video player answers to its own policy.
    if (window.top !== window) return;
    document.addEventListener(
      "securitypolicyviolation",
      (event) => {
        const report = (window as unknown as Record<string, (violation: unknown) => void>)[binding];
        report?.({
          directive: event.effectiveDirective || event.violatedDirective,
          blocked: event.blockedURI,
          page: event.documentURI,
          source: event.sourceFile ? `${event.sourceFile}:${event.lineNumber}:${event.columnNumber}` : "",
        });
      },
      true,
    );
  }, REPORT_BINDING);
}

function describeCspViolation(violation: CspViolation): string {
  const source = violation.source ? ` (from ${violation.source})` : "";
  return `${violation.directive} blocked ${violation.blocked || "an inline script or style"} on ${violation.page}${source}`;
}

/**
 * Waits until no CSS transition or animation runs (a dialog fading in has the contrast of its
 * half-way opacity), then checks the whole page, any open dialog included, against WCAG 2 A and
 * AA; with `within` (a CSS selector), only that part of the page. Fails with one entry per
 * offending element: rule, impact, help, target, its HTML and the fix.
 */
export async function expectAccessible(page: Page, within?: string): Promise<void> {
  await test.step(`axe: ${new URL(page.url()).pathname}${within ? ` ${within}` : ""}`, async () => {
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every(
          (animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity,
        ),
    );
    // Legacy mode runs axe inside the page instead of gathering frame results in a new blank page:
    // three times faster, and the app has no frames of its own (only third-party video players).
    const builder = new AxeBuilder({ page }).withTags(WCAG_AA_TAGS).setLegacyMode(true);
    const { violations } = await (within ? builder.include(within) : builder).analyze();
    const found = violations.flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id} (${violation.impact ?? "no impact"}): ${violation.help} - ${node.target.join(" ")}` +
          `\n    ${node.html.slice(0, 300)}\n    ${node.failureSummary?.replace(/\n/g, "\n    ") ?? ""}`,
      ),
    );
    expect(found, `accessibility violations on ${page.url()} (WCAG 2 A/AA)`).toEqual([]);
  });
}

interface JourneyFixtures {
  /** Every Content-Security-Policy violation the test's pages saw; the test fails if there is any. */
  cspViolations: CspViolation[];
  /** A page in a browser context of its own: another person on another computer, watched like `page`. */
  pageOfAnotherPerson: () => Promise<Page>;
}

/** The journeys' `test`: every page it opens is watched for Content-Security-Policy violations. */
export const test = base.extend<JourneyFixtures>({
  cspViolations: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const violations: CspViolation[] = [];
      await use(violations);
      expect(violations.map(describeCspViolation), "Content-Security-Policy violations on this test's pages").toEqual(
        [],
      );
    },
    { auto: true },
  ],
  context: async ({ context, cspViolations }, use) => {
    await watchContentSecurityPolicy(context, cspViolations);
    await use(context);
  },
  pageOfAnotherPerson: async ({ browser, cspViolations }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async () => {
      const context = await browser.newContext();
      contexts.push(context);
      await watchContentSecurityPolicy(context, cspViolations);
      return context.newPage();
    });
    for (const context of contexts) await context.close();
  },
});
