import {
  AuditLogResponseSchema,
  IdeaDetailResponseSchema,
  IdeaListResponseSchema,
  TagListResponseSchema,
} from "@ideaport/shared";
import { describe, expect, it } from "vitest";
import { startedForSuite } from "../../test/app.ts";
import type { IdeasSuite, Person } from "../ideas/ideas.test-kit.ts";
import { startIdeasSuite } from "../ideas/ideas.test-kit.ts";

/** The vocabulary as `person` reads it, `query` appended (`?q=…`). */
async function tagsAs(suite: IdeasSuite, person: Person, query = "") {
  const response = await suite.client.get(`/api/tags/${query}`, { token: person.token });
  expect(response.statusCode, response.body).toBe(200);
  return TagListResponseSchema.parse(response.json());
}

async function addTag(suite: IdeasSuite, person: Person, name: string): Promise<string> {
  const response = await suite.client.post("/api/tags/", { name }, { token: person.token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().tag.id;
}

async function ideaAs(suite: IdeasSuite, person: Person, ideaId: string) {
  const response = await suite.client.get(`/api/project-ideas/${ideaId}/`, { token: person.token });
  expect(response.statusCode, response.body).toBe(200);
  return IdeaDetailResponseSchema.parse(response.json()).idea;
}

const namesOf = (tags: Array<{ name: string }>) => tags.map((tag) => tag.name);

function setPeopleMayAdd(suite: IdeasSuite, value: boolean) {
  return suite.client.put("/api/tags/settings/", { people_may_add: value }, { token: suite.world.admin.token });
}

describe("tags on ideas", () => {
  const suite = startedForSuite(startIdeasSuite);

  it("tags an idea on create with existing tags (any case) and new ones, and answers them by name", async () => {
    const { world, api } = suite;
    await addTag(suite, world.admin, "Energy");
    const idea = await api.createIdea(world.alice, { tags: ["energy", "Solar roofs", "SOLAR ROOFS"] });
    expect(namesOf(idea.tags)).toEqual(["Energy", "Solar roofs"]);
    expect(namesOf((await ideaAs(suite, world.anton, idea.id)).tags)).toEqual(["Energy", "Solar roofs"]);
    const vocabulary = await tagsAs(suite, world.bob, "?q=sol");
    expect(vocabulary.tags).toEqual([{ id: expect.any(String), name: "Solar roofs", idea_count: 1 }]);
  });

  it("refuses a sixth tag on create and on update, and changes nothing", async () => {
    const { client, world, api } = suite;
    const six = ["One", "Two", "Three", "Four", "Five", "Six"];
    const refused = await client.post(
      "/api/project-ideas/",
      { title: "Six tags are too many", description: "A description long enough to submit.", tags: six },
      { token: world.alice.token },
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields.tags).toBe("An idea carries at most 5 tags.");

    const draft = await api.createIdea(world.alice, { draft: true, tags: six.slice(0, 5) });
    expect(draft.tags).toHaveLength(5);
    const update = await client.patch(`/api/project-ideas/${draft.id}/`, { tags: six }, { token: world.alice.token });
    expect(update.statusCode).toBe(400);
    expect(namesOf((await ideaAs(suite, world.alice, draft.id)).tags)).toEqual(["Five", "Four", "One", "Three", "Two"]);
  });

  it("replaces an idea's tags on update, and an empty list removes them", async () => {
    const { client, world, api } = suite;
    const draft = await api.createIdea(world.alice, { draft: true, tags: ["Paper"] });
    const update = await client.patch(
      `/api/project-ideas/${draft.id}/`,
      { tags: ["Printing", "paper"] },
      { token: world.alice.token },
    );
    expect(update.statusCode, update.body).toBe(200);
    expect(namesOf(IdeaDetailResponseSchema.parse(update.json()).idea.tags)).toEqual(["Paper", "Printing"]);
    const cleared = await client.patch(`/api/project-ideas/${draft.id}/`, { tags: [] }, { token: world.alice.token });
    expect(IdeaDetailResponseSchema.parse(cleared.json()).idea.tags).toEqual([]);
  });

  it("lets only the author change an idea's tags", async () => {
    const { client, world, api } = suite;
    const draft = await api.createIdea(world.alice, { draft: true, tags: ["Mine"] });
    const response = await client.patch(`/api/project-ideas/${draft.id}/`, { tags: [] }, { token: world.anton.token });
    expect(response.statusCode).toBe(404);
    expect(namesOf((await ideaAs(suite, world.alice, draft.id)).tags)).toEqual(["Mine"]);
  });

  it("filters the list by tag, page by page, and counts by status under the filter", async () => {
    const { client, world, api } = suite;
    const kitchen = await addTag(suite, world.admin, "Kitchen");
    const tagged: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      tagged.push((await api.createIdea(world.alice, { title: `Kitchen idea ${index}`, tags: ["kitchen"] })).id);
      await api.createIdea(world.alice, { title: `Untagged idea ${index}` });
    }
    const first = IdeaListResponseSchema.parse(
      (await client.get(`/api/project-ideas/?tag=${kitchen}&limit=2`, { token: world.anton.token })).json(),
    );
    expect(first.ideas.map((idea) => idea.title)).toEqual(["Kitchen idea 4", "Kitchen idea 3"]);
    expect(first.ideas[0]!.tags).toEqual([{ id: kitchen, name: "Kitchen" }]);
    const seen = first.ideas.map((idea) => idea.id);
    let cursor = first.next_cursor;
    while (cursor) {
      const page = IdeaListResponseSchema.parse(
        (
          await client.get(`/api/project-ideas/?tag=${kitchen}&limit=2&cursor=${encodeURIComponent(cursor)}`, {
            token: world.anton.token,
          })
        ).json(),
      );
      seen.push(...page.ideas.map((idea) => idea.id));
      cursor = page.next_cursor;
    }
    expect(seen).toEqual([...tagged].reverse());
    const byVotes = await client.get(`/api/project-ideas/?tag=${kitchen}&sort=most_voted`, {
      token: world.anton.token,
    });
    expect(byVotes.json().ideas).toHaveLength(5);
    const counts = await client.get(`/api/project-ideas/counts/?tag=${kitchen}`, { token: world.anton.token });
    expect(counts.json().counts.submitted).toBe(5);
  });

  it("answers 400 for a tag filter that is not an id", async () => {
    const { client, world } = suite;
    const response = await client.get("/api/project-ideas/?tag=kitchen", { token: world.alice.token });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.tag).toBe("The tag must be a tag id.");
  });

  it("refuses a new tag when the admin turned adding off, while existing tags may still be chosen", async () => {
    const { client, world, api } = suite;
    await addTag(suite, world.admin, "Safety");
    expect((await setPeopleMayAdd(suite, false)).json()).toEqual({ success: true, people_may_add: false });
    try {
      const list = await tagsAs(suite, world.alice);
      expect(list).toMatchObject({ people_may_add: false, can_create: false, can_manage: false });
      expect((await tagsAs(suite, world.admin)).can_create).toBe(true);

      const refused = await client.post("/api/tags/", { name: "Brand new" }, { token: world.alice.token });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe("tag.adding_off");
      const onIdea = await client.post(
        "/api/project-ideas/",
        { title: "New tag refused", description: "A description long enough to submit.", tags: ["Safety", "Novel"] },
        { token: world.alice.token },
      );
      expect(onIdea.statusCode).toBe(403);
      expect(onIdea.json().fields.tags).toBe(
        "“Novel” is not one of the company's tags, and only administrators can add new ones.",
      );
      expect((await tagsAs(suite, world.admin, "?q=novel")).tags).toEqual([]);
      const chosen = await api.createIdea(world.alice, { tags: ["safety"] });
      expect(namesOf(chosen.tags)).toEqual(["Safety"]);
      // Admins still add new tags.
      expect((await client.post("/api/tags/", { name: "Admin's own" }, { token: world.admin.token })).statusCode).toBe(
        200,
      );
    } finally {
      await setPeopleMayAdd(suite, true);
    }
  });
});

