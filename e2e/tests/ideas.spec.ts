import type { Locator, Page } from "@playwright/test";
import { newDemoEmployee } from "../support/accounts.ts";
import { DEMO } from "../support/demo.ts";
import { expect, expectAccessible, test } from "../support/fixtures.ts";
import { submitFromBrainDump } from "../support/ideas.ts";
import { openNotifications, signedInPage } from "../support/session.ts";

/**
 * Opens the bell, expects `text` among the notifications, and closes it again; `checkAccessibility`
 * runs axe on the open panel.
 */
async function expectNotification(page: Page, text: string, { checkAccessibility = false } = {}): Promise<void> {
  // The bell polls every 60 s; a reload reads the list at once.
  await page.reload();
  const dialog = await openNotifications(page);
  await expect(dialog.getByRole("list", { name: "Notification list" }).getByText(text)).toBeVisible();
  if (checkAccessibility) await expectAccessible(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
}

/** Opens the bell and follows the notification `text` to its idea: the bell closes and the idea's dialog is returned. */
async function followNotificationToIdea(page: Page, text: string, title: string): Promise<Locator> {
  await page.reload();
  const bell = await openNotifications(page);
  await bell.getByRole("list", { name: "Notification list" }).getByRole("link", { name: text }).click();
  await expect(bell).toBeHidden();
  await expect(page).toHaveURL(/[?&]idea=[0-9a-f-]{36}$/);
  const dialog = page.getByRole("dialog", { name: title });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("status").filter({ hasText: /^Loading/ })).toHaveCount(0);
  return dialog;
}

/** The manager opens the idea from Team submissions; the idea dialog is returned. */
async function openTeamSubmission(page: Page, title: string): Promise<Locator> {
  await page.reload();
  const submissions = page.getByRole("region", { name: "Team submissions" });
  await submissions.getByRole("article", { name: title }).getByRole("button", { name: title, exact: true }).click();
  const dialog = page.getByRole("dialog", { name: title });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("status").filter({ hasText: /^Loading/ })).toHaveCount(0);
  return dialog;
}

