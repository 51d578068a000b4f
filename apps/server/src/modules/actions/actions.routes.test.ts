import { ActionListResponseSchema, ActionResponseSchema } from "@ideaport/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { startedForSuite } from "../../test/app.ts";
import { type Person, startIdeasSuite } from "../ideas/ideas.test-kit.ts";

describe("the ideas-to-action board", () => {
  const suite = startedForSuite(startIdeasSuite);
  let alphaActionId: string;
  let betaActionId: string;

  async function boardOf(person: Person, query = "") {
    const response = await suite.client.get(`/api/actions/${query}`, { token: person.token });
    expect(response.statusCode, response.body).toBe(200);
    return ActionListResponseSchema.parse(response.json());
  }
  const patch = (person: Person, id: string, body: unknown) =>
    suite.client.patch(`/api/actions/${id}/`, body, { token: person.token });

  beforeAll(async () => {
    const { world, api } = suite;
    const alphaIdea = await api.ideaIn(
      "approved",
      { author: world.alice, manager: world.alphaManager, admin: world.admin },
      { title: "Alpha approved idea" },
    );
    const betaIdea = await api.ideaIn(
      "approved",
      { author: world.bob, manager: world.betaManager, admin: world.admin },
      { title: "Beta approved idea" },
    );
    await api.ideaIn("rejected", { author: world.anton, manager: world.alphaManager, admin: world.admin });
    alphaActionId = (await boardOf(world.alice)).actions.find((action) => action.idea.id === alphaIdea.id)!.id;
    betaActionId = (await boardOf(world.bob)).actions.find((action) => action.idea.id === betaIdea.id)!.id;
  });

  it("holds one to-do action per approved idea, owned by the approving manager", async () => {
    const { world } = suite;
    const board = await boardOf(world.alphaManager);
    expect(board.actions).toHaveLength(1);
    expect(board.actions[0]).toMatchObject({
      id: alphaActionId,
      idea: { title: "Alpha approved idea", team_id: world.alpha.id },
      owner: { id: world.alphaManager.id, display_name: world.alphaManager.displayName },
      status: "todo",
      due_date: null,
      can_edit: true,
    });
    expect(board.next_cursor).toBeNull();
  });

  it.each([
    ["the idea's team members see their team's actions", "anton", ["Alpha approved idea"], false],
    ["another team sees only its own", "bob", ["Beta approved idea"], false],
    ["admins see every action of the company", "loneAdmin", ["Alpha approved idea", "Beta approved idea"], true],
    ["another company sees none", "outsiderAdmin", [], false],
  ] as const)("%s", async (_label, who, expected, canEdit) => {
    const board = await boardOf(suite.world[who]);
    expect(board.actions.map((action) => action.idea.title).sort()).toEqual([...expected]);
    expect(board.actions.every((action) => action.can_edit === canEdit)).toBe(true);
  });

  it("lets the team's manager assign an owner, set a due date and move the status", async () => {
    const { world } = suite;
    const response = await patch(world.alphaManager, alphaActionId, {
      owner_id: world.anton.id,
      due_date: "2026-12-15",
      status: "in_progress",
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(ActionResponseSchema.parse(response.json()).action).toMatchObject({
      owner: { id: world.anton.id },
      due_date: "2026-12-15",
      status: "in_progress",
    });
    // The new owner may now update it; the board filters by status.
    expect((await patch(world.anton, alphaActionId, { status: "blocked" })).statusCode).toBe(200);
    expect((await boardOf(world.anton, "?status=blocked")).actions.map((action) => action.id)).toEqual([alphaActionId]);
    expect((await boardOf(world.anton, "?status=done")).actions).toEqual([]);
    expect((await boardOf(world.anton, "?mine=true")).actions.map((action) => action.id)).toEqual([alphaActionId]);
    expect(
      (await patch(world.loneAdmin, alphaActionId, { status: "done", due_date: null })).json().action,
    ).toMatchObject({
      status: "done",
      due_date: null,
    });
  });

  it("shows an owner from another team the action they own", async () => {
    const { world } = suite;
    expect((await patch(world.betaManager, betaActionId, { owner_id: world.anton.id })).statusCode).toBe(200);
    const board = await boardOf(world.anton);
    expect(board.actions.map((action) => action.idea.title).sort()).toEqual([
      "Alpha approved idea",
      "Beta approved idea",
    ]);
    expect((await patch(world.anton, betaActionId, { status: "in_progress" })).statusCode).toBe(200);
  });

  it("answers 403 to teammates who are not its owner, 404 to people who do not see it", async () => {
    const { world } = suite;
    expect((await patch(world.alice, alphaActionId, { status: "done" })).statusCode).toBe(403);
    expect((await patch(world.bob, alphaActionId, { status: "done" })).statusCode).toBe(404);
    expect((await patch(world.outsiderAdmin, alphaActionId, { status: "done" })).statusCode).toBe(404);
    expect((await patch(world.admin, "not-an-id", { status: "done" })).statusCode).toBe(404);
  });

  it("answers 400 for an owner outside the company and for bad values", async () => {
    const { world } = suite;
    const foreignOwner = await patch(world.admin, alphaActionId, { owner_id: world.outsider.id });
    expect(foreignOwner.statusCode).toBe(400);
    expect(foreignOwner.json().fields.owner_id).toMatch(/member of your company/);
    for (const body of [
      {},
      { status: "finished" },
      { due_date: "15/12/2026" },
      { due_date: "2026-02-30" },
      { owner_id: "x" },
    ]) {
      expect((await patch(world.admin, alphaActionId, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const bad = await suite.client.get("/api/actions/?status=later", { token: world.admin.token });
    expect(bad.statusCode).toBe(400);
  });
});
