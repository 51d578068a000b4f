import { STORAGE_KEYS } from "@ideaport/shared";
import type { Locator, Page } from "@playwright/test";
import {
  ApiSession,
  createCompanyAdminThroughApi,
  createDemoEmployeeThroughApi,
  newDemoEmployee,
  newPerson,
} from "../support/accounts.ts";
import { DEMO, DEMO_PASSWORD } from "../support/demo.ts";
import { expect, expectAccessible, test } from "../support/fixtures.ts";
import { submitIdeaThroughApi } from "../support/ideas.ts";
import { logInThroughPage, openNotifications, signedInPage } from "../support/session.ts";

const NETWORK_ERROR = "Network error. Please check your internet connection.";

/**
 * Presses `action` in `region`, then, in the confirmation it opens there (a group named like its
 * `confirm` button), reads `question`, checks the page with axe and confirms.
 */
async function confirmInline(
  region: Locator,
  action: string,
  { confirm, question }: { confirm: string; question: string },
): Promise<void> {
  await region.getByRole("button", { name: action }).click();
  const confirmation = region.getByRole("group", { name: confirm });
  await expect(confirmation).toContainText(question);
  await expectAccessible(region.page());
  await confirmation.getByRole("button", { name: confirm }).click();
}

/** Opens the idea through its address, as a link would; answers its dialog once loaded. */
async function openIdea(page: Page, path: string, id: string, title: string): Promise<Locator> {
  await page.goto(`${path}?idea=${id}`);
  const dialog = page.getByRole("dialog", { name: title });
  await expect(dialog.getByRole("heading", { name: "Status history" })).toBeVisible();
  return dialog;
}

