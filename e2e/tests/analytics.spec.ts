import { readFile } from "node:fs/promises";
import type { Locator, Page } from "@playwright/test";
import {
  ApiSession,
  companyPasswordOf,
  createCompanyAdminThroughApi,
  createEmployeeThroughApi,
  newPerson,
} from "../support/accounts.ts";
import { expect, expectAccessible, test } from "../support/fixtures.ts";
import { submitIdeaThroughApi } from "../support/ideas.ts";
import { logInThroughPage, signedInPage } from "../support/session.ts";

const OVERVIEW_PATH = "/api/analytics/overview/";

async function moveIdea(session: ApiSession, id: string, to: string): Promise<void> {
  await session.post(`/api/project-ideas/${id}/transition/`, { to });
}

/** The visible texts of each key figure, as "label value [detail]". */
async function keyFigures(overview: Locator): Promise<string[]> {
  const items = overview.getByRole("list", { name: "Key figures" }).getByRole("listitem");
  return (await items.allInnerTexts()).map((text) => text.replace(/\s+/g, " ").trim());
}

/** The rows of a table, each as its cells' texts. */
async function tableRows(table: Locator): Promise<string[][]> {
  const rows = table.getByRole("row");
  const texts: string[][] = [];
  for (const row of await rows.all()) {
    texts.push((await row.getByRole("cell").or(row.getByRole("rowheader")).allInnerTexts()).map((cell) => cell.trim()));
  }
  return texts;
}

async function openOverview(page: Page): Promise<Locator> {
  await page.goto("/app/settings/company");
  const overview = page.getByRole("region", { name: "Analytics overview" });
  await overview.scrollIntoViewIfNeeded();
  await expect(overview.getByRole("list", { name: "Key figures" })).toBeVisible();
  return overview;
}

