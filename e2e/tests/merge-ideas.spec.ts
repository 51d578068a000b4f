import type { Locator, Page } from "@playwright/test";
import { ApiSession, newDemoEmployee } from "../support/accounts.ts";
import { DEMO, DEMO_PASSWORD } from "../support/demo.ts";
import { expect, expectAccessible, test } from "../support/fixtures.ts";
import { submitIdeaThroughApi } from "../support/ideas.ts";
import { logInThroughPage, openNotifications, signedInPage } from "../support/session.ts";

/** Opens the idea through its address, as a link would; answers its dialog once loaded. */
async function openIdea(page: Page, path: string, id: string, title: string): Promise<Locator> {
  await page.goto(`${path}?idea=${id}`);
  const dialog = page.getByRole("dialog", { name: title });
  await expect(dialog.getByRole("heading", { name: "Status history" })).toBeVisible();
  return dialog;
}

test("a manager merges a duplicate; both authors see it: the merged idea links to the other, which names its contributor and keeps its comments", async ({
  page,
  pageOfAnotherPerson,
}) => {
  test.setTimeout(270_000);
  const first = await newDemoEmployee("merge-first", "Ines");
  const second = await newDemoEmployee("merge-second", "Jonas");
  const keptTitle = `Solar panels on the roof ${first.lastName}`;
  const duplicateTitle = `Solar panels for the roof ${second.lastName}`;
  const firstApi = await ApiSession.signIn(first.email, first.password);
  const keptId = await submitIdeaThroughApi(firstApi, keptTitle);
  await firstApi.dispose();
  const secondApi = await ApiSession.signIn(second.email, second.password);
  const duplicateId = await submitIdeaThroughApi(secondApi, duplicateTitle);
  await secondApi.post(`/api/project-ideas/${duplicateId}/comments/`, { body: "The south side gets the most sun." });
  await secondApi.dispose();

  // 1. The manager reviews the kept idea, finds the duplicate among the possible duplicates, merges it.
  const manager = await signedInPage(pageOfAnotherPerson, DEMO.manager.email, DEMO_PASSWORD);
  const review = await openIdea(manager, "/app/manager-ideas", keptId, keptTitle);
  const duplicates = review.getByRole("region", { name: "Possible duplicates" });
  const candidate = duplicates.getByRole("listitem").filter({ hasText: duplicateTitle });
  await expect(candidate).toContainText("similar text");
  await expectAccessible(manager);
  await candidate.getByRole("button", { name: `Merge “${duplicateTitle}” into this idea` }).click();
  const confirm = manager.getByRole("dialog", { name: "Merge duplicate" });
  await expect(confirm).toContainText(`Merge “${duplicateTitle}” into “${keptTitle}”?`);
  await expectAccessible(manager);
  await confirm.getByRole("button", { name: "Merge" }).click();
  await expect(duplicates.getByRole("status")).toContainText(`Merging “${duplicateTitle}” into “${keptTitle}”.`);
  await expect(review.getByText("The duplicate has been merged into this idea.")).toBeVisible();

  // 2. The duplicate's author hears of it in the bell, and sees their idea merged with a link to the other.
  await logInThroughPage(page, second.email, second.password);
  const bell = await openNotifications(page);
  await expect(
    bell.getByText(`${DEMO.manager.name} merged your idea into "${keptTitle}", where you are named as a contributor.`),
  ).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press("Escape");
  const merged = await openIdea(page, "/app/employee-ideas", duplicateId, duplicateTitle);
  await expect(merged.getByText("Merged", { exact: true }).first()).toBeVisible();
  await expect(merged.getByText(/This idea was merged into/)).toContainText(keptTitle);
  await expectAccessible(page);
  await merged.getByRole("button", { name: keptTitle }).click();

  // 3. The kept idea names the duplicate's author as a contributor and shows their idea's comments.
  const kept = page.getByRole("dialog", { name: keptTitle });
  await expect(kept.getByText(`Contributors: ${second.firstName} ${second.lastName}`)).toBeVisible();
  const comments = kept.getByRole("region", { name: "Comments" });
  await expect(comments.getByRole("listitem").filter({ hasText: "The south side gets the most sun." })).toContainText(
    `from the merged idea “${duplicateTitle}”`,
  );
  await expectAccessible(page);
});
