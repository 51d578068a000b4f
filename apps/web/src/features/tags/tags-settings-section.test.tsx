import type { Tag } from "@ideaport/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { type FakeApi, json } from "../../test/fake-api.ts";
import { admin, renderSettings } from "../../test/settings-fixtures.ts";

const ENERGY: Tag = { id: "00000000-0000-4000-8000-000000000001", name: "Energy", idea_count: 3 };
const POWER: Tag = { id: "00000000-0000-4000-8000-000000000002", name: "Power", idea_count: 1 };
const SOLAR: Tag = { id: "00000000-0000-4000-8000-000000000003", name: "Solar", idea_count: 0 };

function listAnswer(tags: Tag[], peopleMayAdd = true) {
  return { success: true, tags, has_more: false, people_may_add: peopleMayAdd, can_create: true, can_manage: true };
}

/** Company Settings on its Tags tab, the vocabulary answered by `tags` (mutable, so a change shows). */
async function openTagsTab(tags: Tag[], setup: (fake: FakeApi) => void = () => {}) {
  const state = { tags: [...tags], peopleMayAdd: true };
  const app = await renderSettings(admin, "/app/settings/company", (fake) => {
    fake.on(
      "GET /api/company/",
      json({ success: true, company: { id: "company-1", name: "Acme", member_count: 2, teams: [] } }),
    );
    fake.on("GET /api/teams/", json({ success: true, teams: [] }));
    fake.on("GET /api/company/users/", json({ success: true, users: [], next_cursor: null }));
    fake.on("GET /api/ai-analysis/settings/", () =>
      json({
        success: true,
        settings: { send_idea_text: false, model_configured: false, provider_host: null, model: null },
      }),
    );
    fake.on("GET /api/tags/", () => json(listAnswer(state.tags, state.peopleMayAdd)));
    setup(fake);
  });
  await userEvent.click(await screen.findByRole("tab", { name: "Tags" }));
  const region = await screen.findByRole("region", { name: "Tags" });
  return { ...app, region, state };
}

describe("company settings: tags", { timeout: 60_000 }, () => {
  it("lists the tags with their ideas, and turns adding off with the switch", async () => {
    const { region, fake, state } = await openTagsTab([ENERGY, POWER], (fake) =>
      fake.on("PUT /api/tags/settings/", (request) => {
        state.peopleMayAdd = (request.body as { people_may_add: boolean }).people_may_add;
        return json({ success: true, people_may_add: state.peopleMayAdd });
      }),
    );
    const list = await within(region).findByRole("list", { name: "The company's tags" });
    const items = within(list).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Energy3 ideas/),
      expect.stringMatching(/^Power1 idea/),
    ]);
    const toggle = within(region).getByRole("switch", { name: /People may add new tags/ });
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    expect(await within(region).findByText("Only administrators add new tags now.")).toBeVisible();
    expect(fake.calls("PUT /api/tags/settings/").map((call) => call.body)).toEqual([{ people_may_add: false }]);
    expect(toggle).not.toBeChecked();
  });

  it("renames a tag in its dialog, and says so", async () => {
    const { region, fake, state } = await openTagsTab([ENERGY], (fake) =>
      fake.on(`PATCH /api/tags/${ENERGY.id}/`, (request) => {
        const renamed = { ...ENERGY, name: (request.body as { name: string }).name };
        state.tags = [renamed];
        return json({ success: true, tag: renamed });
      }),
    );
    await userEvent.click(await within(region).findByRole("button", { name: "Rename “Energy”" }));
    const dialog = await screen.findByRole("dialog", { name: "Rename “Energy”" });
    const name = within(dialog).getByRole("textbox", { name: "New name" });
    await userEvent.clear(name);
    await userEvent.click(within(dialog).getByRole("button", { name: "Rename" }));
    expect(await within(dialog).findByText("Please enter a tag name.")).toBeVisible();
    expect(fake.calls(`PATCH /api/tags/${ENERGY.id}/`)).toHaveLength(0);
    await userEvent.type(name, "Renewable energy");
    await userEvent.click(within(dialog).getByRole("button", { name: "Rename" }));
    expect(await within(region).findByText("“Energy” is now “Renewable energy”.")).toBeVisible();
    expect(fake.calls(`PATCH /api/tags/${ENERGY.id}/`).map((call) => call.body)).toEqual([
      { name: "Renewable energy" },
    ]);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("merges a tag into another chosen in its dialog", async () => {
    const { region, fake, state } = await openTagsTab([ENERGY, POWER, SOLAR], (fake) =>
      fake.on(`PATCH /api/tags/${POWER.id}/`, () => {
        state.tags = [{ ...ENERGY, idea_count: 4 }, SOLAR];
        return json({ success: true, tag: { ...ENERGY, idea_count: 4 } });
      }),
    );
    await userEvent.click(await within(region).findByRole("button", { name: "Merge “Power” into another tag" }));
    const dialog = await screen.findByRole("dialog", { name: "Merge “Power” into another tag" });
    expect(
      within(dialog).getByText(
        "The ideas tagged “Power” get the tag you choose instead (once, if they carry both), and “Power” is deleted.",
      ),
    ).toBeVisible();
    await userEvent.click(within(dialog).getByRole("button", { name: "Merge tags" }));
    expect(await within(dialog).findByText("Please choose the tag to merge into.")).toBeVisible();
    await userEvent.click(within(dialog).getByRole("combobox", { name: "Merge into" }));
    const options = within(await screen.findByRole("listbox", { name: "Merge into" })).getAllByRole("option");
    expect(options.map((option) => option.textContent)).toEqual(["Energy", "Solar"]);
    await userEvent.click(screen.getByRole("option", { name: "Energy" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Merge tags" }));
    expect(await within(region).findByText("“Power” is merged into “Energy”.")).toBeVisible();
    expect(fake.calls(`PATCH /api/tags/${POWER.id}/`).map((call) => call.body)).toEqual([{ merge_into: ENERGY.id }]);
    const list = within(region).getByRole("list", { name: "The company's tags" });
    await waitFor(() => expect(within(list).queryByText("Power")).not.toBeInTheDocument());
  });

  it("deletes a tag after saying how many ideas lose it", async () => {
    const { region, fake, state } = await openTagsTab([ENERGY], (fake) =>
      fake.on(`DELETE /api/tags/${ENERGY.id}/`, () => {
        state.tags = [];
        return json({ success: true });
      }),
    );
    await userEvent.click(await within(region).findByRole("button", { name: "Delete “Energy”" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete “Energy”" });
    expect(within(dialog).getByText("3 ideas carry “Energy” and will lose it.")).toBeVisible();
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await within(region).findByText("“Energy” is deleted.")).toBeVisible();
    expect(fake.calls(`DELETE /api/tags/${ENERGY.id}/`)).toHaveLength(1);
    expect(await within(region).findByText("No tags yet. They appear here as people tag their ideas.")).toBeVisible();
  });
});
