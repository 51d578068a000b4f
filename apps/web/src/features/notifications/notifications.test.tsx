import type { Notification, User } from "@ideaport/shared";
import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { formatDateTime } from "../../lib/format.ts";
import { setLanguage } from "../../lib/i18n.ts";
import { buildAdmin, buildNotification, buildUser, notificationList } from "../../test/factories.ts";
import { createFakeApi, type FakeApi, json, type RecordedRequest } from "../../test/fake-api.ts";
import { renderApp, signInAs } from "../../test/render-app.tsx";
import { notificationsQueryOptions } from "./notifications.queries.ts";

const employee = buildUser({ id: "employee-1", display_name: "Jane Doe", email: "jane@example.com" });
const admin = buildAdmin();

const NOTIFICATIONS_ROUTE = (user: User) => `GET /api/notifications/${user.id}/`;
const MARK_READ_ROUTE = "POST /api/notifications/mark-read/";
const ADMIN_RESPONSE_ROUTE = "POST /api/admin-request-response/";
/** The server takes every answer to a request. */
const acceptsAnswers = (fake: FakeApi) => fake.on(ADMIN_RESPONSE_ROUTE, json({ success: true }));

function homeOf(user: User) {
  return user.is_admin || user.role === "manager" ? "/app/manager-ideas" : "/app/employee-ideas";
}

let currentFake: FakeApi | undefined;
/** Requests the app under test made to one route. */
function fakeCallsOf(route: string) {
  return currentFake!.calls(route);
}

async function renderBellFor(user: User, notifications: Notification[] = [], setup?: (fake: FakeApi) => void) {
  const fake = createFakeApi({ [MARK_READ_ROUTE]: json({ success: true }) });
  currentFake = fake;
  signInAs(user, fake, { notifications });
  setup?.(fake);
  const app = renderApp(homeOf(user), fake);
  await screen.findByRole("heading", { level: 1 });
  return app;
}

async function openBell() {
  await userEvent.click(screen.getByRole("button", { name: /^Notifications/ }));
  return screen.findByRole("dialog", { name: "Notifications" });
}

function adminRequest(overrides: Partial<Notification> = {}) {
  return buildNotification({
    type: "admin_request",
    content: "Priya Patel asked for administrator rights.",
    actor_name: "Priya Patel",
    project_idea_title: null,
    related_request_id: "request-1",
    request_status: "pending",
    read: true,
    ...overrides,
  });
}

function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** An open notification stream of the fake API: what the server writes, the test sends. */
function fakeNotificationStream(fake: FakeApi) {
  const streams: Array<ReadableStreamDefaultController<Uint8Array>> = [];
  fake.on("GET /api/notifications/stream/", () => {
    const body = new ReadableStream<Uint8Array>({ start: (controller) => void streams.push(controller) });
    return new Response(body, { headers: { "Content-Type": "text/event-stream; charset=utf-8" } });
  });
  return {
    get openCount() {
      return streams.length;
    },
    send(eventId: string, item: Notification) {
      const text = `id: ${eventId}\nevent: notification\ndata: ${JSON.stringify(item)}\n\n`;
      streams.at(-1)!.enqueue(new TextEncoder().encode(text));
    },
  };
}

