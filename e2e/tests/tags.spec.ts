/**
 * Tags: an employee tags an idea in the brain-dump box (one of the company's tags, a new one, and
 * a suggestion of the analysis in one click), then filters the list by a tag's chip; the
 * administrator renames and merges tags in Company Settings.
 */
import {
  ApiSession,
  companyPasswordOf,
  createCompanyAdminThroughApi,
  createEmployeeThroughApi,
  newPerson,
} from "../support/accounts.ts";
import { expect, expectAccessible, test } from "../support/fixtures.ts";
import { submitFromBrainDump, submitIdeaThroughApi } from "../support/ideas.ts";
import { logInThroughPage } from "../support/session.ts";

interface TaggedIdea {
  title: string;
  tags: Array<{ id: string; name: string }>;
}

test("an employee tags an idea and filters by a tag; the admin renames and merges tags", async ({
  page,
  pageOfAnotherPerson,
}) => {
  test.setTimeout(360_000);
  const admin = newPerson("tags-admin", "Ada");
  const employee = newPerson("tags-employee", "Eli");
  const companyName = `Tags ${admin.lastName}`;
  await createCompanyAdminThroughApi(admin, companyName);
  await createEmployeeThroughApi(
    employee,
    { name: companyName, password: companyPasswordOf(companyName) },
    "Operations",
  );
  const adminApi = await ApiSession.signIn(admin.email, admin.password);
  const employeeApi = await ApiSession.signIn(employee.email, employee.password);
  try {
    await adminApi.post("/api/tags/", { name: "Energy" });
    await submitIdeaThroughApi(employeeApi, "Quiet hours on Fridays");

    // 1. The employee writes an idea and tags it three ways.
    await logInThroughPage(page, employee.email, employee.password);
    await expect(page).toHaveURL(/\/app\/employee-ideas$/);
    const brainDump = page.getByRole("region", { name: "Brain dump" });
    const title = "Solar panels on the warehouse roof";
    await brainDump.getByRole("textbox", { name: "Your idea" }).fill(title);
    const picker = brainDump.getByRole("combobox", { name: "Tags" });
    await picker.fill("ener");
    await page.getByRole("listbox", { name: "Tags" }).getByRole("option", { name: "Energy" }).click();
    await picker.fill("Night shift");
    await picker.press("Enter");

    await brainDump.getByRole("button", { name: "Analyze" }).click();
    const analysis = brainDump.getByRole("region", { name: "Analysis" });
    const suggestions = analysis.getByRole("list", { name: "Suggested tags" });
    const addButtons = suggestions.getByRole("button", { name: /^Add as tag: “.+”$/ });
    await expect(addButtons.first()).toBeVisible();
    await expectAccessible(page);
    const suggestedLabel = (await addButtons.first().getAttribute("aria-label")) ?? "";
    const suggested = /^Add as tag: “(.+)”$/.exec(suggestedLabel)![1]!;
    await addButtons.first().click();
    await expect(suggestions.getByRole("listitem").filter({ hasText: suggested })).toContainText("Added");

    await submitFromBrainDump(brainDump, {
      description: "The warehouse roof faces south; panels would cover a third of our electricity bill.",
    });
    const saved = (await (await employeeApi.get("/api/project-ideas/?mine=true")).json()) as { ideas: TaggedIdea[] };
    const ideaTags = saved.ideas.find((idea) => idea.title === title)!.tags.map((tag) => tag.name);
    expect(ideaTags.sort()).toEqual(["Energy", "Night shift", suggested].sort());

    // 2. A chip filters the list to the ideas carrying its tag.
    const yours = page.getByRole("region", { name: "Your submissions" });
    const card = yours.getByRole("article", { name: title });
    await expect(card.getByRole("list", { name: "Tags" })).toBeVisible();
    await expect(yours.getByRole("article", { name: "Quiet hours on Fridays" })).toBeVisible();
    await card.getByRole("button", { name: "Show ideas tagged “Energy”" }).click();
    await expect(yours.getByRole("combobox", { name: "Tag" })).toHaveValue(/.+/);
    await expect(yours.getByRole("article", { name: "Quiet hours on Fridays" })).toHaveCount(0);
    await expect(yours.getByRole("article")).toHaveCount(1);
    await expect(yours.getByRole("article", { name: title })).toBeVisible();
    await expectAccessible(page);

    // 3. The administrator renames "Night shift" and merges the suggested tag into "Energy".
    const adminPage = await pageOfAnotherPerson();
    await logInThroughPage(adminPage, admin.email, admin.password);
    await adminPage.goto("/app/settings/company");
    await adminPage.getByRole("tab", { name: "Tags" }).click();
    const section = adminPage.getByRole("region", { name: "Tags" });
    const list = section.getByRole("list", { name: "The company's tags" });
    await expect(list.getByText("Night shift", { exact: true })).toBeVisible();
    await expectAccessible(adminPage);

    await section.getByRole("button", { name: "Rename “Night shift”" }).click();
    const rename = adminPage.getByRole("dialog", { name: "Rename “Night shift”" });
    await expectAccessible(adminPage);
    await rename.getByRole("textbox", { name: "New name" }).fill("Night shifts");
    await rename.getByRole("button", { name: "Rename" }).click();
    await expect(section.getByText("“Night shift” is now “Night shifts”.")).toBeVisible();
    await expect(list.getByText("Night shifts", { exact: true })).toBeVisible();

    await section.getByRole("button", { name: `Merge “${suggested}” into another tag` }).click();
    const merge = adminPage.getByRole("dialog", { name: `Merge “${suggested}” into another tag` });
    await merge.getByRole("combobox", { name: "Merge into" }).click();
    await adminPage
      .getByRole("listbox", { name: "Merge into" })
      .getByRole("option", { name: "Energy", exact: true })
      .click();
    await expectAccessible(adminPage);
    await merge.getByRole("button", { name: "Merge tags" }).click();
    await expect(section.getByText(`“${suggested}” is merged into “Energy”.`)).toBeVisible();
    await expect(list.getByText(suggested, { exact: true })).toHaveCount(0);

    // The employee's idea now carries Energy once and the renamed tag.
    const after = (await (await employeeApi.get("/api/project-ideas/?mine=true")).json()) as { ideas: TaggedIdea[] };
    expect(after.ideas.find((idea) => idea.title === title)!.tags.map((tag) => tag.name)).toEqual([
      "Energy",
      "Night shifts",
    ]);
  } finally {
    await adminApi.dispose();
    await employeeApi.dispose();
  }
});