describe("the tag vocabulary", () => {
  const suite = startedForSuite(startIdeasSuite);

  it("keeps names unique per company ignoring case, while another company may use the same name", async () => {
    const { client, world } = suite;
    await addTag(suite, world.admin, "Travel");
    const again = await client.post("/api/tags/", { name: "  TRAVEL " }, { token: world.alice.token });
    expect(again.statusCode).toBe(409);
    expect(again.json().fields.name).toBe("The company already has the tag “Travel”.");
    await addTag(suite, world.outsider, "travel");
  });

  it("lists by name, bounded, with a prefix search taken literally", async () => {
    const { world } = suite;
    for (const name of ["Zeta b", "zeta a", "Zeta_c", "Zetaxd"]) await addTag(suite, world.admin, name);
    const page = await tagsAs(suite, world.alice, "?q=ZETA&limit=3");
    expect(namesOf(page.tags)).toEqual(["zeta a", "Zeta b", "Zeta_c"]);
    expect(page.has_more).toBe(true);
    expect(namesOf((await tagsAs(suite, world.alice, "?q=zeta_")).tags)).toEqual(["Zeta_c"]);
  });

  it("renames a tag (admins only): the ideas carrying it show the new name", async () => {
    const { client, world, api } = suite;
    const idea = await api.createIdea(world.alice, { tags: ["Recyling"] });
    const tagId = idea.tags[0]!.id;
    const byEmployee = await client.patch(`/api/tags/${tagId}/`, { name: "Recycling" }, { token: world.alice.token });
    expect(byEmployee.statusCode).toBe(403);
    const byManager = await client.patch(
      `/api/tags/${tagId}/`,
      { name: "Recycling" },
      { token: world.alphaManager.token },
    );
    expect(byManager.statusCode).toBe(403);
    const renamed = await client.patch(`/api/tags/${tagId}/`, { name: "Recycling" }, { token: world.admin.token });
    expect(renamed.json()).toEqual({ success: true, tag: { id: tagId, name: "Recycling", idea_count: 1 } });
    expect((await ideaAs(suite, world.anton, idea.id)).tags).toEqual([{ id: tagId, name: "Recycling" }]);
    // Its own name in another case is fine; another tag's name is not.
    const recase = await client.patch(`/api/tags/${tagId}/`, { name: "recycling" }, { token: world.admin.token });
    expect(recase.statusCode).toBe(200);
    await addTag(suite, world.admin, "Waste");
    const taken = await client.patch(`/api/tags/${tagId}/`, { name: "WASTE" }, { token: world.admin.token });
    expect(taken.statusCode).toBe(409);
  });

  it("merges a tag into another in one step: its ideas carry the other once, and it is gone", async () => {
    const { client, world, api } = suite;
    const both = await api.createIdea(world.alice, { tags: ["Bikes", "Bicycles"] });
    const onlyOld = await api.createIdea(world.bob, { tags: ["Bikes"] });
    const bikes = both.tags.find((tag) => tag.name === "Bikes")!.id;
    const bicycles = both.tags.find((tag) => tag.name === "Bicycles")!.id;

    const byEmployee = await client.patch(`/api/tags/${bikes}/`, { merge_into: bicycles }, { token: world.bob.token });
    expect(byEmployee.statusCode).toBe(403);
    const merged = await client.patch(`/api/tags/${bikes}/`, { merge_into: bicycles }, { token: world.admin.token });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json().tag).toEqual({ id: bicycles, name: "Bicycles", idea_count: 2 });

    expect((await ideaAs(suite, world.alice, both.id)).tags).toEqual([{ id: bicycles, name: "Bicycles" }]);
    expect((await ideaAs(suite, world.bob, onlyOld.id)).tags).toEqual([{ id: bicycles, name: "Bicycles" }]);
    expect(namesOf((await tagsAs(suite, world.admin, "?q=bi")).tags)).toEqual(["Bicycles"]);
    expect((await client.get(`/api/project-ideas/?tag=${bikes}`, { token: world.admin.token })).json().ideas).toEqual(
      [],
    );
    const again = await client.patch(`/api/tags/${bikes}/`, { merge_into: bicycles }, { token: world.admin.token });
    expect(again.statusCode).toBe(404);
  });

  it("refuses a merge into itself, into a missing tag, or with a name at once", async () => {
    const { client, world } = suite;
    const tagId = await addTag(suite, world.admin, "Lonely");
    const itself = await client.patch(`/api/tags/${tagId}/`, { merge_into: tagId }, { token: world.admin.token });
    expect(itself.statusCode).toBe(400);
    expect(itself.json().code).toBe("tag.merge_into_itself");
    const missing = await client.patch(
      `/api/tags/${tagId}/`,
      { merge_into: "00000000-0000-4000-8000-000000000000" },
      { token: world.admin.token },
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json().fields.merge_into).toBe("The tag to merge into does not exist.");
    const both = await client.patch(
      `/api/tags/${tagId}/`,
      { name: "X", merge_into: tagId },
      { token: world.admin.token },
    );
    expect(both.statusCode).toBe(400);
    expect((await tagsAs(suite, world.admin, "?q=lonely")).tags).toHaveLength(1);
  });

  it("deletes a tag (admins only): the ideas carrying it lose it and keep their other tags", async () => {
    const { client, world, api } = suite;
    const idea = await api.createIdea(world.alice, { tags: ["Obsolete", "Keeper"] });
    const obsolete = idea.tags.find((tag) => tag.name === "Obsolete")!.id;
    expect((await client.delete(`/api/tags/${obsolete}/`, { token: world.alice.token })).statusCode).toBe(403);
    expect((await client.delete(`/api/tags/${obsolete}/`, { token: world.admin.token })).statusCode).toBe(200);
    expect(namesOf((await ideaAs(suite, world.alice, idea.id)).tags)).toEqual(["Keeper"]);
    expect((await client.delete(`/api/tags/${obsolete}/`, { token: world.admin.token })).statusCode).toBe(404);
  });

  it("records each rename, merge and deletion in the audit log, with the admin and the names", async () => {
    const { client, world } = suite;
    const draft = await addTag(suite, world.admin, "Logstics");
    const logistics = await addTag(suite, world.admin, "Shipping");
    const spare = await addTag(suite, world.admin, "Spare");
    await client.patch(`/api/tags/${draft}/`, { name: "Logistics" }, { token: world.admin.token });
    await client.patch(`/api/tags/${draft}/`, { merge_into: logistics }, { token: world.admin.token });
    await client.delete(`/api/tags/${spare}/`, { token: world.admin.token });
    // A refused change leaves no entry.
    await client.delete(`/api/tags/${logistics}/`, { token: world.alice.token });

    const response = await client.get("/api/audit-log/?limit=3", { token: world.admin.token });
    expect(response.statusCode, response.body).toBe(200);
    const actor = { id: world.admin.id, name: world.admin.displayName, email: world.admin.email };
    expect(
      AuditLogResponseSchema.parse(response.json()).entries.map(
        ({ action, actor, target_type, target_id, details }) => ({
          action,
          actor,
          target_type,
          target_id,
          details,
        }),
      ),
    ).toEqual([
      { action: "tag.deleted", actor, target_type: "tag", target_id: spare, details: { name: "Spare", idea_count: 0 } },
      {
        action: "tag.merged",
        actor,
        target_type: "tag",
        target_id: logistics,
        details: { from: "Logistics", into: "Shipping" },
      },
      {
        action: "tag.renamed",
        actor,
        target_type: "tag",
        target_id: draft,
        details: { from: "Logstics", to: "Logistics" },
      },
    ]);
  });

  it("keeps another company's tags out of sight and out of reach", async () => {
    const { client, world, api } = suite;
    const secret = await addTag(suite, world.admin, "Secret project");
    const theirs = await tagsAs(suite, world.outsiderAdmin, "?q=secret");
    expect(theirs.tags).toEqual([]);
    const rename = await client.patch(`/api/tags/${secret}/`, { name: "Leaked" }, { token: world.outsiderAdmin.token });
    expect(rename.statusCode).toBe(404);
    expect((await client.delete(`/api/tags/${secret}/`, { token: world.outsiderAdmin.token })).statusCode).toBe(404);
    const ownTag = await addTag(suite, world.outsiderAdmin, "Their tag");
    const mergeAcross = await client.patch(
      `/api/tags/${ownTag}/`,
      { merge_into: secret },
      { token: world.outsiderAdmin.token },
    );
    expect(mergeAcross.statusCode).toBe(404);
    // Naming it on an idea makes the outsider's own tag of that name, never company A's.
    const idea = await api.createIdea(world.outsider, { tags: ["Secret project"] });
    expect(idea.tags[0]!.id).not.toBe(secret);
    const filtered = await client.get(`/api/project-ideas/?tag=${secret}`, { token: world.outsider.token });
    expect(filtered.json().ideas).toEqual([]);
    expect(namesOf((await tagsAs(suite, world.admin, "?q=secret")).tags)).toEqual(["Secret project"]);
    expect((await tagsAs(suite, world.admin, "?q=secret")).tags[0]!.idea_count).toBe(0);
  });

  it("changes the setting only for admins", async () => {
    const { client, world } = suite;
    const response = await client.put("/api/tags/settings/", { people_may_add: false }, { token: world.alice.token });
    expect(response.statusCode).toBe(403);
    expect((await tagsAs(suite, world.alice)).people_may_add).toBe(true);
  });
});