test("an admin reads the analytics of a new company, narrows them by period and team, reads a chart as a table and downloads the ideas; an employee cannot", async ({
  page,
  pageOfAnotherPerson,
}) => {
  test.setTimeout(270_000);
  const admin = newPerson("analytics-admin", "Ada");
  const employee = newPerson("analytics-employee", "Eli");
  const companyName = `Analytics ${admin.lastName}`;
  await createCompanyAdminThroughApi(admin, companyName);
  await createEmployeeThroughApi(
    employee,
    { name: companyName, password: companyPasswordOf(companyName) },
    "Operations",
  );

  // Three ideas from the employee; the admin (the team's manager) reviews two and approves one.
  const author = await ApiSession.signIn(employee.email, employee.password);
  const reviewer = await ApiSession.signIn(admin.email, admin.password);
  try {
    const titles = ["Shared bikes between sites", "Quiet hours on Fridays", "Reusable cups in the canteen"];
    const [approved, reviewed] = [
      await submitIdeaThroughApi(author, titles[0]!),
      await submitIdeaThroughApi(author, titles[1]!),
    ];
    await submitIdeaThroughApi(author, titles[2]!);
    await moveIdea(reviewer, approved, "under_review");
    await moveIdea(reviewer, approved, "approved");
    await moveIdea(reviewer, reviewed, "under_review");
    // The admin scores the idea under review on the company's criteria (Impact, Confidence, Ease): 4.3.
    const criteria = (await (await reviewer.get("/api/evaluation/criteria/")).json()) as { criteria: { id: string }[] };
    const values = [4, 4, 5];
    await reviewer.put(`/api/project-ideas/${reviewed}/scores/`, {
      scores: Object.fromEntries(criteria.criteria.map((criterion, index) => [criterion.id, values[index]])),
    });

    await logInThroughPage(page, admin.email, admin.password);
    const overview = await openOverview(page);
    await expectAccessible(page);
    const summary = overview.getByRole("status").filter({ hasText: /^From / });
    await expect(summary).toHaveText(/, all teams\.$/);
    expect(await keyFigures(overview)).toEqual([
      "Ideas submitted 3",
      "Ideas approved 1",
      "People taking part 50% 1 of 2 active people",
      "Median time to first review 0 hours",
      "Median time to decision 0 hours",
      // 10 points for each idea submitted, 50 for the one approved (the company's default rules).
      "Points awarded 80",
      "Overdue actions 0",
    ]);
    await expect(overview.getByRole("table", { name: "Top contributors" })).toBeVisible();
    expect(await tableRows(overview.getByRole("table", { name: "Top contributors" }))).toEqual([
      [],
      ["1", employee.displayName, "80", "3"],
    ]);

    // The funnel as a table, on screen in place of its chart.
    const funnel = overview.getByRole("region", { name: "Ideas funnel" });
    await expect(funnel.getByTestId("analytics-chart")).toBeVisible();
    await funnel.getByRole("button", { name: "Show as table: Ideas funnel" }).click();
    await expect(funnel.getByRole("button", { name: "Show as table: Ideas funnel" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(funnel.getByTestId("analytics-chart")).toHaveCount(0);
    const funnelTable = funnel.getByRole("table", { name: "Ideas funnel" });
    await expect(funnelTable).toBeVisible();
    expect(await tableRows(funnelTable)).toEqual([
      [],
      ["Submitted", "3", "100%"],
      ["Under review", "2", "66.7%"],
      ["Approved", "1", "33.3%"],
      ["Actioned", "0", "0%"],
    ]);
    await expectAccessible(page);

    // The scores by challenge: the scored idea is outside any challenge.
    const scores = overview.getByRole("region", { name: "Scores by challenge" });
    await expect(scores.getByTestId("analytics-chart")).toBeVisible();
    await scores.getByRole("button", { name: "Show as table: Scores by challenge" }).click();
    expect(await tableRows(scores.getByRole("table", { name: "Scores by challenge" }))).toEqual([
      [],
      ["No challenge", "1", "4.3", "0", "0", "0", "1"],
    ]);

    // The team filter names the team; all three ideas are this team's.
    await overview.getByRole("combobox", { name: "Team" }).selectOption({ label: "Operations" });
    await expect(summary).toHaveText(/, team Operations\.$/);
    expect(await keyFigures(overview)).toContain("Ideas submitted 3");

    // The ideas of the period as a CSV file, with each idea's status history.
    const download = page.waitForEvent("download");
    await overview.getByRole("link", { name: "Download the ideas as CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^ideas-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const content = await readFile(await file.path(), "utf8");
    // The byte-order mark first, so Excel reads the file as UTF-8 (trim drops it below).
    expect(content.startsWith("\uFEFF")).toBe(true);
    const lines = content.trim().split(/\r?\n/);
    expect(lines[0]).toBe(
      "id,title,status,team,author,challenge,submitted_at,first_review_at,decided_at,votes,comments,action_status,action_due_date,status_history,score,score_count",
    );
    expect(lines).toHaveLength(4);
    const approvedLine = lines.find((line) => line.includes(titles[0]!));
    expect(approvedLine).toMatch(/,approved,Operations,/);
    expect(approvedLine).toMatch(/submitted \S+ > under_review \S+ > approved \S+,,0$/);
    expect(lines.find((line) => line.includes(titles[1]!))).toMatch(/submitted \S+ > under_review \S+,4\.3,1$/);

    // A custom period before the company existed: nothing to show, said in words.
    await overview.getByRole("combobox", { name: "Period" }).selectOption({ label: "Custom dates" });
    await overview.getByRole("textbox", { name: "From" }).fill("2020-01-01");
    await overview.getByRole("textbox", { name: "To", exact: true }).fill("2020-01-31");
    await expect(summary).toHaveText("From Jan 1, 2020 to Jan 31, 2020, team Operations.");
    await expect(funnel.getByText("No idea was submitted in this period.")).toBeVisible();
    expect(await keyFigures(overview)).toContain("Ideas submitted 0");
    await expectAccessible(page);

    // An employee has no overview, in the app or through the API.
    const other = await signedInPage(pageOfAnotherPerson, employee.email, employee.password);
    await other.goto("/app/settings/company");
    await expect(other.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(other.getByRole("region", { name: "Analytics overview" })).toHaveCount(0);
    const answer = await author.get(`${OVERVIEW_PATH}?period=30d`);
    expect(answer.status()).toBe(403);
    const admins = await reviewer.get(`${OVERVIEW_PATH}?period=30d`);
    expect(admins.status()).toBe(200);
  } finally {
    await author.dispose();
    await reviewer.dispose();
  }
});