test("a team challenge, answered, revised, approved and turned into an action, with notifications at every step", async ({
  pageOfAnotherPerson,
}) => {
  test.setTimeout(540_000);
  const employee = await newDemoEmployee("ideas-employee", "Jordan");
  const suffix = employee.email.split("@")[0]?.slice(-6);
  const challengeTitle = `Cut onboarding time ${suffix}`;
  const ideaTitle = `Buddy system for new joiners ${suffix}`;

  // 1. The manager of Engineering posts a team challenge.
  const manager = await signedInPage(pageOfAnotherPerson, DEMO.manager.email);
  await expect(manager).toHaveURL(/\/app\/manager-ideas$/);
  await expectAccessible(manager);
  await manager.getByRole("button", { name: "Add challenge" }).click();
  const form = manager.getByRole("form", { name: "New challenge" });
  await expect(form).toBeVisible();
  await expectAccessible(manager);
  await form.getByRole("textbox", { name: "Title" }).fill(challengeTitle);
  await form.getByRole("textbox", { name: "Description" }).fill("How could new colleagues be productive in a week?");
  await expect(form.getByRole("radio", { name: "Team" })).toBeChecked();
  await form.getByRole("button", { name: "Post challenge" }).click();
  await expect(form).toBeHidden();
  const challenges = manager.getByRole("region", { name: "Challenges" });
  await expect(challenges.getByRole("article", { name: challengeTitle })).toBeVisible();
  await challenges.getByRole("button", { name: `Edit ${challengeTitle}` }).click();
  const editChallenge = manager.getByRole("dialog", { name: "Edit challenge" });
  await expect(editChallenge.getByRole("textbox", { name: "Title" })).toHaveValue(challengeTitle);
  await expectAccessible(manager);
  await editChallenge.getByRole("button", { name: "Close", exact: true }).click();
  await expect(editChallenge).toBeHidden();

  // 2. An employee of the team hears of it, sees it and answers it through the brain-dump box.
  const author = await signedInPage(pageOfAnotherPerson, employee.email, employee.password);
  await expect(author).toHaveURL(/\/app\/employee-ideas$/);
  await expectNotification(author, `${DEMO.manager.name} posted the new team challenge "${challengeTitle}".`, {
    checkAccessibility: true,
  });
  const card = author.getByRole("article", { name: challengeTitle });
  await expect(card).toBeVisible();
  await expectAccessible(author);
  await card.getByRole("button", { name: `Submit an idea for ${challengeTitle}` }).click();
  const brainDump = author.getByRole("region", { name: "Brain dump" });
  await expect(brainDump.getByRole("group", { name: "Challenge you are answering" })).toContainText(challengeTitle);
  await submitFromBrainDump(brainDump, {
    title: ideaTitle,
    description: "Pair every new joiner with a colleague for their first two weeks.",
  });
  await expectAccessible(author);
  // Nobody is notified of their own act: the author's bell says nothing of the submission.
  await author.reload();
  const ownBell = await openNotifications(author);
  await expect(ownBell.getByRole("list", { name: "Notification list" })).toBeVisible();
  await expect(ownBell.getByText(ideaTitle)).toHaveCount(0);
  await author.keyboard.press("Escape");
  await expect(ownBell).toBeHidden();

  // 3. The manager sees it in Team submissions, starts the review and asks for a revision.
  await expectNotification(manager, `${employee.displayName} submitted the new idea "${ideaTitle}".`, {
    checkAccessibility: true,
  });
  let detail = await openTeamSubmission(manager, ideaTitle);
  await expectAccessible(manager);
  await detail.getByRole("button", { name: "Start review" }).click();
  const review = detail.getByRole("region", { name: "Review" });
  await expect(review.getByRole("button", { name: "Approve" })).toBeVisible();
  await review.getByRole("button", { name: "Ask for revision" }).click();
  const revisionForm = review.getByRole("form", { name: "Ask for revision" });
  await revisionForm.getByRole("button", { name: "Ask for revision" }).click();
  await expect(revisionForm.getByRole("textbox", { name: "What should change" })).toHaveAttribute(
    "aria-invalid",
    "true",
  );
  await expect(revisionForm).toContainText("Please tell the author what should change.");
  await expectAccessible(manager);
  await revisionForm.getByRole("textbox", { name: "What should change" }).fill("Please say who would be a buddy.");
  await revisionForm.getByRole("button", { name: "Ask for revision" }).click();
  await expect(detail.getByText("Needs revision").first()).toBeVisible();
  await manager.keyboard.press("Escape");

  // 4. The author is told, reads the manager's note and resubmits a revised description.
  await expectNotification(
    author,
    `${DEMO.manager.name} asked you to revise your idea "${ideaTitle}": "Please say who would be a buddy."`,
  );
  await author.getByRole("button", { name: `Revise ${ideaTitle}` }).click();
  detail = author.getByRole("dialog", { name: ideaTitle });
  await expect(detail.getByText("Please say who would be a buddy.").first()).toBeVisible();
  await expectAccessible(author);
  const revise = detail.getByRole("region", { name: "Revise your idea" });
  await revise
    .getByRole("textbox", { name: "Description" })
    .fill("Pair every new joiner with a volunteer from their own team for their first two weeks.");
  await revise.getByRole("button", { name: "Resubmit" }).click();
  await expect(detail.getByText("Revision submitted").first()).toBeVisible();
  await expect(detail.getByRole("region", { name: "Revisions" })).toContainText("volunteer from their own team");
  await author.keyboard.press("Escape");

  // 5. The reviewer hears the revision is back, reviews it again and approves it.
  // The notification opens the idea.
  detail = await followNotificationToIdea(
    manager,
    `${employee.displayName} revised "${ideaTitle}" as you asked.`,
    ideaTitle,
  );
  await expectAccessible(manager);
  await expect(detail.getByRole("region", { name: "Revisions" })).toContainText("volunteer from their own team");
  // A revision is decided at once, without starting the review again; the approval names the action.
  const decision = detail.getByRole("region", { name: "Review" });
  await expect(decision.getByRole("button", { name: "Approve" })).toBeVisible();
  await expect(decision.getByRole("button", { name: "Start review" })).toHaveCount(0);
  await decision.getByRole("button", { name: "Approve" }).click();
  const approval = decision.getByRole("form", { name: "Approve" });
  await expect(approval).toContainText("Approve this idea? It goes on the ideas-to-action board.");
  await expect(approval.getByRole("combobox", { name: "Action owner" }).locator("option:checked")).toHaveText(
    new RegExp(DEMO.manager.name),
  );
  await approval.getByLabel("Due date").fill("2027-03-31");
  await expectAccessible(manager);
  await approval.getByRole("button", { name: "Approve idea" }).click();
  // The decision waits a few seconds for an Undo, which brings the form back.
  await expect(decision.getByRole("status")).toHaveText(/Approving this idea\./);
  await decision.getByRole("button", { name: "Undo" }).click();
  await expect(approval.getByLabel("Due date")).toHaveValue("2027-03-31");
  await approval.getByRole("button", { name: "Approve idea" }).click();
  // Axe checks the held decision this time: on a busy machine it can outlast the Undo window.
  await expect(decision.getByRole("status")).toHaveText(/Approving this idea\./);
  await expectAccessible(manager);
  await expect(detail.getByText("The idea has been approved.")).toBeVisible();
  const history = detail.getByRole("region", { name: "Status history" }).getByRole("listitem");
  await expect(history.nth(-2)).toContainText("Under review");
  await expect(history.nth(-1)).toContainText("Approved");
  await manager.keyboard.press("Escape");

  // 6. The approved idea is an action on the ideas-to-action board, and the author hears of the approval.
  const board = manager.getByRole("region", { name: "Ideas to action" });
  await expect(board.getByRole("article", { name: ideaTitle })).toContainText("Mar 31, 2027");
  await expectAccessible(manager);
  await board.getByRole("button", { name: `Edit action: ${ideaTitle}` }).click();
  const editAction = manager.getByRole("dialog", { name: "Edit action" });
  await expect(editAction.getByRole("form", { name: "Edit action" })).toBeVisible();
  await expectAccessible(manager);
  await editAction.getByRole("button", { name: "Close", exact: true }).click();
  await expect(editAction).toBeHidden();
  await expectNotification(author, `${DEMO.manager.name} approved your idea "${ideaTitle}".`);
  await expect(author.getByRole("article", { name: ideaTitle }).getByText("Approved", { exact: true })).toBeVisible();

  // 7. The author follows the action: on the idea itself, and on the team's board of their page.
  await author
    .getByRole("region", { name: "Your submissions" })
    .getByRole("button", { name: ideaTitle, exact: true })
    .click();
  detail = author.getByRole("dialog", { name: ideaTitle });
  await expect(detail.getByRole("region", { name: "Action" })).toHaveText(
    `ActionOwner: ${DEMO.manager.name}Due: Mar 31, 2027Status: To do`,
  );
  await expectAccessible(author);
  await author.keyboard.press("Escape");
  const teamBoard = author.getByRole("region", { name: "Ideas to action" });
  await expect(teamBoard.getByRole("article", { name: ideaTitle })).toContainText("Mar 31, 2027");
  await expect(teamBoard.getByRole("button", { name: `Edit action: ${ideaTitle}` })).toHaveCount(0);
});
