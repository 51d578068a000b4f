import type { AiAnalysis } from "@ideaport/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { json, type RecordedRequest } from "../../test/fake-api.ts";
import {
  buildIdea,
  CREATE_ROUTE,
  ideaPage,
  LIST_ROUTE,
  queryOf,
  renderEmployeeIdeas,
} from "../ideas/ideas-fixtures.ts";

const ENERGY = { id: "00000000-0000-4000-8000-0000000000e1", name: "Energy" };
const SAFETY = { id: "00000000-0000-4000-8000-0000000000e2", name: "Safety" };

/** The vocabulary, answered by prefix as the server does. */
function tagsAnswer(request: RecordedRequest) {
  const q = (queryOf(request).q ?? "").toLowerCase();
  const tags = [ENERGY, SAFETY]
    .filter((tag) => tag.name.toLowerCase().startsWith(q))
    .map((tag) => ({ ...tag, idea_count: 1 }));
  return json({ success: true, tags, has_more: false, people_may_add: true, can_create: true, can_manage: false });
}

const ANALYSIS: AiAnalysis = {
  success: true,
  similar: [],
  checklist: [],
  suggested_tags: ["solar", "roof"],
  provider: "builtin",
};

describe("tags on ideas", { timeout: 60_000 }, () => {
  it("tags a new idea with a company tag, a new tag and a suggestion of the analysis", async () => {
    const { fake } = await renderEmployeeIdeas((fake) => {
      fake.on("GET /api/tags/", tagsAnswer);
      fake.on("POST /api/ai-analysis/", json(ANALYSIS));
      fake.on(CREATE_ROUTE, json({ success: true, idea: buildIdea({ status: "draft", description: "" }) }));
    });
    const box = screen.getByRole("region", { name: "Brain dump" });
    await userEvent.type(within(box).getByRole("textbox", { name: /^Your idea/ }), "Solar panels on the roof");
    const picker = within(box).getByRole("combobox", { name: "Tags" });
    await userEvent.type(picker, "ene");
    await userEvent.click(
      within(await screen.findByRole("listbox", { name: "Tags" })).getByRole("option", { name: "Energy" }),
    );
    await userEvent.type(picker, "Night shift{Enter}");

    await userEvent.click(within(box).getByRole("button", { name: "Analyze" }));
    const suggestions = await within(box).findByRole("list", { name: "Suggested tags" });
    await userEvent.click(within(suggestions).getByRole("button", { name: "Add as tag: “solar”" }));
    expect(within(suggestions).getAllByRole("listitem")[0]).toHaveTextContent("solarAdded");
    expect(within(suggestions).getByRole("button", { name: "Add as tag: “roof”" })).toBeEnabled();

    await userEvent.click(within(box).getByRole("button", { name: "Save as draft" }));
    await waitFor(() =>
      expect(fake.calls(CREATE_ROUTE).map((request) => request.body)).toEqual([
        { title: "Solar panels on the roof", description: "", tags: ["Energy", "Night shift", "solar"], draft: true },
      ]),
    );
  });

  it("filters the submissions by a tag of a card's chips", async () => {
    const tagged = buildIdea({ title: "Solar roof", tags: [ENERGY] });
    const untagged = buildIdea({ title: "Quiet rooms", tags: [] });
    const { fake } = await renderEmployeeIdeas((fake) => {
      fake.on("GET /api/tags/", tagsAnswer);
      fake.on(LIST_ROUTE, (request) =>
        json(ideaPage(queryOf(request).tag === ENERGY.id ? [tagged] : [tagged, untagged])),
      );
    });
    const submissions = screen.getByRole("region", { name: "Your submissions" });
    const card = await within(submissions).findByRole("article", { name: "Solar roof" });
    expect(within(submissions).getByRole("article", { name: "Quiet rooms" })).toBeVisible();
    await userEvent.click(within(card).getByRole("button", { name: "Show ideas tagged “Energy”" }));
    await waitFor(() =>
      expect(within(submissions).queryByRole("article", { name: "Quiet rooms" })).not.toBeInTheDocument(),
    );
    expect(within(submissions).getByRole("combobox", { name: "Tag" })).toHaveValue(ENERGY.id);
    expect(fake.calls(LIST_ROUTE).some((request) => queryOf(request).tag === ENERGY.id)).toBe(true);
  });
});
