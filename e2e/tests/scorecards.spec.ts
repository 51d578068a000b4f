import type { Locator, Page } from "@playwright/test";
import { ApiSession, createDemoManagerThroughApi, newDemoEmployee, newPerson } from "../support/accounts.ts";
import { DEMO, DEMO_PASSWORD } from "../support/demo.ts";
import { expect, expectAccessible, test } from "../support/fixtures.ts";
import { submitIdeaThroughApi } from "../support/ideas.ts";
import { logInThroughPage, signedInPage } from "../support/session.ts";

/** Scores on Impact, Confidence and Ease (the demo company's criteria, weight 1 each). */
type Scores = readonly [impact: number, confidence: number, ease: number];

/**
 * Opens the idea through its address, as a link would, scores every criterion of its scorecard
 * form, and answers its dialog. (A page load per idea: the web client allows 30 idea requests a
 * minute, and each save refreshes the idea's lists, so clicking through three ideas in a minute
 * runs into that limit.)
 */
async function scoreIdea(page: Page, idea: { id: string; title: string }, scores: Scores): Promise<Locator> {
  const [impact, confidence, ease] = scores;
  await page.goto(`/app/manager-ideas?idea=${idea.id}`);
  const detail = page.getByRole("dialog", { name: idea.title });
  const scorecard = detail.getByRole("region", { name: "Scorecard" });
  const form = scorecard.getByRole("form", { name: "Scorecard" });
  await expect(form).toBeVisible({ timeout: 60_000 });
  for (const [criterion, value] of [
    ["Impact", impact],
    ["Confidence", confidence],
    ["Ease", ease],
  ] as const) {
    await form
      .getByRole("radiogroup", { name: `${criterion}: your score` })
      .getByRole("radio", { name: String(value), exact: true })
      .check();
  }
  await form.getByRole("button", { name: "Save my scores" }).click();
  await expect(form.getByText("Your scores were saved.")).toBeVisible();
  return detail;
}

