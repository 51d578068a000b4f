import type { IdeaScores } from "@ideaport/shared";
import { MantineProvider } from "@mantine/core";
import { QueryClientProvider, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { theme } from "../../components/theme.ts";
import { setLanguage } from "../../lib/i18n.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { createFakeApi, json } from "../../test/fake-api.ts";
import { ideaQueryOptions, ideasQueryOptions } from "./ideas.queries.ts";
import { buildIdea, buildIdeaDetail } from "./ideas-fixtures.ts";
import { ScorecardSection } from "./scorecard-section.tsx";

const IMPACT = "11111111-1111-4111-8111-111111111111";
const EASE = "33333333-3333-4333-8333-333333333333";
const criteria = [
  { id: IMPACT, name: "Impact", description: "How much it helps.", weight: 2 },
  { id: EASE, name: "Ease", description: "How little it costs.", weight: 1 },
];

function unscored(count: number): IdeaScores {
  return {
    success: true,
    criteria: criteria.map((criterion) => ({ ...criterion, average: null, disagreement: false })),
    score: { value: null, count, disagreement: false, scored_by_me: false, can_score: true },
    mine: null,
    evaluations: [],
  };
}

const scored: IdeaScores = {
  success: true,
  criteria: [
    { ...criteria[0]!, average: 3, disagreement: true },
    { ...criteria[1]!, average: 4, disagreement: false },
  ],
  score: { value: 3.3, count: 2, disagreement: true, scored_by_me: true, can_score: true },
  mine: { scores: { [IMPACT]: 4, [EASE]: 4 }, note: "Cheap to try." },
  evaluations: [
    {
      evaluator: { id: "manager-2", display_name: "Max Manager" },
      scores: { [IMPACT]: 2, [EASE]: 4 },
      note: null,
      updated_at: "2026-11-28T10:00:00.000Z",
    },
    {
      evaluator: { id: "manager-1", display_name: "Sam Manager" },
      scores: { [IMPACT]: 4, [EASE]: 4 },
      note: "Cheap to try.",
      updated_at: "2026-11-28T11:00:00.000Z",
    },
  ],
};

function renderScorecard(answer: IdeaScores) {
  const fake = createFakeApi();
  const idea = buildIdea({ status: "under_review", score: answer.score });
  fake.on(`GET /api/project-ideas/${idea.id}/scores/`, json(answer));
  vi.stubGlobal("fetch", fake.fetch);
  render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={createQueryClient()}>
        <ScorecardSection idea={idea} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { fake, idea };
}

/** What else the screen has loaded: the scored idea, another idea opened before, and a list. */
function Loaded({ scoredId, otherId }: { scoredId: string; otherId: string }) {
  const scoredIdea = useQuery(ideaQueryOptions(scoredId));
  const otherIdea = useQuery(ideaQueryOptions(otherId));
  const list = useInfiniteQuery(ideasQueryOptions({ sort: "score" }));
  return (
    <p>{`${scoredIdea.data?.title ?? ""} · ${otherIdea.data?.title ?? ""} · ${list.data?.pages[0]?.ideas.length ?? ""}`}</p>
  );
}

describe("the scorecard on an idea under review", () => {
  it("asks an evaluator for every criterion before showing the others' scores, then sends scores and note", async () => {
    await setLanguage("en");
    const { fake, idea } = renderScorecard(unscored(1));
    const section = await screen.findByRole("region", { name: "Scorecard" });
    expect(await within(section).findByText("Not scored yet")).toBeInTheDocument();
    expect(within(section).getByText("1 evaluator scored it")).toBeInTheDocument();
    expect(within(section).getByText("You see the others' scores once you gave yours.")).toBeInTheDocument();
    expect(within(section).queryByRole("table")).toBeNull();

    const form = within(section).getByRole("form", { name: "Scorecard" });
    const impact = within(form).getByRole("radiogroup", { name: "Impact: your score" });
    await userEvent.click(within(impact).getByRole("radio", { name: "4" }));
    await userEvent.click(within(form).getByRole("button", { name: "Save my scores" }));
    expect(await within(form).findByText("Score every criterion from 1 to 5.")).toBeInTheDocument();
    expect(fake.calls(`PUT /api/project-ideas/${idea.id}/scores/`)).toEqual([]);

    fake.on(`PUT /api/project-ideas/${idea.id}/scores/`, json(scored));
    // The scorecard read again after the save holds the caller's scores: the form keeps its confirmation.
    fake.on(`GET /api/project-ideas/${idea.id}/scores/`, json(scored));
    const ease = within(form).getByRole("radiogroup", { name: "Ease: your score" });
    await userEvent.click(within(ease).getByRole("radio", { name: "4" }));
    await userEvent.type(within(form).getByRole("textbox", { name: "Note (optional)" }), "Cheap to try.");
    await userEvent.click(within(form).getByRole("button", { name: "Save my scores" }));
    expect(await within(section).findByText("Your scores were saved.")).toBeInTheDocument();
    expect(await within(section).findByText("Score 3.3 of 5")).toBeInTheDocument();
    expect(within(section).getByText("Your scores were saved.")).toBeInTheDocument();
    expect(within(form).getByRole("button", { name: "Update my scores" })).toBeInTheDocument();
    expect(fake.calls(`PUT /api/project-ideas/${idea.id}/scores/`).map((request) => request.body)).toEqual([
      { scores: { [IMPACT]: 4, [EASE]: 4 }, note: "Cheap to try." },
    ]);
  });

  it("shows the weighted score, the disagreement warning and everyone's scores once given", async () => {
    await setLanguage("en");
    renderScorecard(scored);
    const section = await screen.findByRole("region", { name: "Scorecard" });
    expect(await within(section).findByText("Score 3.3 of 5")).toBeInTheDocument();
    expect(within(section).getByText("2 evaluators scored it")).toBeInTheDocument();
    expect(
      within(section).getByText(
        "The evaluators are two or more points apart on a criterion: talk it over before deciding.",
      ),
    ).toBeInTheDocument();
    const rows = within(within(section).getByRole("table")).getAllByRole("row");
    expect(rows.map((row) => row.textContent)).toEqual([
      "EvaluatorImpactEaseNote",
      "Max Manager24",
      "Sam Manager44Cheap to try.",
    ]);
    expect(within(section).getByRole("button", { name: "Update my scores" })).toBeInTheDocument();
  });

  it("reads again only the scored idea and the lists after a save, not the other ideas", async () => {
    await setLanguage("en");
    const fake = createFakeApi();
    const idea = buildIdea({ id: "idea-scored", status: "under_review", score: unscored(0).score });
    const other = buildIdeaDetail({ id: "idea-other", title: "Another idea" });
    fake.on(`GET /api/project-ideas/${idea.id}/scores/`, json(unscored(0)));
    fake.on(`GET /api/project-ideas/${idea.id}/`, () => json({ success: true, idea: buildIdeaDetail(idea) }));
    fake.on(`GET /api/project-ideas/${other.id}/`, () => json({ success: true, idea: other }));
    fake.on("GET /api/project-ideas/", () => json({ success: true, ideas: [idea], next_cursor: null }));
    vi.stubGlobal("fetch", fake.fetch);
    render(
      <MantineProvider theme={theme} env="test">
        <QueryClientProvider client={createQueryClient()}>
          <Loaded scoredId={idea.id} otherId={other.id} />
          <ScorecardSection idea={idea} />
        </QueryClientProvider>
      </MantineProvider>,
    );
    expect(await screen.findByText(`${idea.title} · Another idea · 1`)).toBeInTheDocument();
    const section = await screen.findByRole("region", { name: "Scorecard" });
    const form = await within(section).findByRole("form", { name: "Scorecard" });
    const counts = () => ({
      scored: fake.calls(`GET /api/project-ideas/${idea.id}/`).length,
      scores: fake.calls(`GET /api/project-ideas/${idea.id}/scores/`).length,
      other: fake.calls(`GET /api/project-ideas/${other.id}/`).length,
      list: fake.calls("GET /api/project-ideas/").length,
    });
    expect(counts()).toEqual({ scored: 1, scores: 1, other: 1, list: 1 });

    fake.on(`PUT /api/project-ideas/${idea.id}/scores/`, json(scored));
    fake.on(`GET /api/project-ideas/${idea.id}/scores/`, json(scored));
    await userEvent.click(
      within(within(form).getByRole("radiogroup", { name: "Impact: your score" })).getByRole("radio", { name: "4" }),
    );
    await userEvent.click(
      within(within(form).getByRole("radiogroup", { name: "Ease: your score" })).getByRole("radio", { name: "4" }),
    );
    await userEvent.click(within(form).getByRole("button", { name: "Save my scores" }));
    expect(await within(section).findByText("Your scores were saved.")).toBeInTheDocument();
    expect(counts()).toEqual({ scored: 2, scores: 2, other: 1, list: 2 });
  });
});