test("an author withdraws and deletes an idea; a manager, offline, is told so, then rejects another idea with the reason its author reads", async ({
  page,
  pageOfAnotherPerson,
}) => {
  test.setTimeout(270_000);
  const author = await newDemoEmployee("decisions-author", "Wren");
  const authorApi = await ApiSession.signIn(author.email, author.password);
  const withdrawnTitle = `Standing desks by the window ${author.lastName}`;
  const rejectedTitle = `A fourth coffee machine ${author.lastName}`;
  const withdrawnId = await submitIdeaThroughApi(authorApi, withdrawnTitle);
  const rejectedId = await submitIdeaThroughApi(authorApi, rejectedTitle);
  await authorApi.dispose();

  // 1. The author sees the votes of their own idea but no Vote button, withdraws it, then deletes it.
  await logInThroughPage(page, author.email, author.password);
  let detail = await openIdea(page, "/app/employee-ideas", withdrawnId, withdrawnTitle);
  await expect(detail.getByText("0 votes")).toBeVisible();
  await expect(detail.getByRole("button", { name: /^Vote/ })).toHaveCount(0);
  const submission = detail.getByRole("region", { name: "Your submission" });
  await confirmInline(submission, "Withdraw", {
    confirm: "Withdraw idea",
    question: "Withdraw this idea? Reviewers no longer see it until you submit it again.",
  });
  await expect(
    detail.getByText("Your idea has been withdrawn. It is a draft again: change it, submit it again, or delete it."),
  ).toBeVisible();
  await expect(detail.getByText("Draft", { exact: true }).first()).toBeVisible();
  const draft = detail.getByRole("region", { name: "Edit your draft" });
  await confirmInline(draft, "Delete draft", {
    confirm: "Delete draft",
    question: "Delete this draft? It cannot be brought back.",
  });
  await expect(detail).toBeHidden();
  await expect(page).toHaveURL(/\/app\/employee-ideas$/);
  await expect(page.getByRole("article", { name: withdrawnTitle })).toHaveCount(0);
  await expect(page.getByRole("article", { name: rejectedTitle })).toBeVisible();

  // 2. The manager opens the other idea offline: voting and commenting say the network is down,
  // and the same buttons work once it is back.
  const manager = await signedInPage(pageOfAnotherPerson, DEMO.manager.email, DEMO_PASSWORD);
  detail = await openIdea(manager, "/app/manager-ideas", rejectedId, rejectedTitle);
  await manager.context().setOffline(true);
  // A vote and a comment made offline wait on the device, and go once the network is back.
  await detail.getByRole("button", { name: "Vote" }).click();
  await expect(detail.getByText("Waiting to send").first()).toBeVisible();
  const comments = detail.getByRole("region", { name: "Comments" });
  await comments.getByRole("textbox", { name: "Add a comment" }).fill("Where would it go?");
  await comments.getByRole("button", { name: "Post comment" }).click();
  await expect(
    comments.getByText("No network: your comment is kept on this device and will be sent when you are back online."),
  ).toBeVisible();
  await expectAccessible(manager);
  await manager.context().setOffline(false);
  await expect(detail.getByRole("button", { name: "Voted" })).toBeVisible();
  await expect(detail.getByText("1 vote", { exact: true })).toBeVisible();
  await expect(comments.getByText("Where would it go?")).toHaveCount(1);
  await expect(detail.getByText("Waiting to send")).toHaveCount(0);
  await expect(detail.getByText(NETWORK_ERROR)).toHaveCount(0);

  // 3. A rejection needs a reason, waits a few seconds for an Undo, and is then recorded.
  await detail.getByRole("button", { name: "Start review" }).click();
  const review = detail.getByRole("region", { name: "Review" });
  await review.getByRole("button", { name: "Reject" }).click();
  const reject = review.getByRole("form", { name: "Reject" });
  await reject.getByRole("button", { name: "Reject idea" }).click();
  await expect(reject).toContainText("Please tell the author why the idea is rejected.");
  await expectAccessible(manager);
  const reason = "The kitchen has no room for a fourth machine; let us fix the queue instead.";
  await reject.getByRole("textbox", { name: "Reason for the author" }).fill(reason);
  await reject.getByRole("button", { name: "Reject idea" }).click();
  await expect(review.getByRole("status")).toHaveText(/Rejecting this idea\./);
  await expect(detail.getByText("The idea has been rejected.")).toBeVisible();

  // 4. The author reads the reason on the idea.
  detail = await openIdea(page, "/app/employee-ideas", rejectedId, rejectedTitle);
  await expect(detail.getByRole("alert")).toHaveText(
    `Not taken forward${DEMO.manager.name} gave this reason:“${reason}”`,
  );
  await expectAccessible(page);
});

