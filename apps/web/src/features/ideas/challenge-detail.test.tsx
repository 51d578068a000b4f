import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { json } from "../../test/fake-api.ts";
// Loaded lazily by the page; imported here so that its first load is not timed by a test.
import "./challenge-detail.tsx";
import "./idea-detail.tsx";
import {
  buildChallenge,
  buildIdea,
  buildIdeaDetail,
  CHALLENGES_ROUTE,
  challengePage,
  detailRoute,
  ideaPage,
  LIST_ROUTE,
  queryOf,
  renderEmployeeIdeas,
} from "./ideas-fixtures.ts";

const challenge = buildChallenge({
  id: "0b7c4a52-7d0e-4a55-9a39-5f0e2b1d0c01",
  title: "Cut packaging waste",
  description: "How could we ship with less cardboard?",
  reward_points: 100,
  idea_count: 2,
  is_open: true,
});
const answer = buildIdea({
  title: "Reusable crates",
  challenge: { id: challenge.id, title: challenge.title, scope: challenge.scope },
  author: { id: "user-7", display_name: "Omar Haddad" },
  votes: 4,
});

describe("a challenge's own dialog", { timeout: 20_000 }, () => {
  it("opens from its address with its question, reward and the ideas answering it, sorted and filtered", async () => {
    const { fake, router } = await renderEmployeeIdeas(
      (fake) => {
        fake.on(`GET /api/challenges/${challenge.id}/`, json({ success: true, challenge }));
        fake.on(CHALLENGES_ROUTE, json(challengePage([challenge])));
        fake.on(LIST_ROUTE, (request) => {
          const query = queryOf(request);
          const answers = query.challenge === challenge.id && query.status?.split(",").includes(answer.status);
          return json(ideaPage(answers ? [answer] : []));
        });
        fake.on(detailRoute(answer.id), json({ success: true, idea: buildIdeaDetail(answer) }));
      },
      { path: `/app/employee-ideas?challenge=${challenge.id}` },
    );
    const dialog = await screen.findByRole("dialog", { name: "Cut packaging waste" });
    expect(dialog).toHaveTextContent("How could we ship with less cardboard?");
    expect(dialog).toHaveTextContent("Team challenge: Operations");
    expect(dialog).toHaveTextContent("100 points when an answer is approved");
    expect(dialog).toHaveTextContent("2 ideas");
    const ideas = within(dialog).getByRole("region", { name: "Ideas answering it" });
    const card = await within(ideas).findByRole("article", { name: "Reusable crates" });
    expect(card).toHaveTextContent("by Omar Haddad");
    // Most voted first by default; the status filter asks the server.
    expect(queryOf(fake.calls(LIST_ROUTE).at(-1))).toMatchObject({ challenge: challenge.id, sort: "most_voted" });
    await userEvent.selectOptions(within(ideas).getByRole("combobox", { name: "Status" }), "approved");
    await waitFor(() => expect(queryOf(fake.calls(LIST_ROUTE).at(-1)).status).toBe("approved"));
    expect(await within(ideas).findByText("No ideas in this status.")).toBeInTheDocument();
    await userEvent.selectOptions(within(ideas).getByRole("combobox", { name: "Status" }), "all");

    // An idea opens in place of the challenge.
    await userEvent.click(await within(ideas).findByRole("button", { name: "Reusable crates" }));
    expect(await screen.findByRole("dialog", { name: "Reusable crates" })).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?idea=${answer.id}`);
  });

  it("opens from a challenge card, and Submit an idea starts one in the brain-dump box", async () => {
    await renderEmployeeIdeas((fake) => {
      fake.on(`GET /api/challenges/${challenge.id}/`, json({ success: true, challenge }));
      fake.on(CHALLENGES_ROUTE, json(challengePage([challenge])));
    });
    const challenges = screen.getByRole("region", { name: "Challenges" });
    await userEvent.click(await within(challenges).findByRole("button", { name: "Cut packaging waste" }));
    const dialog = await screen.findByRole("dialog", { name: "Cut packaging waste" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Submit an idea for this challenge" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Cut packaging waste" })).not.toBeInTheDocument());
    const box = screen.getByRole("region", { name: "Brain dump" });
    expect(within(box).getByRole("group", { name: "Challenge you are answering" })).toHaveTextContent(
      "Cut packaging waste",
    );
  });
});