test("two managers score three ideas under review, sort them by score, and approve the best with its score in view", async ({
  page,
  pageOfAnotherPerson,
}) => {
  test.setTimeout(720_000);
  const author = await newDemoEmployee("scored-author", "Sam");
  const second = newPerson("second-scorer", "Noor");
  await createDemoManagerThroughApi(second, "Engineering", { email: DEMO.admin.email, password: DEMO_PASSWORD });
  const best = `Shared tool library ${author.lastName}`;
  const middle = `Walking meetings ${author.lastName}`;
  const last = `A second coffee break ${author.lastName}`;
  const authorApi = await ApiSession.signIn(author.email, author.password);
  const ids: Record<string, string> = {};
  for (const title of [last, best, middle]) ids[title] = await submitIdeaThroughApi(authorApi, title);
  await authorApi.dispose();
  const managerApi = await ApiSession.signIn(DEMO.manager.email, DEMO_PASSWORD);
  for (const id of Object.values(ids))
    await managerApi.post(`/api/project-ideas/${id}/transition/`, { to: "under_review" });
  await managerApi.dispose();

  // 1. The administrator reads the criteria ideas are scored on in Company Settings → Evaluation.
  const admin = await signedInPage(pageOfAnotherPerson, DEMO.admin.email, DEMO_PASSWORD);
  await admin.goto("/app/settings/company");
  await admin.getByRole("tab", { name: "Evaluation" }).click();
  const criteria = admin.getByRole("form", { name: "Evaluation" });
  for (const [index, name] of ["Impact", "Confidence", "Ease"].entries()) {
    const row = criteria.getByRole("group", { name: `Criterion ${index + 1}` });
    await expect(row.getByRole("textbox", { name: "Name" })).toHaveValue(name);
    await expect(row.getByRole("spinbutton", { name: "Weight" })).toHaveValue("1");
  }
  await expect(criteria.getByRole("group", { name: /^Criterion \d+$/ })).toHaveCount(3);
  await expectAccessible(admin);

  // 2. Each manager of the team scores the three ideas; the first sees the others' scores only once scored.
  const scores: Record<string, [Scores, Scores]> = {
    [best]: [
      [5, 5, 4],
      [5, 4, 5],
    ],
    [middle]: [
      [4, 4, 3],
      [4, 3, 3],
    ],
    [last]: [
      [2, 2, 2],
      [1, 2, 3],
    ],
  };
  await logInThroughPage(page, DEMO.manager.email, DEMO_PASSWORD);
  const secondPage = await signedInPage(pageOfAnotherPerson, second.email, second.password);
  for (const title of [best, middle, last]) {
    const idea = { id: ids[title]!, title };
    let detail = await scoreIdea(page, idea, scores[title]![0]);
    let scorecard = detail.getByRole("region", { name: "Scorecard" });
    await expect(scorecard.getByText("1 evaluator scored it")).toBeVisible();
    if (title === best) await expectAccessible(page);

    detail = await scoreIdea(secondPage, idea, scores[title]![1]);
    scorecard = detail.getByRole("region", { name: "Scorecard" });
    await expect(scorecard.getByText("2 evaluators scored it")).toBeVisible();
    await expect(scorecard.getByRole("region", { name: "Everyone's scores" }).getByRole("row")).toHaveCount(3);
  }

  // 3. Sorted by score, the team's list shows the three best first, each with its weighted score.
  await page.goto("/app/manager-ideas");
  const submissions = page.getByRole("region", { name: "Team submissions" });
  await submissions.getByRole("combobox", { name: "Sort by" }).selectOption({ label: "Score" });
  const ours = submissions.getByRole("article").filter({ hasText: author.lastName });
  // Each card's title button (its vote button, "Vote for …", is named after the title too).
  const titles = ours.getByRole("button", { name: new RegExp(`^(?!Vote for ).*${author.lastName}$`) });
  await expect(titles).toHaveText([best, middle, last]);
  await expect(ours.getByText(/^Score \d/)).toHaveText(["Score 4.7", "Score 3.5", "Score 2.0"]);
  await expectAccessible(page);

  // 4. The manager approves the best one; the decision form says its weighted score and how many scored.
  await ours.first().getByRole("button", { name: best, exact: true }).click();
  const detail = page.getByRole("dialog", { name: best });
  const scorecard = detail.getByRole("region", { name: "Scorecard" });
  await expect(scorecard.getByText("Score 4.7 of 5")).toBeVisible();
  await expect(scorecard.getByText("2 evaluators scored it")).toBeVisible();
  const review = detail.getByRole("region", { name: "Review" });
  await review.getByRole("button", { name: "Approve" }).click();
  const approval = review.getByRole("form", { name: "Approve" });
  await expect(approval.getByText(/^Weighted score/)).toHaveText("Weighted score: 4.7 of 5 (2 evaluators)");
  await expectAccessible(page);
  await approval.getByRole("button", { name: "Approve idea" }).click();
  await expect(detail.getByText("The idea has been approved.")).toBeVisible();
});

test("a manager finds a colleague of another team by typing and invites them to evaluate their challenge", async ({
  page,
}) => {
  test.setTimeout(270_000);
  const colleague = await newDemoEmployee("picked-evaluator", "Quinn", "Product");
  const title = `Quieter open office ${colleague.lastName}`;
  const managerApi = await ApiSession.signIn(DEMO.manager.email, DEMO_PASSWORD);
  const { challenge } = await managerApi.post<{ challenge: { id: string } }>("/api/challenges/", {
    title,
    description: "How could the open office be quieter by spring?",
    scope: "team",
  });
  await managerApi.dispose();

  await logInThroughPage(page, DEMO.manager.email, DEMO_PASSWORD);
  await page.goto(`/app/manager-ideas?challenge=${challenge.id}`);
  const evaluators = page.getByRole("dialog", { name: title }).getByRole("region", { name: "Evaluators" });
  await expect(evaluators.getByText("Nobody is invited yet.")).toBeVisible({ timeout: 60_000 });
  // The picker searches the whole company on the server: part of the last name is enough.
  const picker = evaluators.getByRole("combobox", { name: "Colleague" });
  await picker.fill(colleague.lastName.slice(2));
  await page.getByRole("option", { name: colleague.displayName }).click();
  await expect(picker).toHaveValue(colleague.displayName);
  await evaluators.getByRole("button", { name: "Invite" }).click();
  await expect(evaluators.getByRole("listitem")).toHaveText([colleague.displayName]);
  await expect(evaluators.getByRole("button", { name: `Remove ${colleague.displayName}` })).toBeVisible();
  await expectAccessible(page);
});
