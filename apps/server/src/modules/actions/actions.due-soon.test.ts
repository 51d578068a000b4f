import { ActionListResponseSchema, NotificationListResponseSchema, notificationLink } from "@ideaport/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { mailPeerPerFile } from "../../test/mail-peer.ts";
import { buildIdeasWorld, type IdeasWorld, ideasApiFor, type Person } from "../ideas/ideas.test-kit.ts";
import { createActionsService } from "./actions.service.ts";

const APP_URL = "https://ideas.example.com";

let testApp: TestApp;
const peer = mailPeerPerFile();
let world: IdeasWorld;
let actionId: string;
let ideaId: string;

beforeAll(async () => {
  testApp = await buildTestApp({ env: { SMTP_URL: peer.url, APP_URL, RATE_LIMIT_MULTIPLIER: "1000" } });
  world = await buildIdeasWorld(testApp);
  const idea = await ideasApiFor(testApp).ideaIn(
    "approved",
    { author: world.alice, manager: world.alphaManager, admin: world.admin },
    { title: "Solar roof" },
  );
  ideaId = idea.id;
  const board = await testApp.client.get("/api/actions/", { token: world.alphaManager.token });
  actionId = ActionListResponseSchema.parse(board.json()).actions[0]!.id;
});

afterAll(async () => {
  await testApp.close();
});

async function setAction(body: Record<string, unknown>) {
  const response = await testApp.client.patch(`/api/actions/${actionId}/`, body, { token: world.alphaManager.token });
  expect(response.statusCode, response.body).toBe(200);
}

async function dueSoonNoticesOf(person: Person) {
  const response = await testApp.client.get(`/api/notifications/${person.id}/`, { token: person.token });
  return NotificationListResponseSchema.parse(response.json()).notifications.filter(
    (notification) => notification.type === "action_due_soon",
  );
}

const remind = () => createActionsService({ db: testApp.db, clock: testApp.clock }).remindDueSoon();

describe("the reminder when an action's due date nears", () => {
  it("says nothing while the due date is further than two days away", async () => {
    // The test clock stands at 2026-11-22 09:00 UTC.
    await setAction({ owner_id: world.anton.id, due_date: "2026-11-25" });
    expect(await remind()).toBe(0);
    expect(await dueSoonNoticesOf(world.anton)).toEqual([]);
  });

  it("tells the owner once, in the bell and by e-mail, leading to the idea", async () => {
    await setAction({ due_date: "2026-11-24" });

    expect(await remind()).toBe(1);
    expect(await remind()).toBe(0);

    const notices = await dueSoonNoticesOf(world.anton);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.content).toBe('The action you own for "Solar roof" is due within 2 days.');
    expect(notificationLink(notices[0]!, { id: world.anton.id, role: "employee", is_admin: false })).toBe(
      `/app/employee-ideas?idea=${ideaId}`,
    );
    // The outbox sends a batch in no set order: the assignment's mail and the reminder's.
    const mails = [await peer.waitForMail(world.anton.email), await peer.waitForMail(world.anton.email)];
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      'Mona Manager made you the owner of the action for "Solar roof"',
      'The action you own for "Solar roof" is due within 2 days',
    ]);
    const reminder = mails.find((mail) => mail.subject.startsWith("The action you own"))!;
    expect(reminder.text).toContain(`Open in Ideaport: ${APP_URL}/app/employee-ideas?idea=${ideaId}`);
    expect(reminder.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
  });

  it("reminds anew of a new due date, and never of a done action", async () => {
    await setAction({ due_date: "2026-11-23" });
    expect(await remind()).toBe(1);
    expect(await dueSoonNoticesOf(world.anton)).toHaveLength(2);

    await setAction({ due_date: "2026-11-22", status: "done" });
    expect(await remind()).toBe(0);
  });
});