test("a reviewer reads the checklist kept with each submission, and decides a resubmitted revision at once", async ({
  page,
  pageOfAnotherPerson,
}) => {
  test.setTimeout(360_000);
  const author = await newDemoEmployee("checklist-author", "Robin");
  const title = `Covered bike racks ${author.lastName}`;
  const authorApi = await ApiSession.signIn(author.email, author.password);
  const { idea } = await authorApi.post<{ idea: { id: string } }>("/api/project-ideas/", {
    title,
    description: "Cyclists have nowhere dry to lock their bikes today, so fewer of us ride to work.",
  });
  await authorApi.dispose();

  // 1. The reviewer reads the checklist of the text as it was submitted, and asks for a revision.
  const manager = await signedInPage(pageOfAnotherPerson, DEMO.manager.email, DEMO_PASSWORD);
  let detail = await openIdea(manager, "/app/manager-ideas", idea.id, title);
  let checklist = detail.getByRole("region", { name: "Reviewer's checklist" });
  await expect(checklist).toContainText(
    new RegExp(
      `Checked when ${author.displayName} submitted it, .+: 1 of 5 answered\\. Analyze gives its author the same verdicts for that text\\.`,
    ),
  );
  await expectAccessible(manager);
  await detail.getByRole("button", { name: "Start review" }).click();
  let review = detail.getByRole("region", { name: "Review" });
  await review.getByRole("button", { name: "Ask for revision" }).click();
  const ask = review.getByRole("form", { name: "Ask for revision" });
  await ask.getByRole("textbox", { name: "What should change" }).fill("What would it cost, and what would change?");
  await expectAccessible(manager);
  await ask.getByRole("button", { name: "Ask for revision" }).click();
  await expect(detail.getByText("The author has been asked for a revision.")).toBeVisible();

  // 2. The author revises the text, reads Analyze's checklist for it, and resubmits.
  await logInThroughPage(page, author.email, author.password);
  detail = await openIdea(page, "/app/employee-ideas", idea.id, title);
  const revise = detail.getByRole("region", { name: "Revise your idea" });
  await revise
    .getByRole("textbox", { name: "Description" })
    .fill(
      "Cyclists have nowhere dry to lock their bikes today. Add a roof over the ten racks by the door for about €2,000, so everyone who rides stays dry and bike commuting increases by 20% within a year.",
    );
  await revise.getByRole("button", { name: "Analyze" }).click();
  const authorsList = revise.getByRole("list", { name: "Reviewer's checklist" }).getByRole("listitem");
  await expect(authorsList).toHaveCount(5);
  const authorSaw = await authorsList.allTextContents();
  await expectAccessible(page);
  await revise.getByRole("button", { name: "Resubmit" }).click();
  await expect(detail.getByText("Your revision has been submitted.")).toBeVisible();

  // 3. The reviewer sees the decisions at once (no Start review) and the checklist the author saw,
  // with how the first submission fared.
  detail = await openIdea(manager, "/app/manager-ideas", idea.id, title);
  review = detail.getByRole("region", { name: "Review" });
  await expect(review.getByRole("button")).toHaveText(["Ask for revision", "Approve", "Reject"]);
  await expect(detail.getByRole("button", { name: "Start review" })).toHaveCount(0);
  checklist = detail.getByRole("region", { name: "Reviewer's checklist" });
  await expect(checklist).toContainText(
    new RegExp(`Checked when ${author.displayName} resubmitted it, .+: 5 of 5 answered\\.`),
  );
  await expect(checklist).toContainText(/At the earlier submission, .+: 1 of 5 answered\./);
  const reviewerSees = await checklist.getByRole("listitem").allTextContents();
  expect(reviewerSees.map((text, index) => text.slice(0, authorSaw[index]?.length))).toEqual(authorSaw);
  await expect(checklist.getByText("Answered since the earlier submission.")).toHaveCount(4);
  await expectAccessible(manager);
  await review.getByRole("button", { name: "Approve" }).click();
  const approval = review.getByRole("form", { name: "Approve" });
  await expectAccessible(manager);
  await approval.getByRole("button", { name: "Approve idea" }).click();
  await expect(detail.getByText("The idea has been approved.")).toBeVisible();

  // 4. The history reads the revision, the review starting again, and the decision, in order.
  const history = detail.getByRole("region", { name: "Status history" }).getByRole("listitem");
  await expect(history).toHaveCount(6);
  await expect(history.nth(3)).toContainText(new RegExp(`^Revision submitted\\s*by ${author.displayName}`));
  await expect(history.nth(4)).toContainText(
    new RegExp(`^Under review\\s*by ${DEMO.manager.name}.*from Revision submitted$`),
  );
  await expect(history.nth(5)).toContainText(new RegExp(`^Approved\\s*by ${DEMO.manager.name}.*from Under review$`));
  await expectAccessible(manager);
});

test("a session the server will not renew ends on /login with a word about it", async ({ page }) => {
  await logInThroughPage(page, DEMO.employee2.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/app\/employee-ideas$/);
  // The tokens are no longer good: the server refuses them and the renewal.
  await page.evaluate(
    (keys) => {
      for (const storage of [window.localStorage, window.sessionStorage]) {
        for (const key of keys) if (storage.getItem(key) !== null) storage.setItem(key, "revoked-token");
      }
    },
    [STORAGE_KEYS.accessToken, STORAGE_KEYS.refreshToken],
  );
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("status").filter({ hasText: "Your session" })).toHaveText(
    "Your session has expired. Please log in again.",
  );
  await expectAccessible(page);
  // Signing in again leads back to where the person was.
  await logInThroughPage(page, DEMO.employee2.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/app\/employee-ideas$/);
});

