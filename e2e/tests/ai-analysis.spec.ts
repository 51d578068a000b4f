/**
 * The idea editor's Analyze: a colleague already had the idea, so the author votes for theirs
 * ("This is the same as mine") instead of submitting; then a new brain-dump line gets a clearer
 * title ("Use this title") and is submitted.
 */
import { randomBytes } from "node:crypto";
import { ApiSession, createDemoEmployeeThroughApi, newPerson } from "../support/accounts.ts";
import { expect, expectAccessible, test } from "../support/fixtures.ts";
import { submitFromBrainDump } from "../support/ideas.ts";
import { logInThroughPage } from "../support/session.ts";

test("Analyze finds a colleague's idea to vote for, and offers a clearer title to submit with", async ({ page }) => {
  const colleague = newPerson("ai-colleague", "Noor");
  const author = newPerson("ai-author", "Sam");
  await createDemoEmployeeThroughApi(colleague);
  await createDemoEmployeeThroughApi(author);
  // A made-up hall name, so that earlier runs' ideas (in the same demo team) rank below this one.
  const place = `Hall ${randomBytes(5)
    .toString("hex")
    .replace(/\d/g, (digit) => "ghijklmnop"[Number(digit)]!)}`;
  const existingTitle = `Solar panels on the roof of ${place}`;
  const session = await ApiSession.signIn(colleague.email, colleague.password);
  await session.post("/api/project-ideas/", {
    title: existingTitle,
    description: `Our electricity bill is too high. Solar panels on the roof of ${place} would cut it.`,
  });
  await session.dispose();

  await logInThroughPage(page, author.email, author.password);
  await expect(page).toHaveURL(/\/app\/employee-ideas$/);
  const brainDump = page.getByRole("region", { name: "Brain dump" });
  const title = brainDump.getByRole("textbox", { name: "Your idea" });

  // 1. The same idea exists: the author votes for it instead of submitting theirs.
  await title.fill(`we should put solar panels on the roof of ${place} because power is expensive`);
  await brainDump.getByRole("button", { name: "Analyze" }).click();
  const analysis = brainDump.getByRole("region", { name: "Analysis" });
  const similar = analysis.getByRole("region", { name: "Similar ideas" });
  await expect(similar.getByRole("button", { name: existingTitle, exact: true })).toBeVisible();
  await expect(analysis.getByRole("list", { name: "Reviewer's checklist" })).toContainText("The problem");
  await expectAccessible(page);
  await similar.getByRole("button", { name: `This is the same as mine: vote for “${existingTitle}”` }).click();
  await expect(similar.getByText(`You voted for “${existingTitle}”.`)).toBeVisible();

  // 2. A new idea: the suggested title replaces the brain-dump line only on the author's click.
  await title.fill("I think we should start a book club because people want to meet");
  await brainDump.getByRole("button", { name: "Analyze" }).click();
  const suggestion = analysis.getByRole("region", { name: "Suggested title" });
  await expect(suggestion.getByText("Start a book club", { exact: true })).toBeVisible();
  await expect(title).toHaveValue("I think we should start a book club because people want to meet");
  await suggestion.getByRole("button", { name: "Use this title" }).click();
  await expect(title).toHaveValue("Start a book club");
  await submitFromBrainDump(brainDump, {
    description: "Colleagues from different teams rarely meet; a monthly book club costs a few books.",
  });
  await expect(brainDump.getByRole("button", { name: "Open “Start a book club”" })).toBeVisible();
});
