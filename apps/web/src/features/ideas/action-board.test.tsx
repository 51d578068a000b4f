import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { buildTeamMember } from "../../test/factories.ts";
import { json } from "../../test/fake-api.ts";
import { buildNews } from "../company-portal/news/news-fixtures.tsx";
import { isOverdue } from "./action-board.tsx";
import {
  admin,
  buildAction,
  buildIdeaDetail,
  manager,
  OPERATIONS_ID,
  operations,
  queryOf,
  refusal,
  renderManagerPage,
} from "./manager-ideas-fixtures.ts";

// A real id: the edit form checks the owner id as the API does.
const priya = buildTeamMember({ id: "5d7c4a52-7d0e-4a55-9a39-5f0e2b1d0101" });

function board() {
  return screen.getByRole("region", { name: "Ideas to action" });
}

describe("ideas-to-action board", () => {
  it("shows the actions in a column per status with owner and due date", async () => {
    await renderManagerPage(manager, {
      actions: [
        buildAction({ idea: { id: "i1", title: "Reuse boxes", team_id: OPERATIONS_ID }, due_date: "2099-05-01" }),
        buildAction({
          idea: { id: "i2", title: "Solar roof", team_id: OPERATIONS_ID },
          status: "blocked",
          owner: null,
        }),
      ],
    });

    const reuse = await within(board()).findByRole("article", { name: "Reuse boxes" });
    expect(within(reuse).getByText("Owner: Sam Manager")).toBeInTheDocument();
    expect(within(reuse).getByText(/^Due/)).toHaveTextContent(/2099/);
    const todoColumn = within(board()).getByRole("region", { name: "To do" });
    expect(within(todoColumn).getByRole("article", { name: "Reuse boxes" })).toBeInTheDocument();
    const blockedColumn = within(board()).getByRole("region", { name: "Blocked" });
    expect(within(blockedColumn).getByRole("article", { name: "Solar roof" })).toHaveTextContent("No owner");
    expect(
      within(within(board()).getByRole("region", { name: "Done" })).getByText("Nothing here."),
    ).toBeInTheDocument();
  });

  it("filters by status with the action filter", async () => {
    const { fake, container } = await renderManagerPage(manager, {
      actions: [
        buildAction({ idea: { id: "i1", title: "Reuse boxes", team_id: OPERATIONS_ID } }),
        buildAction({ idea: { id: "i2", title: "Solar roof", team_id: OPERATIONS_ID }, status: "blocked" }),
      ],
    });
    await within(board()).findByRole("article", { name: "Reuse boxes" });
    expect(container.querySelector('[data-tour="ideas-to-action"]')).toContainElement(
      within(board()).getByRole("heading", { name: "Ideas to action" }),
    );
    const filter = within(container.querySelector('[data-tour="action-filter"]') as HTMLElement).getByRole(
      "radiogroup",
      { name: "Action status" },
    );

    await userEvent.click(within(filter).getByRole("radio", { name: "Blocked" }));

    await waitFor(() =>
      expect(within(board()).queryByRole("article", { name: "Reuse boxes" })).not.toBeInTheDocument(),
    );
    expect(within(board()).getByRole("article", { name: "Solar roof" })).toHaveTextContent("Blocked");
    expect(queryOf(fake.calls("GET /api/actions/").at(-1))).toMatchObject({ status: "blocked" });

    await userEvent.click(within(filter).getByRole("radio", { name: "Done" }));
    expect(await within(board()).findByText("No actions are done.")).toBeInTheDocument();
  });

  it("asks only for the manager's own actions with 'Only my actions'", async () => {
    const { fake } = await renderManagerPage(manager, { actions: [] });
    expect(await within(board()).findByText("No actions yet. Approved ideas become actions here.")).toBeInTheDocument();

    await userEvent.click(within(board()).getByRole("switch", { name: "Only my actions" }));

    expect(await within(board()).findByText("You own no actions yet.")).toBeInTheDocument();
    expect(queryOf(fake.calls("GET /api/actions/").at(-1))).toMatchObject({ mine: "true" });
  });

  it("edits an action's owner, due date and status and sends only those", async () => {
    const action = buildAction({
      id: "action-7",
      idea: { id: "i1", title: "Reuse boxes", team_id: OPERATIONS_ID },
      due_date: null,
    });
    const { fake } = await renderManagerPage(manager, { actions: [action] }, (fake) => {
      fake.on(`GET /api/teams/${OPERATIONS_ID}/members/`, json({ success: true, team: operations, members: [priya] }));
      fake.on("PATCH /api/actions/action-7/", (request) =>
        json({
          success: true,
          action: {
            ...action,
            owner: { id: priya.id, display_name: "Priya Patel" },
            due_date: "2026-06-30",
            status: "in_progress",
            ...(request.body as object),
          },
        }),
      );
    });

    await userEvent.click(await screen.findByRole("button", { name: "Edit action: Reuse boxes" }));
    const form = await screen.findByRole("form", { name: "Edit action" });
    const owner = within(form).getByRole("combobox", { name: "Owner" });
    await waitFor(() => expect(within(owner).getByRole("option", { name: "Priya Patel" })).toBeInTheDocument());
    await userEvent.selectOptions(owner, priya.id);
    await userEvent.type(within(form).getByLabelText(/^Due date/), "2026-06-30");
    await userEvent.selectOptions(within(form).getByRole("combobox", { name: "Status" }), "in_progress");
    await userEvent.click(within(form).getByRole("button", { name: "Save action" }));

    expect(await screen.findByText('The action "Reuse boxes" was saved.')).toBeInTheDocument();
    expect(fake.calls("PATCH /api/actions/action-7/")[0]?.body).toEqual({
      owner_id: priya.id,
      due_date: "2026-06-30",
      status: "in_progress",
    });
  });

  it("closes without asking the server when saved with nothing changed, and clears an owner with null", async () => {
    const action = buildAction({ id: "action-8", idea: { id: "i1", title: "Reuse boxes", team_id: OPERATIONS_ID } });
    const { fake } = await renderManagerPage(manager, { actions: [action] }, (fake) => {
      fake.on(`GET /api/teams/${OPERATIONS_ID}/members/`, json({ success: true, team: operations, members: [] }));
      fake.on("PATCH /api/actions/action-8/", json({ success: true, action: { ...action, owner: null } }));
    });

    await userEvent.click(await screen.findByRole("button", { name: "Edit action: Reuse boxes" }));
    let form = await screen.findByRole("form", { name: "Edit action" });
    await userEvent.click(within(form).getByRole("button", { name: "Save action" }));
    await waitFor(() => expect(screen.queryByRole("form", { name: "Edit action" })).not.toBeInTheDocument());
    expect(screen.queryByText('The action "Reuse boxes" was saved.')).not.toBeInTheDocument();
    expect(fake.calls("PATCH /api/actions/action-8/")).toHaveLength(0);

    await userEvent.click(screen.getByRole("button", { name: "Edit action: Reuse boxes" }));
    form = await screen.findByRole("form", { name: "Edit action" });
    await userEvent.selectOptions(within(form).getByRole("combobox", { name: "Owner" }), "");
    await userEvent.click(within(form).getByRole("button", { name: "Save action" }));
    await screen.findByText('The action "Reuse boxes" was saved.');
    expect(fake.calls("PATCH /api/actions/action-8/")[0]?.body).toEqual({ owner_id: null });
  });

  it("shows the server's refusal in the dialog", async () => {
    const action = buildAction({ id: "action-9", idea: { id: "i1", title: "Reuse boxes", team_id: OPERATIONS_ID } });
    await renderManagerPage(manager, { actions: [action] }, (fake) => {
      fake.on(`GET /api/teams/${OPERATIONS_ID}/members/`, json({ success: true, team: operations, members: [] }));
      fake.on(
        "PATCH /api/actions/action-9/",
        refusal(403, "auth.forbidden", "You do not have permission to perform this action."),
      );
    });
    await userEvent.click(await screen.findByRole("button", { name: "Edit action: Reuse boxes" }));
    const form = await screen.findByRole("form", { name: "Edit action" });
    await userEvent.selectOptions(within(form).getByRole("combobox", { name: "Status" }), "done");
    await userEvent.click(within(form).getByRole("button", { name: "Save action" }));

    expect(await within(form).findByRole("alert")).toHaveTextContent(
      "You do not have permission to perform this action.",
    );
  });

  it("closes the Edit action dialog from its named Close button without saving", async () => {
    const action = buildAction({ id: "action-9", idea: { id: "i1", title: "Reuse boxes", team_id: OPERATIONS_ID } });
    const { fake } = await renderManagerPage(manager, { actions: [action] }, (fake) => {
      fake.on(`GET /api/teams/${OPERATIONS_ID}/members/`, json({ success: true, team: operations, members: [] }));
    });
    await userEvent.click(await screen.findByRole("button", { name: "Edit action: Reuse boxes" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit action" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Close" }));

    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Edit action" })).not.toBeInTheDocument());
    expect(fake.calls("PATCH /api/actions/action-9/")).toHaveLength(0);
  });

  it("offers no Edit button on actions the viewer may not change", async () => {
    await renderManagerPage(manager, {
      actions: [buildAction({ idea: { id: "i1", title: "Someone else's", team_id: null }, can_edit: false })],
    });
    const item = await within(board()).findByRole("article", { name: "Someone else's" });
    expect(within(item).queryByRole("button", { name: /Edit/ })).not.toBeInTheDocument();
  });

  it("says the board could not load", async () => {
    await renderManagerPage(manager, {}, (fake) =>
      fake.on(
        "GET /api/actions/",
        refusal(403, "auth.forbidden", "You do not have permission to perform this action."),
      ),
    );
    expect(await within(board()).findByRole("alert")).toHaveTextContent("Could not load the actions.");
  });
});