test("a new company's administrator is shown the next steps on an empty ideas page", async ({ page }) => {
  const admin = newPerson("empty-admin", "Nia");
  await createCompanyAdminThroughApi(admin, `Empty ${admin.lastName}`);
  await logInThroughPage(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/app\/manager-ideas$/);
  const challenges = page.getByRole("region", { name: "Challenges" });
  await expect(challenges.getByText("No active team challenges.")).toBeVisible();
  const submissions = page.getByRole("region", { name: "Team submissions" });
  await expect(
    submissions.getByText("No submissions yet. Every colleague you invite can put ideas forward."),
  ).toBeVisible();
  await expectAccessible(page);
  await challenges.getByRole("button", { name: "Post your first challenge" }).click();
  await expect(page.getByRole("dialog", { name: "New challenge" })).toBeVisible();
  await page.keyboard.press("Escape");
  await submissions.getByRole("link", { name: "Invite your team" }).click();
  await expect(page).toHaveURL(/\/app\/settings\/team$/);
  await expect(page.getByRole("form", { name: "Invite a member to Operations" })).toBeVisible();
});

test("a manager puts an idea of their own forward from the manager page and follows it there", async ({ page }) => {
  const manager = newPerson("own-ideas-manager", "Mo");
  await createCompanyAdminThroughApi(manager, `Own ideas ${manager.lastName}`);
  await logInThroughPage(page, manager.email, manager.password);
  await expect(page).toHaveURL(/\/app\/manager-ideas$/);
  const title = `Quiet hours on Thursdays ${manager.lastName}`;
  const box = page.getByRole("region", { name: "Brain dump" });
  await box.getByRole("textbox", { name: "Your idea" }).fill(title);
  await box.getByRole("button", { name: "Add a description" }).click();
  await box.getByRole("textbox", { name: "Description" }).fill("No meetings on Thursday mornings, across every team.");
  await box.getByRole("button", { name: "Submit" }).click();
  await expect(
    box.getByText(
      "Submitted! Another manager of the team or an administrator will review it, and you will hear about every step.",
    ),
  ).toBeVisible();
  await expectAccessible(page);
  const mine = page.getByRole("region", { name: "Your submissions" });
  await mine.getByRole("article", { name: title }).getByRole("button", { name: title, exact: true }).click();
  const detail = page.getByRole("dialog", { name: title });
  await expect(detail.getByRole("region", { name: "Review" })).toContainText(
    "This is your own idea, so you do not review it: another manager of the team or an administrator will.",
  );
  await expect(detail.getByRole("button", { name: "Start review" })).toHaveCount(0);
  await expect(detail.getByRole("button", { name: "Withdraw" })).toBeVisible();
});

test("an employee proposes a company challenge; an administrator denies it with a reason the employee reads under their proposals", async ({
  page,
  pageOfAnotherPerson,
}) => {
  const proposer = await newDemoEmployee("proposer", "Pia");
  const title = `Bring your dog to work ${proposer.lastName}`;
  await logInThroughPage(page, proposer.email, proposer.password);
  await page.getByRole("button", { name: "Propose a challenge" }).click();
  const form = page.getByRole("dialog", { name: "New challenge" });
  await expect(form.getByRole("radio", { name: "Company (proposal)" })).toBeChecked();
  await form.getByRole("textbox", { name: "Title" }).fill(title);
  await form.getByRole("textbox", { name: "Description" }).fill("How could dogs join us one day a week?");
  await expectAccessible(page);
  await form.getByRole("button", { name: "Propose challenge" }).click();
  await expect(form).toBeHidden();
  const proposals = page.getByRole("region", { name: "Your proposals" });
  await expect(proposals.getByRole("article", { name: title })).toContainText("Waiting for an administrator");

  const admin = await signedInPage(pageOfAnotherPerson, DEMO.admin.email, DEMO_PASSWORD);
  const waiting = admin.getByRole("region", { name: "Proposed challenges" }).getByRole("article", { name: title });
  await waiting.getByRole("button", { name: `Deny ${title}` }).click();
  const deny = admin.getByRole("dialog", { name: "Deny proposal" });
  await deny.getByRole("textbox", { name: "Reason" }).fill("Some colleagues are allergic.");
  await deny.getByRole("button", { name: "Deny proposal" }).click();
  await expect(deny).toBeHidden();

  await page.reload();
  const card = page.getByRole("region", { name: "Your proposals" }).getByRole("article", { name: title });
  await expect(card).toContainText("Denied");
  await expect(card).toContainText("Reason: “Some colleagues are allergic.”");
  await expectAccessible(page);
});