describe("notification bell", () => {
  it("shows a streamed notification at once, without waiting for the next poll", async () => {
    const older = buildNotification({ read: true, content: "An older notification." });
    const listed = [older];
    let stream: ReturnType<typeof fakeNotificationStream> | undefined;
    await renderBellFor(employee, listed, (fake) => {
      fake.on(NOTIFICATIONS_ROUTE(employee), () => json(notificationList([...listed])));
      stream = fakeNotificationStream(fake);
    });
    await waitFor(() => expect(stream!.openCount).toBe(1));
    const [request] = fakeCallsOf("GET /api/notifications/stream/");
    expect(request!.headers.accept).toBe("text/event-stream");
    expect(request!.headers.authorization).toMatch(/^Bearer /);

    const comment = buildNotification({
      type: "new_comment",
      read: false,
      actor_name: "Alex Admin",
      project_idea_title: "Solar roof",
    });
    listed.unshift(comment);
    act(() => stream!.send("event-1", comment));
    await screen.findByRole("button", { name: "Notifications, 1 unread" });
    const dialog = await openBell();
    expect(within(dialog).getAllByText('Alex Admin commented on your idea "Solar roof".')).toHaveLength(1);
  });

  it("counts unread notifications in its badge and its accessible name", async () => {
    await renderBellFor(employee, [
      buildNotification({ read: false }),
      buildNotification({ read: false }),
      buildNotification({ read: false }),
      buildNotification({ read: true }),
    ]);

    const bell = await screen.findByRole("button", { name: "Notifications, 3 unread" });
    expect(screen.getByTestId("notifications-badge")).toHaveTextContent("3");
    expect(bell).toHaveAttribute("data-tour", "notifications-bell");
  });

  it("shows the server's unread count, unread notifications beyond the loaded page included", async () => {
    const loaded = [
      buildNotification({ read: false }),
      buildNotification({ read: false }),
      ...Array.from({ length: 18 }, () => buildNotification({ read: true })),
    ];
    await renderBellFor(employee, loaded, (fake) =>
      fake.on(NOTIFICATIONS_ROUTE(employee), () =>
        json({ ...notificationList(loaded), next_cursor: "older", unread_count: 31 }),
      ),
    );

    await screen.findByRole("button", { name: "Notifications, 31 unread" });
    expect(screen.getByTestId("notifications-badge")).toHaveTextContent("31");
    // Opening the bell reads the two loaded ones; the 29 older ones are still unread.
    await openBell();
    await screen.findByRole("button", { name: "Notifications, 29 unread" });
    expect(screen.getByTestId("notifications-badge")).toHaveTextContent("29");
  });

  it("tells a streamed notification in a short toast, with the bell's sentence and its link, once", async () => {
    let stream: ReturnType<typeof fakeNotificationStream> | undefined;
    await renderBellFor(employee, [], (fake) => {
      stream = fakeNotificationStream(fake);
    });
    await waitFor(() => expect(stream!.openCount).toBe(1));
    const toastRegion = screen.getByRole("status", { name: "New notification" });
    expect(toastRegion).toBeEmptyDOMElement();

    const approval = buildNotification({
      type: "idea_status_approved",
      read: false,
      actor_name: "Sam Manager",
      project_idea_title: "Solar roof",
      related_idea_id: "idea-7",
    });
    act(() => stream!.send("event-1", approval));

    const link = await within(toastRegion).findByRole("link", { name: 'Sam Manager approved your idea "Solar roof".' });
    expect(link).toHaveAttribute("href", "/app/employee-ideas?idea=idea-7");
    await userEvent.click(within(toastRegion).getByRole("button", { name: "Dismiss the new notification" }));
    expect(toastRegion).toBeEmptyDOMElement();

    // The same event again (a replay after reconnecting) is not told twice.
    act(() => stream!.send("event-1", approval));
    await screen.findByRole("button", { name: "Notifications, 1 unread" });
    expect(toastRegion).toBeEmptyDOMElement();
  });

  it("hides the badge when nothing is unread", async () => {
    await renderBellFor(employee, [buildNotification({ read: true })]);

    await waitFor(() => expect(screen.getByRole("button", { name: "Notifications" })).toBeInTheDocument());
    expect(screen.queryByTestId("notifications-badge")).not.toBeInTheDocument();
  });

  it("marks everything read when opened: at once on the client, and on the server", async () => {
    const unreadOne = buildNotification({ read: false, type: "idea_status_approved" });
    const unreadTwo = buildNotification({ read: false, type: "new_comment", actor_name: "Priya Patel" });
    const { fake } = await renderBellFor(employee, [unreadOne, unreadTwo, buildNotification({ read: true })]);
    await screen.findByRole("button", { name: "Notifications, 2 unread" });

    const dialog = await openBell();

    expect(screen.queryByTestId("notifications-badge")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Notifications" })).toBeInTheDocument();
    // What was new stays labelled so in this opening.
    expect(within(dialog).getAllByText("Unread")).toHaveLength(2);
    await waitFor(() => expect(fake.calls(MARK_READ_ROUTE)).toHaveLength(1));
    expect(fake.calls(MARK_READ_ROUTE)[0]?.body).toEqual({ ids: [unreadOne.id, unreadTwo.id] });
    expect(fake.calls(MARK_READ_ROUTE)[0]?.headers["x-csrftoken"]).toBe("csrf-1");
  });

  it("shows the items as read the next time it opens", async () => {
    await renderBellFor(employee, [buildNotification({ read: false })]);
    await screen.findByRole("button", { name: "Notifications, 1 unread" });

    await openBell();
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const dialog = await openBell();

    expect(within(dialog).getByText("Read")).toBeInTheDocument();
    expect(within(dialog).queryByText("Unread")).not.toBeInTheDocument();
  });

  it("keeps the badge cleared when the server cannot record the reading", async () => {
    const { fake } = await renderBellFor(employee, [buildNotification({ read: false })]);
    fake.on(MARK_READ_ROUTE, json({ success: false, error: "Server error. Please try again later." }, { status: 500 }));
    vi.spyOn(console, "warn").mockImplementation(() => {});
    await screen.findByRole("button", { name: "Notifications, 1 unread" });

    const dialog = await openBell();

    await waitFor(() => expect(console.warn).toHaveBeenCalled());
    expect(screen.queryByTestId("notifications-badge")).not.toBeInTheDocument();
    expect(within(dialog).queryByRole("alert")).not.toBeInTheDocument();
  });

  it("polls every 60 seconds, in the background too", () => {
    const options = notificationsQueryOptions("employee-1");

    expect(options.refetchInterval).toBe(60_000);
    expect(options.refetchIntervalInBackground).toBe(true);
  });

  it("stops polling after logout", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { fake, router } = await renderBellFor(employee);
    const polls = () => fake.calls(NOTIFICATIONS_ROUTE(employee)).length;
    await waitFor(() => expect(polls()).toBe(1));

    await act(() => vi.advanceTimersByTimeAsync(60_000));
    await waitFor(() => expect(polls()).toBe(2));

    await user.click(screen.getByRole("button", { name: "Jane Doe" }));
    await user.click(await screen.findByRole("menuitem", { name: "Logout" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    await act(() => vi.advanceTimersByTimeAsync(180_000));

    expect(polls()).toBe(2);
  });
});

describe("notifications modal", () => {
  it("shows 'Loading notifications...' until they arrive", async () => {
    await renderBellFor(employee, [], (fake) =>
      fake.on(NOTIFICATIONS_ROUTE(employee), () => new Promise<Response>(() => {})),
    );

    const dialog = await openBell();

    expect(within(dialog).getByRole("status")).toHaveTextContent("Loading notifications...");
  });

  it("shows 'Could not load notifications.' when loading fails, and can try again", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { fake } = await renderBellFor(employee, [], (fake) =>
      fake.on(NOTIFICATIONS_ROUTE(employee), json({ success: false, error: "Nope" }, { status: 403 })),
    );

    const dialog = await openBell();

    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Could not load notifications.");
    expect(console.warn).toHaveBeenCalledWith("Failed to fetch notifications", expect.anything());

    fake.on(
      NOTIFICATIONS_ROUTE(employee),
      json(notificationList([buildNotification({ project_idea_title: "Back again" })])),
    );
    await userEvent.click(within(dialog).getByRole("button", { name: "Try again" }));

    expect(await within(dialog).findByText('Sam Manager approved your idea "Back again".')).toBeInTheDocument();
  });

  it("says 'No notifications' when there are none", async () => {
    await renderBellFor(employee, []);

    const dialog = await openBell();

    expect(await within(dialog).findByText("No notifications")).toBeInTheDocument();
  });

  it("shows each item's one sentence (its note included), read state and local date and time", async () => {
    const approved = buildNotification({
      type: "idea_status_approved",
      read: true,
      actor_name: "Sam Manager",
      project_idea_title: "Greener deliveries",
      note: "Great work, rolling it out in April.",
      content: "Text stored by an older server, never shown for a known type.",
      created_at: "2025-03-14T09:30:00.000Z",
    });
    await renderBellFor(employee, [approved]);

    const dialog = await openBell();
    const item = await within(dialog).findByRole("listitem");

    const sentence = 'Sam Manager approved your idea "Greener deliveries": "Great work, rolling it out in April."';
    expect(within(item).getByText(sentence)).toBeInTheDocument();
    expect(within(item).queryByText(/older server/)).not.toBeInTheDocument();
    expect(within(item).getByText("Read")).toBeInTheDocument();
    const time = item.querySelector("time");
    expect(time).toHaveAttribute("datetime", "2025-03-14T09:30:00.000Z");
    expect(time).toHaveTextContent(formatDateTime("2025-03-14T09:30:00.000Z"));
    expect(within(dialog).getByRole("list", { name: "Notification list" })).toBeInTheDocument();
  });

  it("leads to what it is about: the idea opens on the reader's ideas page and the bell closes", async () => {
    const approved = buildNotification({
      type: "idea_status_approved",
      read: true,
      related_idea_id: "idea-9",
      actor_name: "Sam Manager",
      project_idea_title: "Greener deliveries",
    });
    const reward = buildNotification({ type: "admin_approved", read: true, actor_name: "Alex Admin" });
    const { router } = await renderBellFor(employee, [approved, reward]);

    const dialog = await openBell();
    // A request answered in the bell leads nowhere: its sentence is not a link.
    expect(within(dialog).queryByRole("link", { name: /Alex Admin/ })).not.toBeInTheDocument();
    await userEvent.click(
      within(dialog).getByRole("link", { name: 'Sam Manager approved your idea "Greener deliveries".' }),
    );

    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Notifications" })).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe("/app/employee-ideas");
    expect(router.state.location.search).toBe("?idea=idea-9");
  });

  it("loads older notifications with 'Load more' and marks their unread ones read", async () => {
    const newest = buildNotification({ read: true, project_idea_title: "Newest" });
    const older = buildNotification({ read: false, project_idea_title: "Older and unread" });
    const { fake } = await renderBellFor(employee, [], (fake) =>
      fake.on(NOTIFICATIONS_ROUTE(employee), (request: RecordedRequest) => {
        const cursor = new URL(request.url, "http://localhost").searchParams.get("cursor");
        return cursor === "cursor-2"
          ? json({ ...notificationList([older]), next_cursor: null })
          : json({ ...notificationList([newest]), next_cursor: "cursor-2" });
      }),
    );

    const dialog = await openBell();
    await within(dialog).findByText('Sam Manager approved your idea "Newest".');
    await userEvent.click(within(dialog).getByRole("button", { name: "Load more" }));

    const olderItem = (await within(dialog).findByText('Sam Manager approved your idea "Older and unread".')).closest(
      "li",
    ) as HTMLElement;
    expect(within(olderItem).getByText("Unread")).toBeInTheDocument();
    expect(fake.calls(NOTIFICATIONS_ROUTE(employee)).some((request) => request.url.includes("cursor=cursor-2"))).toBe(
      true,
    );
    await waitFor(() =>
      expect(fake.calls(MARK_READ_ROUTE).map((request) => request.body)).toContainEqual({ ids: [older.id] }),
    );
    expect(within(dialog).queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
    expect(screen.queryByTestId("notifications-badge")).not.toBeInTheDocument();
  });
});

describe("admin requests in the notifications modal", () => {
  it("approves with the spec's body, disables both buttons while pending, then shows the outcome", async () => {
    const answer = deferred<Response>();
    const { fake } = await renderBellFor(admin, [adminRequest()], (fake) =>
      fake.on(ADMIN_RESPONSE_ROUTE, () => answer.promise),
    );
    const dialog = await openBell();
    const approve = await within(dialog).findByRole("button", { name: "Approve admin request from Priya Patel" });
    const deny = within(dialog).getByRole("button", { name: "Deny admin request from Priya Patel" });
    const listLoads = fake.calls(NOTIFICATIONS_ROUTE(admin)).length;

    await userEvent.click(approve);

    await waitFor(() => expect(fake.calls(ADMIN_RESPONSE_ROUTE)).toHaveLength(1));
    expect(fake.calls(ADMIN_RESPONSE_ROUTE)[0]?.body).toEqual({
      requestId: "request-1",
      adminId: "admin-1",
      approved: true,
    });
    expect(approve).toBeDisabled();
    expect(deny).toBeDisabled();

    answer.resolve(json({ success: true }));

    expect(await within(dialog).findByText("Approved. Priya Patel is now an administrator.")).toBeInTheDocument();
    expect(within(dialog).queryByRole("button", { name: /admin request from Priya Patel/ })).not.toBeInTheDocument();
    await waitFor(() => expect(fake.calls(NOTIFICATIONS_ROUTE(admin)).length).toBeGreaterThan(listLoads));
  });

  it("denies with approved false", async () => {
    const { fake } = await renderBellFor(admin, [adminRequest()], acceptsAnswers);
    const dialog = await openBell();

    await userEvent.click(await within(dialog).findByRole("button", { name: "Deny admin request from Priya Patel" }));

    expect(await within(dialog).findByText("Denied. Priya Patel keeps their current rights.")).toBeInTheDocument();
    expect(fake.calls(ADMIN_RESPONSE_ROUTE)[0]?.body).toEqual({
      requestId: "request-1",
      adminId: "admin-1",
      approved: false,
    });
  });

  it("keeps the outcome when the modal is opened again", async () => {
    await renderBellFor(admin, [adminRequest()], acceptsAnswers);
    let dialog = await openBell();
    await userEvent.click(
      await within(dialog).findByRole("button", { name: "Approve admin request from Priya Patel" }),
    );
    await within(dialog).findByText("Approved. Priya Patel is now an administrator.");

    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    dialog = await openBell();

    expect(await within(dialog).findByText("Approved. Priya Patel is now an administrator.")).toBeInTheDocument();
    expect(within(dialog).queryByRole("button", { name: /Approve admin request/ })).not.toBeInTheDocument();
  });

  it("says so when another admin already answered the request", async () => {
    await renderBellFor(admin, [adminRequest()], (fake) =>
      fake.on(
        ADMIN_RESPONSE_ROUTE,
        json(
          {
            success: false,
            code: "admin_request.already_decided",
            error: "That admin request has already been answered.",
          },
          { status: 409 },
        ),
      ),
    );
    const dialog = await openBell();

    await userEvent.click(
      await within(dialog).findByRole("button", { name: "Approve admin request from Priya Patel" }),
    );

    expect(await within(dialog).findByText("This request has already been answered.")).toBeInTheDocument();
    expect(within(dialog).queryByRole("button", { name: /Approve admin request/ })).not.toBeInTheDocument();
  });

  it("shows the server's refusal and lets the admin try again", async () => {
    await renderBellFor(admin, [adminRequest()], (fake) =>
      fake.on(
        ADMIN_RESPONSE_ROUTE,
        json(
          { success: false, code: "auth.forbidden", error: "You do not have permission to perform this action." },
          {
            status: 403,
          },
        ),
      ),
    );
    const dialog = await openBell();

    await userEvent.click(
      await within(dialog).findByRole("button", { name: "Approve admin request from Priya Patel" }),
    );

    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "You do not have permission to perform this action.",
    );
    expect(within(dialog).getByRole("button", { name: "Approve admin request from Priya Patel" })).toBeEnabled();
  });

  it.each([
    ["approved", "Approved"],
    ["denied", "Denied"],
  ] as const)("shows a request %s earlier as '%s', without Approve or Deny", async (status, label) => {
    const { fake } = await renderBellFor(admin, [
      adminRequest({ request_status: status }),
      adminRequest({
        id: "other",
        related_request_id: "request-2",
        actor_name: "Omar Open",
        content: "Omar Open asked for administrator rights.",
      }),
    ]);

    const dialog = await openBell();
    const decided = (await within(dialog).findByText("Priya Patel asked for administrator rights.")).closest(
      "li",
    ) as HTMLElement;

    expect(within(decided).getByText(label)).toBeInTheDocument();
    expect(within(decided).queryByRole("button")).not.toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Approve admin request from Omar Open" })).toBeEnabled();
    expect(fake.calls(ADMIN_RESPONSE_ROUTE)).toHaveLength(0);
  });

  it("shows the server's outcome after a reload instead of the buttons again", async () => {
    let status: Notification["request_status"] = "pending";
    await renderBellFor(admin, [], (fake) => {
      fake.on(NOTIFICATIONS_ROUTE(admin), () => json(notificationList([adminRequest({ request_status: status })])));
      fake.on(ADMIN_RESPONSE_ROUTE, () => {
        status = "denied";
        return json({ success: true });
      });
    });
    const dialog = await openBell();
    await userEvent.click(await within(dialog).findByRole("button", { name: "Deny admin request from Priya Patel" }));
    expect(await within(dialog).findByText("Denied. Priya Patel keeps their current rights.")).toBeInTheDocument();

    // A new page load: the session's own record of the decision is gone, the server's remains.
    cleanup();
    await renderBellFor(admin, [adminRequest({ request_status: status })]);
    const reloaded = await openBell();

    expect(await within(reloaded).findByText("Denied")).toBeInTheDocument();
    expect(within(reloaded).queryByRole("button", { name: /admin request from Priya Patel/ })).not.toBeInTheDocument();
  });

  it("shows a non-admin how a request ended, with no buttons", async () => {
    await renderBellFor(employee, [adminRequest({ request_status: "approved" })]);

    const dialog = await openBell();

    expect(await within(dialog).findByText("Approved")).toBeInTheDocument();
    expect(within(dialog).queryByRole("button", { name: /admin request/ })).not.toBeInTheDocument();
  });

  it("offers no Approve or Deny to someone who is not an admin", async () => {
    await renderBellFor(employee, [adminRequest()]);

    const dialog = await openBell();

    expect(await within(dialog).findByText("Priya Patel asked for administrator rights.")).toBeInTheDocument();
    expect(within(dialog).queryByRole("button", { name: /admin request/ })).not.toBeInTheDocument();
  });
});

describe("requests to manage a team in the notifications modal", () => {
  const engineeringManager = buildUser({
    id: "manager-1",
    role: "manager",
    display_name: "Mia Manager",
    team: [{ id: "team-eng", name: "Engineering", is_manager: true }],
  });
  const salesManager = buildUser({
    id: "manager-2",
    role: "manager",
    display_name: "Sam Sales",
    team: [{ id: "team-sales", name: "Sales", is_manager: true }],
  });

  function managerRequest(overrides: Partial<Notification> = {}) {
    return adminRequest({
      content: "Tom Becker asks to manage Engineering.",
      actor_name: "Tom Becker",
      related_request_id: "request-9",
      request_kind: "manager",
      request_team_id: "team-eng",
      request_team_name: "Engineering",
      ...overrides,
    });
  }

  it("lets the team's manager approve it, with the spec's body, and says who now manages the team", async () => {
    const { fake } = await renderBellFor(engineeringManager, [managerRequest()], acceptsAnswers);
    const dialog = await openBell();

    expect(await within(dialog).findByText("Tom Becker asks to manage Engineering.")).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Approve manager request from Tom Becker" }));

    expect(await within(dialog).findByText("Approved. Tom Becker now manages Engineering.")).toBeInTheDocument();
    expect(fake.calls(ADMIN_RESPONSE_ROUTE)[0]?.body).toEqual({
      requestId: "request-9",
      adminId: "manager-1",
      approved: true,
    });
  });

  it("lets an admin deny it and says the requester stays an employee", async () => {
    await renderBellFor(admin, [managerRequest()], acceptsAnswers);
    const dialog = await openBell();

    await userEvent.click(await within(dialog).findByRole("button", { name: "Deny manager request from Tom Becker" }));

    expect(await within(dialog).findByText("Denied. Tom Becker stays an employee of Engineering.")).toBeInTheDocument();
  });

  it("offers no Approve or Deny to another team's manager", async () => {
    await renderBellFor(salesManager, [managerRequest()]);
    const dialog = await openBell();

    expect(await within(dialog).findByText("Tom Becker asks to manage Engineering.")).toBeInTheDocument();
    expect(within(dialog).queryByRole("button", { name: /manager request/ })).not.toBeInTheDocument();
  });
});

describe("the bell in German", () => {
  it("names the bell, the list and an admin request's answers in German", async () => {
    await setLanguage("de");
    await renderBellFor({ ...admin, language: "de", effective_language: "de" }, [
      adminRequest(),
      buildNotification({ read: false }),
    ]);

    await userEvent.click(await screen.findByRole("button", { name: "Benachrichtigungen, 1 ungelesen" }));
    const dialog = await screen.findByRole("dialog", { name: "Benachrichtigungen" });
    expect(within(dialog).getByRole("list", { name: "Liste der Benachrichtigungen" })).toBeVisible();
    expect(within(dialog).getByText("Ungelesen")).toBeVisible();
    expect(within(dialog).getByText("Gelesen")).toBeVisible();
    expect(
      await within(dialog).findByRole("button", { name: "Admin-Anfrage von Priya Patel annehmen" }),
    ).toHaveTextContent("Annehmen");
    expect(within(dialog).getByRole("button", { name: "Admin-Anfrage von Priya Patel ablehnen" })).toHaveTextContent(
      "Ablehnen",
    );
  });
});