describe("announcing a done action", () => {
  const NEWS_CATEGORY_ID = "6a1f0c3e-2b4d-4c5e-8f70-000000000001";
  const doneAction = () =>
    buildAction({
      id: "action-done",
      idea: { id: "idea-42", title: "Reuse boxes", team_id: OPERATIONS_ID },
      status: "done",
      owner: { id: "manager-1", display_name: "Sam Manager" },
    });
  const ongoingAction = () =>
    buildAction({ idea: { id: "idea-43", title: "Solar roof", team_id: OPERATIONS_ID }, status: "in_progress" });

  it("lets an admin announce it as news, pre-filled from the idea", async () => {
    const { fake } = await renderManagerPage(admin, { actions: [doneAction(), ongoingAction()] }, (fake) => {
      fake.on(
        "GET /api/project-ideas/idea-42/",
        json({
          success: true,
          idea: buildIdeaDetail({
            id: "idea-42",
            title: "Reuse boxes",
            status: "approved",
            description: "Keep the suppliers' boxes for our own shipments.",
            author: { id: "employee-1", display_name: "Priya Patel" },
            team_name: "Operations",
          }),
        }),
      );
      fake.on(
        "GET /api/news/categories/",
        json({ success: true, categories: [{ id: NEWS_CATEGORY_ID, name: "Announcements", news_count: 0 }] }),
      );
      fake.on("POST /api/news/", (request) => {
        const body = request.body as { title: string; body: string };
        return json({ success: true, news: buildNews({ title: body.title, body: body.body, can_edit: true }) });
      });
    });

    const ongoing = await within(board()).findByRole("article", { name: "Solar roof" });
    expect(within(ongoing).queryByRole("button", { name: /Announce/ })).not.toBeInTheDocument();
    const done = within(board()).getByRole("article", { name: "Reuse boxes" });
    await userEvent.click(within(done).getByRole("button", { name: "Announce: Reuse boxes" }));

    const dialog = await screen.findByRole("dialog", { name: "Add news" });
    const expectedBody = [
      '**Priya Patel** from Operations proposed "Reuse boxes". The idea is now in place, and Sam Manager saw it through.',
      "## What changed",
      "Keep the suppliers' boxes for our own shipments.",
      "Thank you, **Priya Patel**! Have an idea of your own? Share it on the Employee Ideas page.",
    ].join("\n\n");
    expect(within(dialog).getByRole("textbox", { name: "Title" })).toHaveValue("Implemented: Reuse boxes");
    expect(within(dialog).getByRole("textbox", { name: "Text" })).toHaveValue(expectedBody);
    await waitFor(() =>
      expect(within(dialog).getByRole("combobox", { name: "Category" })).toHaveValue(NEWS_CATEGORY_ID),
    );
    await userEvent.click(within(dialog).getByRole("button", { name: "Publish" }));

    expect(await within(board()).findByText('"Implemented: Reuse boxes" is published.')).toBeInTheDocument();
    expect(fake.calls("POST /api/news/").map((call) => call.body)).toEqual([
      { title: "Implemented: Reuse boxes", body: expectedBody, category_id: NEWS_CATEGORY_ID, pinned: false },
    ]);
  });

  it("uses what the action knows when the idea cannot be loaded", async () => {
    await renderManagerPage(admin, { actions: [doneAction()] }, (fake) => {
      fake.on("GET /api/project-ideas/idea-42/", refusal(404, "idea.not_found", "That idea does not exist."));
      fake.on("GET /api/news/categories/", json({ success: true, categories: [] }));
    });
    await userEvent.click(await within(board()).findByRole("button", { name: "Announce: Reuse boxes" }));
    const dialog = await screen.findByRole("dialog", { name: "Add news" });
    expect(within(dialog).getByRole("textbox", { name: "Text" })).toHaveValue(
      'The idea "Reuse boxes" is now in place, and Sam Manager saw it through.\n\n## What changed\n\nDescribe what is different now.',
    );
  });

  it("offers no Announce to a manager who is not an admin", async () => {
    await renderManagerPage(manager, { actions: [doneAction()] });
    const done = await within(board()).findByRole("article", { name: "Reuse boxes" });
    expect(within(done).getByRole("button", { name: "Edit action: Reuse boxes" })).toBeInTheDocument();
    expect(within(done).queryByRole("button", { name: /Announce/ })).not.toBeInTheDocument();
  });
});

describe("isOverdue", () => {
  const now = new Date(2026, 2, 14, 12, 0, 0);
  it("is true only for an unfinished action past its due day", () => {
    expect(isOverdue({ due_date: "2026-03-13", status: "todo" }, now)).toBe(true);
    expect(isOverdue({ due_date: "2026-03-14", status: "todo" }, now)).toBe(false);
    expect(isOverdue({ due_date: "2026-03-13", status: "done" }, now)).toBe(false);
    expect(isOverdue({ due_date: null, status: "blocked" }, now)).toBe(false);
  });
});