test("an employee counts, sorts and votes on the ideas of their team from the list", async ({ page }) => {
  const writer = newPerson("sort-writer", "Sol");
  const reader = newPerson("sort-reader", "Rae");
  await createDemoEmployeeThroughApi(writer);
  await createDemoEmployeeThroughApi(reader);
  const writerApi = await ApiSession.signIn(writer.email, writer.password);
  const title = `Lend the spare bikes ${writer.lastName}`;
  await submitIdeaThroughApi(writerApi, title);
  await writerApi.dispose();

  await logInThroughPage(page, reader.email, reader.password);
  const list = page.getByRole("region", { name: "Your submissions" });
  // A newcomer has nothing yet, and every tab says so with its count.
  await expect(list.getByRole("tab", { name: "All (0)" })).toBeVisible();
  await list.getByText("Team and company", { exact: true }).click();
  const shared = page.getByRole("region", { name: "Ideas you can see" });
  await expect(shared).toContainText("Your teams' ideas, and every answer to a company challenge.");
  await expect(shared.getByRole("tab", { name: /^Submitted \(\d+\)$/ })).toBeVisible();
  const card = shared.getByRole("article", { name: title });
  await expect(card).toContainText("0 votes");
  const vote = card.getByRole("button", { name: `Vote for ${title}` });
  await vote.click();
  await expect(vote).toHaveAttribute("aria-pressed", "true");
  await expect(card).toContainText("1 vote");
  await expectAccessible(page);

  // Sorted by votes, the demo's most voted ideas come first, then ties newest first.
  await shared.getByRole("combobox", { name: "Sort by" }).selectOption({ label: "Most voted" });
  const votesOf = async () =>
    (await shared.getByRole("article").allInnerTexts()).map((text) => Number(/(\d+) votes?/.exec(text)?.[1] ?? "0"));
  await expect
    .poll(async () => {
      const votes = await votesOf();
      return votes.length > 1 && votes.every((count, index) => index === 0 || votes[index - 1]! >= count);
    })
    .toBe(true);
});

test("a new challenge's notification opens the challenge, from which a person answers it", async ({ page }) => {
  const reader = await newDemoEmployee("challenge-reader", "Cy");
  const title = `Fewer printed pages ${reader.lastName}`;
  const adminApi = await ApiSession.signIn(DEMO.admin.email, DEMO_PASSWORD);
  await adminApi.post("/api/challenges/", {
    title,
    description: "How could each team print half as much by spring?",
    scope: "company",
    reward_points: 40,
  });
  await adminApi.dispose();

  await logInThroughPage(page, reader.email, reader.password);
  const bell = await openNotifications(page);
  await bell
    .getByRole("list", { name: "Notification list" })
    .getByRole("link", { name: `${DEMO.admin.name} posted the new company challenge "${title}".` })
    .click();
  await expect(page).toHaveURL(/[?&]challenge=[0-9a-f-]{36}$/);
  const dialog = page.getByRole("dialog", { name: title });
  await expect(dialog).toContainText("How could each team print half as much by spring?");
  await expect(dialog).toContainText("40 points when an answer is approved");
  await expect(dialog.getByRole("region", { name: "Ideas answering it" })).toContainText("No ideas answer it yet.");
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Submit an idea for this challenge" }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole("region", { name: "Brain dump" }).getByRole("group", { name: "Challenge you are answering" }),
  ).toContainText(title);
});
