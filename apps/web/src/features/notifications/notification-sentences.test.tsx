import { isActionableAdminRequest, type Notification, NotificationSchema, type User } from "@ideaport/shared";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { formatDateTime } from "../../lib/format.ts";
import { buildUser } from "../../test/factories.ts";
import { createFakeApi, json } from "../../test/fake-api.ts";
import { renderApp, signInAs } from "../../test/render-app.tsx";
import recorded from "./fixtures/server-notifications.json";

/**
 * The notifications the real server answered in its sentence test (`notifications.sentences.test.ts`
 * records them here), each with the one sentence its reader must see.
 */
const RECORDS = recorded.map((record) => ({
  reader: record.reader,
  sentence: record.sentence,
  notification: NotificationSchema.parse(record.notification),
}));

/** The readers as the web app knows them; the ids are the ones the fixture uses. */
const READERS: Record<string, User> = {
  ada: buildUser({ id: "ada", display_name: "Ada Admin", role: "manager", is_admin: true }),
  mona: buildUser({
    id: "mona",
    display_name: "Mona Manager",
    role: "manager",
    team: [{ id: "engineering", name: "Engineering", is_manager: true }],
  }),
  alice: buildUser({ id: "alice", display_name: "Alice Author" }),
  carl: buildUser({ id: "carl", display_name: "Carl Colleague" }),
  joe: buildUser({ id: "joe", display_name: "Joe Joiner", is_admin: true }),
  tom: buildUser({ id: "tom", display_name: "Tom Becker" }),
  uma: buildUser({
    id: "uma",
    display_name: "Uma Upton",
    role: "manager",
    team: [{ id: "engineering", name: "Engineering", is_manager: true }],
  }),
};

async function openBellOf(user: User, notifications: Notification[]) {
  const fake = createFakeApi({ "POST /api/notifications/mark-read/": json({ success: true }) });
  signInAs(user, fake, { notifications });
  renderApp(user.is_admin || user.role === "manager" ? "/app/manager-ideas" : "/app/employee-ideas", fake);
  await screen.findByRole("heading", { level: 1 });
  await userEvent.click(screen.getByRole("button", { name: /^Notifications/ }));
  return screen.findByRole("dialog", { name: "Notifications" });
}

/** What an item shows besides its sentence: the read badge, the time, how a decided request ended. */
function besidesTheSentence(notification: Notification): string {
  const badge = notification.read ? "Read" : "Unread";
  const outcomes: Record<string, string> = { approved: "Approved", denied: "Denied" };
  const outcome = isActionableAdminRequest(notification.type)
    ? (outcomes[notification.request_status ?? ""] ?? "")
    : "";
  return `${badge}${formatDateTime(notification.created_at)}${outcome}`;
}

describe("the bell, fed with what the server answers", () => {
  it("has a recording for every type the server sends", () => {
    expect(new Set(RECORDS.map((record) => record.notification.type)).size).toBe(24);
    expect(Object.keys(READERS).sort()).toEqual([...new Set(RECORDS.map((record) => record.reader))].sort());
  });

  it.each(Object.keys(READERS))("shows %s each notification as exactly its one sentence", async (reader) => {
    const mine = RECORDS.filter((record) => record.reader === reader);
    const dialog = await openBellOf(
      READERS[reader]!,
      mine.map((record) => record.notification),
    );

    const items = await within(within(dialog).getByRole("list", { name: "Notification list" })).findAllByRole(
      "listitem",
    );
    expect(items).toHaveLength(mine.length);
    items.forEach((item, index) => {
      const { sentence, notification } = mine[index]!;
      // The whole text of the item: the one sentence, then only the badge, time and outcome.
      expect(item.textContent).toBe(`${sentence}${besidesTheSentence(notification)}`);
      expect(within(item).getByText(sentence)).toBeInTheDocument();
    });
  });
});
