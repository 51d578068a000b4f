import type { Locator, Page } from "@playwright/test";
import { ApiSession, newDemoEmployee } from "../support/accounts.ts";
import { DEMO, DEMO_PASSWORD } from "../support/demo.ts";
import { expect, expectAccessible, test } from "../support/fixtures.ts";
import { submitFromBrainDump } from "../support/ideas.ts";
import { waitForMail } from "../support/mailbox.ts";
import { openNotifications, signedInPage } from "../support/session.ts";

/** Opens the Company Portal from the header and waits until its sections have loaded. */
async function openCompanyPortal(page: Page): Promise<void> {
  await page.getByRole("navigation", { name: "Portals" }).getByRole("link", { name: "Company Portal" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Company Portal" })).toBeVisible();
  await expectPortalLoaded(page);
}

/** The sections below the news load their code and data as the page renders: waits for them. */
async function expectPortalLoaded(page: Page): Promise<void> {
  await expect(page.getByRole("region", { name: "Rewards" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: /^Loading/ })).toHaveCount(0);
}

/** Presses `button` in `region` and answers the dialog `dialog` it opens, checked with axe. */
async function openDialog(region: Locator, button: string, dialog: string): Promise<Locator> {
  await region.getByRole("button", { name: button }).click();
  const opened = region.page().getByRole("dialog", { name: dialog });
  await expectAccessible(region.page());
  return opened;
}

/** The caller's own row of the leaderboard: its rank and points. */
async function ownPlace(page: Page): Promise<{ rank: number; points: number }> {
  const row = page.getByRole("table", { name: "Leaderboard" }).locator('tr[aria-current="true"]');
  await expect(row).toHaveCount(1);
  const cells = await row.getByRole("cell").allInnerTexts();
  return { rank: Number.parseInt(cells[0]!.replace(/\D/g, ""), 10), points: Number.parseInt(cells.at(-1)!, 10) };
}

async function expectBalance(page: Page, points: number): Promise<void> {
  await expect(page.getByRole("link", { name: `Your points: ${points}` })).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Your points" }).getByText(`${points} points`, { exact: true }),
  ).toBeVisible();
}

async function expectNotification(page: Page, text: string): Promise<Locator> {
  await page.reload();
  const dialog = await openNotifications(page);
  await expect(dialog.getByRole("list", { name: "Notification list" }).getByText(text)).toBeVisible();
  return dialog;
}

/**
 * The toast of a notification that just arrived live: its sentence, as a link to where it leads.
 * The link is focused at once, which keeps the toast until the focus leaves it.
 */
async function expectToast(page: Page, sentence: string, path: string): Promise<Locator> {
  const toast = page.getByRole("status", { name: "New notification" });
  const link = toast.getByRole("link", { name: sentence, exact: true });
  await expect(link).toBeVisible();
  await link.focus();
  await expect(link).toHaveAttribute("href", path);
  await expect(toast.getByText(sentence, { exact: true })).toHaveCount(1);
  return link;
}

test("an admin publishes news with a video in a new category; an employee finds it under its tab and plays the video", async ({
  pageOfAnotherPerson,
}) => {
  test.setTimeout(225_000);
  const suffix = Date.now().toString(36).slice(-5);
  const category = `Town hall ${suffix}`;
  const title = `Our year in ideas ${suffix}`;

  const admin = await signedInPage(pageOfAnotherPerson, DEMO.admin.email);
  await openCompanyPortal(admin);
  await expectAccessible(admin);
  const news = admin.getByRole("region", { name: "Company news" });

  const categories = await openDialog(news, "Manage categories", "News categories");
  await categories.getByRole("textbox", { name: "New category name" }).fill(category);
  await categories.getByRole("button", { name: "Add category" }).click();
  await expect(categories.getByRole("list", { name: "Categories" }).getByText(category, { exact: true })).toBeVisible();
  await expect(
    admin.getByRole("tablist", { name: "News categories" }).getByRole("tab", { name: category }),
  ).toBeAttached();
  await admin.keyboard.press("Escape");
  await expect(categories).toBeHidden();

  await news.getByRole("button", { name: "Add news" }).click();
  const form = admin.getByRole("dialog", { name: "Add news" });
  await expectAccessible(admin);
  await form.getByRole("textbox", { name: "Title" }).fill(title);
  await form.getByRole("combobox", { name: "Category" }).selectOption({ label: category });
  await form
    .getByRole("textbox", { name: "Text" })
    .fill("Thank you all!\n\n- **312** ideas put forward\n- 48 of them are now *in use*\n\n<script>alert(1)</script>");
  await form
    .getByRole("textbox", { name: "Video link (YouTube or Vimeo)" })
    .fill("https://www.youtube.com/watch?v=aqz-KE-bpKQ");
  await form.getByRole("button", { name: "Publish" }).click();
  await expect(form).toBeHidden();
  await expect(news.getByRole("article", { name: title })).toBeVisible();

  const employee = await signedInPage(pageOfAnotherPerson, DEMO.employee.email);
  await openCompanyPortal(employee);
  const reader = employee.getByRole("region", { name: "Company news" });
  await reader.getByRole("tablist", { name: "News categories" }).getByRole("tab", { name: category }).click();
  const card = reader.getByRole("article", { name: title });
  await expect(card).toBeVisible();
  await expect(reader.getByRole("article")).toHaveCount(1);
  await expectAccessible(employee);

  await card.getByRole("button", { name: title, exact: true }).click();
  const detail = employee.getByRole("dialog", { name: title });
  await expect(detail.getByRole("listitem").filter({ hasText: "312 ideas put forward" })).toBeVisible();
  await expect(detail.locator("strong", { hasText: "312" })).toBeVisible();
  await expect(detail.locator("script")).toHaveCount(0);
  await expect(detail.locator("iframe")).toHaveCount(0);
  await expectAccessible(employee);
  await detail.getByRole("button", { name: `Play video: ${title}` }).click();
  const player = detail.locator(`iframe[title="${title} (video)"]`);
  await expect(player).toHaveAttribute("src", /^https:\/\/www\.youtube-nocookie\.com\/embed\/aqz-KE-bpKQ/);
  await expect(employee).toHaveURL(/[?&]news=/);
});

test("an employee earns points through an approved idea, climbs the board, redeems two rewards; the admin fulfils one and cancels the other, saying why", async ({
  pageOfAnotherPerson,
}) => {
  test.setTimeout(720_000);
  const person = await newDemoEmployee("portal-employee", "Robin");
  const suffix = person.email.split("@")[0]?.slice(-6);
  const ideaTitle = `Shared bikes for site visits ${suffix}`;
  const rewardTitle = `Bike shop voucher ${suffix}`;
  const secondTitle = `Cinema tickets ${suffix}`;
  const reason = "The cinema closed for the summer; pick another reward.";

  // A second reward, added through the API; the two together cost what a submitted and approved idea earns.
  const adminApi = await ApiSession.signIn(DEMO.admin.email, DEMO_PASSWORD);
  await adminApi.post("/api/rewards/", { title: secondTitle, cost: 30, stock: 2 });
  await adminApi.dispose();

  // The admin adds a reward that costs half of what a submitted and approved idea earns.
  const admin = await signedInPage(pageOfAnotherPerson, DEMO.admin.email);
  await openCompanyPortal(admin);
  const rewardsAdmin = admin.getByRole("region", { name: "Rewards" });
  const addReward = await openDialog(rewardsAdmin, "Add reward", "Add reward");
  await addReward.getByRole("textbox", { name: "Title" }).fill(rewardTitle);
  await addReward.getByRole("textbox", { name: "Description" }).fill("A voucher for the bike shop around the corner.");
  await addReward.getByRole("textbox", { name: "Cost in points" }).fill("30");
  await addReward.getByRole("textbox", { name: "Stock (empty for unlimited)" }).fill("3");
  await addReward.getByRole("button", { name: "Add reward" }).click();
  await expect(addReward).toBeHidden();
  await expect(rewardsAdmin.getByRole("article", { name: rewardTitle })).toContainText("30 points");

  // The employee submits an idea: 10 points.
  const employee = await signedInPage(pageOfAnotherPerson, person.email, person.password);
  const brainDump = employee.getByRole("region", { name: "Brain dump" });
  await submitFromBrainDump(brainDump, {
    title: ideaTitle,
    description: "Two pool bikes at each office for short trips to sites.",
  });
  await openCompanyPortal(employee);
  await expectBalance(employee, 10);
  const before = await ownPlace(employee);
  expect(before.points).toBe(10);
  const catalogue = employee.getByRole("region", { name: "Rewards" });
  const unaffordable = catalogue.getByRole("article", { name: rewardTitle });
  await expect(unaffordable.getByRole("button", { name: `Redeem ${rewardTitle}`, exact: true })).toBeDisabled();
  await expect(unaffordable).toContainText("You need 20 more points");
  // Every Redeem button is named for its own reward.
  const redeemNames = await catalogue
    .getByRole("button", { name: /^Redeem/ })
    .evaluateAll((buttons) => buttons.map((button) => button.getAttribute("aria-label") ?? button.textContent));
  expect(redeemNames).toContain(`Redeem ${rewardTitle}`);
  expect(redeemNames).toContain(`Redeem ${secondTitle}`);
  expect(new Set(redeemNames).size).toBe(redeemNames.length);
  await expectAccessible(employee);

  // The manager approves it: 50 more.
  const manager = await signedInPage(pageOfAnotherPerson, DEMO.manager.email);
  const submissions = manager.getByRole("region", { name: "Team submissions" });
  await submissions
    .getByRole("article", { name: ideaTitle })
    .getByRole("button", { name: ideaTitle, exact: true })
    .click();
  const detail = manager.getByRole("dialog", { name: ideaTitle });
  await detail.getByRole("button", { name: "Start review" }).click();
  await detail.getByRole("region", { name: "Review" }).getByRole("button", { name: "Approve" }).click();
  await detail.getByRole("button", { name: "Approve idea" }).click();
  await expect(detail.getByText("The idea has been approved.")).toBeVisible();

  // The employee sees the balance and their place move, and redeems both rewards.
  await employee.reload();
  await expectPortalLoaded(employee);
  await expectBalance(employee, 60);
  const after = await ownPlace(employee);
  expect(after.points).toBe(60);
  expect(after.rank).toBeLessThanOrEqual(before.rank);
  for (const [title, balanceAfter] of [
    [rewardTitle, 30],
    [secondTitle, 0],
  ] as const) {
    const reward = employee.getByRole("region", { name: "Rewards" }).getByRole("article", { name: title });
    await reward.getByRole("button", { name: `Redeem ${title}`, exact: true }).click();
    const confirm = employee.getByRole("dialog", { name: `Redeem ${title}?` });
    await expect(confirm).toContainText(`This costs 30 points. Your balance after: ${balanceAfter} points.`);
    await expectAccessible(employee);
    await confirm.getByRole("button", { name: "Redeem" }).click();
    await expect(confirm).toBeHidden();
    await expectBalance(employee, balanceAfter);
  }
  const mine = employee.getByRole("region", { name: "Your redemptions" });
  await expect(mine.getByRole("listitem").filter({ hasText: rewardTitle })).toContainText("Pending");
  await expect(mine.getByRole("listitem").filter({ hasText: secondTitle })).toContainText("Pending");

  // The admin hears of both in the bell, one sentence each, and fulfils the first.
  const adminBell = await expectNotification(admin, `${person.displayName} redeemed "${rewardTitle}".`);
  await expect(adminBell.getByText(`${person.displayName} redeemed "${rewardTitle}".`, { exact: true })).toHaveCount(1);
  await expect(adminBell.getByText(`${person.displayName} redeemed "${secondTitle}".`, { exact: true })).toHaveCount(1);
  await expectAccessible(admin);
  // The notification leads to the redemption requests, and the bell closes.
  await adminBell.getByRole("link", { name: `${person.displayName} redeemed "${rewardTitle}".` }).click();
  await expect(adminBell).toBeHidden();
  await expect(admin).toHaveURL(/\/app\/manager-company#redemption-requests$/);
  const queue = admin.getByRole("region", { name: "Redemption requests", exact: true });
  await expect(queue).toBeInViewport();
  const request = queue.getByRole("row", { name: new RegExp(`${person.displayName}.*${rewardTitle}`) });
  await expect(request).toContainText("30");
  await expectAccessible(admin);
  await request.getByRole("button", { name: `Fulfil ${rewardTitle} for ${person.displayName}`, exact: true }).click();
  await expect(request).toBeHidden();

  // The employee's open page tells it at once in a toast that leads to their redemptions.
  const fulfilled = `${DEMO.admin.name} fulfilled your redemption of "${rewardTitle}".`;
  await expectToast(employee, fulfilled, "/app/employee-company#your-redemptions");
  await expectAccessible(employee);
  // And by e-mail, a "Reward redemptions" mail with one-click unsubscribe.
  const mail = await waitForMail(person.email, /fulfilled your redemption/);
  expect(mail.subject).toBe(fulfilled.replace(/\.$/, ""));
  expect(mail.text).toContain('You get an e-mail for every event of "Reward redemptions".');
  expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);

  // The admin cancels the second, and must say why.
  const second = queue.getByRole("row", { name: new RegExp(`${person.displayName}.*${secondTitle}`) });
  await second
    .getByRole("button", { name: `Cancel and refund ${secondTitle} for ${person.displayName}`, exact: true })
    .click();
  const cancelDialog = admin.getByRole("dialog", { name: `Cancel ${secondTitle} for ${person.displayName}?` });
  await expect(cancelDialog).toContainText(`The 30 points go back to ${person.displayName}`);
  await expectAccessible(admin);
  await cancelDialog.getByRole("button", { name: "Cancel and refund" }).click();
  const reasonBox = cancelDialog.getByRole("textbox", { name: "Reason" });
  await expect(reasonBox).toHaveAttribute("aria-invalid", "true");
  await expect(cancelDialog).toContainText("Please say why the redemption is cancelled.");
  await expectAccessible(admin);
  await reasonBox.fill(reason);
  await cancelDialog.getByRole("button", { name: "Cancel and refund" }).click();
  await expect(cancelDialog).toBeHidden();
  await expect(second).toBeHidden();

  // The employee's toast gives the reason; its link leads to their redemptions, which say it too.
  const cancelled = `${DEMO.admin.name} cancelled your redemption of "${secondTitle}" and gave your points back: "${reason}"`;
  const toastLink = await expectToast(employee, cancelled, "/app/employee-company#your-redemptions");
  await toastLink.click();
  await expect(employee.getByRole("status", { name: "New notification" })).toBeEmpty();
  const redemptions = employee.getByRole("region", { name: "Your redemptions" });
  await expect(redemptions).toBeInViewport();
  await expect(redemptions.getByRole("listitem").filter({ hasText: rewardTitle })).toContainText("Fulfilled");
  await expect(redemptions.getByRole("listitem").filter({ hasText: secondTitle })).toContainText(
    `Cancelled by ${DEMO.admin.name}: ${reason}`,
  );
  await expectBalance(employee, 30);

  // The bell holds one sentence per event, and nothing of the employee's own acts.
  const employeeBell = await expectNotification(employee, fulfilled);
  const items = employeeBell.getByRole("list", { name: "Notification list" });
  await expect(items.getByText(fulfilled, { exact: true })).toHaveCount(1);
  await expect(items.getByText(cancelled, { exact: true })).toHaveCount(1);
  await expect(items.getByText(/was submitted|You redeemed|You sent/)).toHaveCount(0);
  await expectAccessible(employee);
  await employeeBell.getByRole("link", { name: fulfilled }).click();
  await expect(employeeBell).toBeHidden();
  await expect(employee).toHaveURL(/\/app\/employee-company#your-redemptions$/);
});
