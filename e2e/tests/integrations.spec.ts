/**
 * Chat channels and webhooks: an admin connects their team's Slack channel in Team Settings,
 * sends a test message, and a submitted idea arrives there as Block Kit; then they register a
 * webhook in Company Settings → Integrations (its secret shown once), and the next idea arrives
 * signed, as the delivery log shows. The receiver is this test, on the loopback address (the
 * suite's server allows private networks).
 */
import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { ApiSession, createCompanyAdminThroughApi, finishToursThroughApi, newPerson } from "../support/accounts.ts";
import { expect, expectAccessible, test } from "../support/fixtures.ts";
import { submitIdeaThroughApi } from "../support/ideas.ts";
import { logInThroughPage } from "../support/session.ts";

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

test("an admin connects a Slack channel and a signed webhook, and hears of a new idea in both", async ({ page }) => {
  test.setTimeout(270_000);
  const received: Received[] = [];
  const receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ path: request.url ?? "", headers: request.headers, body: Buffer.concat(chunks).toString() });
      response.writeHead(200, { "content-type": "text/plain" }).end("ok");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  const at = (path: string) => received.filter((request) => request.path === path);

  try {
    const admin = newPerson("integrations-admin", "Ines");
    await createCompanyAdminThroughApi(admin, `Integrations ${admin.lastName}`);
    await finishToursThroughApi(admin.email, admin.password);
    await logInThroughPage(page, admin.email, admin.password);

    // Team Settings → the team's chat channel: connected with its Slack address.
    await page.goto("/app/settings/team");
    const channels = page.getByRole("region", { name: "The team's chat channel" });
    await expect(channels.getByText("No channel is connected yet.")).toBeVisible();
    await expectAccessible(page);
    await channels.getByRole("button", { name: "Connect a channel" }).click();
    const connect = page.getByRole("dialog", { name: "Connect a chat channel" });
    await expect(connect.getByRole("combobox", { name: "Chat tool" })).toHaveValue("slack");
    await connect.getByRole("textbox", { name: /^Name/ }).fill("#operations");
    await connect.getByRole("textbox", { name: /^Webhook address/ }).fill(`${base}/slack/T000/B000/secret`);
    await expect(connect.getByRole("checkbox", { name: "Idea submitted" })).toBeChecked();
    await expect(connect.getByRole("checkbox", { name: "Reward redeemed" })).toHaveCount(0);
    await expectAccessible(page, '[role="dialog"]');
    await connect.getByRole("button", { name: "Connect" }).click();
    await expect(connect).toBeHidden();
    const row = channels.getByRole("row", { name: /#operations/ });
    await expect(row.getByRole("cell")).toHaveText([
      "Slack",
      base.replace("http://", ""),
      "Idea submitted",
      /Send a test message/,
    ]);
    await expect(channels).not.toContainText("secret");

    // A test message arrives at once.
    await row.getByRole("button", { name: "Send a test message to #operations" }).click();
    await expect(channels.getByText("The test message to #operations was delivered.")).toBeVisible();
    const [test] = at("/slack/T000/B000/secret");
    expect(JSON.parse(test!.body).text).toBe("Test message from Ideaport: this channel is connected.");

    // An idea submitted in the team arrives in its channel from the job queue, with a link back.
    const session = await ApiSession.signIn(admin.email, admin.password);
    const ideaId = await submitIdeaThroughApi(session, "Shared tool library");
    await expect.poll(() => at("/slack/T000/B000/secret").length, { timeout: 30_000 }).toBe(2);
    const message = JSON.parse(at("/slack/T000/B000/secret")[1]!.body);
    expect(message.text).toBe(`${admin.firstName} ${admin.lastName} submitted the new idea "Shared tool library".`);
    expect(message.blocks[1].elements[0].url).toMatch(new RegExp(`/app/employee-ideas\\?idea=${ideaId}$`));

    // Company Settings → Integrations: a webhook, its signing secret shown once.
    await page.goto("/app/settings/company");
    await page.getByRole("tab", { name: "Integrations" }).click();
    const webhooks = page.getByRole("region", { name: "Webhooks" });
    await expect(webhooks.getByText("No webhook is registered yet.")).toBeVisible();
    await expectAccessible(page, '[role="tabpanel"][id$="-panel-integrations"]');
    await webhooks.getByRole("button", { name: "Add a webhook" }).click();
    const add = page.getByRole("dialog", { name: "Add a webhook" });
    await add.getByRole("textbox", { name: /^Endpoint address/ }).fill(`${base}/hook`);
    await expectAccessible(page, '[role="dialog"]');
    await add.getByRole("button", { name: "Add webhook" }).click();
    const shown = page.getByRole("dialog", { name: "The webhook's signing secret" });
    const secret = await shown.getByRole("textbox", { name: "Signing secret" }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    await expectAccessible(page, '[role="dialog"]');
    await shown.getByRole("button", { name: "Done" }).click();
    await expect(webhooks.getByRole("switch", { name: `Send to ${base}/hook` })).toBeChecked();
    await expect(page.getByRole("tabpanel", { name: "Integrations" })).not.toContainText(secret);

    // The next idea arrives signed with that secret, and the delivery log shows it.
    await submitIdeaThroughApi(session, "Quiet hours");
    await expect.poll(() => at("/hook").length, { timeout: 30_000 }).toBe(1);
    const [delivery] = at("/hook");
    const signature = String(delivery!.headers["ideaport-signature"]);
    const [, timestamp, digest] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature) ?? [];
    expect(createHmac("sha256", secret).update(`${timestamp}.${delivery!.body}`).digest("hex")).toBe(digest);
    expect(JSON.parse(delivery!.body)).toMatchObject({
      type: "idea.submitted",
      data: { idea: { title: "Quiet hours" } },
    });

    await webhooks.getByRole("button", { name: `Delivery log of ${base}/hook` }).click();
    const log = page.getByRole("dialog", { name: `Delivery log of ${base}/hook` });
    const attempt = log.getByRole("row").nth(1);
    await expect(attempt.getByRole("cell")).toHaveText([/\d/, "Idea submitted", "1", "HTTP 200", "ok", "Resend"]);
    await expectAccessible(page, '[role="dialog"]');
    await attempt.getByRole("button", { name: /^Resend delivery / }).click();
    await expect(log.getByText("The delivery was queued to be sent again.")).toBeVisible();
    await expect.poll(() => at("/hook").length, { timeout: 30_000 }).toBe(2);
    expect(at("/hook")[1]!.headers["ideaport-delivery"]).toBe(delivery!.headers["ideaport-delivery"]);
    await session.dispose();
  } finally {
    receiver.closeAllConnections();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});
