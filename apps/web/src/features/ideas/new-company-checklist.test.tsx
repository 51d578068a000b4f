import type { Challenge, NewsItem, PendingInvitation, Reward, TeamSummary } from "@ideaport/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { type FakeApi, json } from "../../test/fake-api.ts";
import { buildInvitation } from "../../test/settings-fixtures.ts";
import { buildNews } from "../company-portal/news/news-fixtures.tsx";
import { buildReward } from "../company-portal/rewards/rewards-test-kit.tsx";
// Loaded lazily by the page; imported here so that its first load is not timed by a test.
import "./new-company-checklist.tsx";
import {
  admin,
  buildChallenge,
  buildIdea,
  LOGISTICS_ID,
  logistics,
  manager,
  OPERATIONS_ID,
  operations,
  queryOf,
  renderManagerPage,
} from "./manager-ideas-fixtures.ts";

const HEADING = "Get your company started";

interface CompanyState {
  memberCount?: number;
  teams?: TeamSummary[];
  invitations?: Record<string, PendingInvitation[]>;
  news?: NewsItem[];
  rewards?: Reward[];
}

/** Answers the company, invitation, news and rewards lists as the server would for `state`. */
function answerCompany(fake: FakeApi, state: CompanyState = {}) {
  const teams = state.teams ?? [operations, logistics];
  fake.on(
    "GET /api/company/",
    json({
      success: true,
      company: { id: "company-1", name: "Acme", member_count: state.memberCount ?? 1, teams, default_language: "en" },
    }),
  );
  for (const team of teams) {
    fake.on(
      `GET /api/teams/${team.id}/invitations/`,
      json({ success: true, invitations: state.invitations?.[team.id] ?? [] }),
    );
  }
  fake.on("GET /api/news/", json({ success: true, news: state.news ?? [], categories: [], next_cursor: null }));
  fake.on("GET /api/rewards/", json({ success: true, balance: 0, rewards: state.rewards ?? [] }));
}

async function findChecklist() {
  return screen.findByRole("region", { name: HEADING });
}

/** Each step as the admin reads it: its title and whether it is done. */
function stepsOf(checklist: HTMLElement) {
  return within(checklist)
    .getAllByRole("listitem")
    .map((item) => item.querySelector("p")?.textContent);
}

describe("new company checklist", () => {
  it("lists the four first steps of a new company, each with the way to do it", async () => {
    await renderManagerPage(admin, { teams: [operations, logistics] }, (fake) => answerCompany(fake));
    const checklist = await findChecklist();

    expect(within(checklist).getByText("0 of 4 steps done. Each step ticks itself off once it is done.")).toBeVisible();
    expect(within(checklist).getByRole("progressbar", { name: "Steps done" })).toHaveAttribute("aria-valuenow", "0");
    expect(stepsOf(checklist)).toEqual([
      "Post a challenge · To do",
      "Invite your team · To do",
      "Publish news · To do",
      "Set up rewards · To do",
    ]);
    expect(within(checklist).getByRole("button", { name: "Post a challenge" })).toBeEnabled();
    expect(within(checklist).getByRole("link", { name: "Invite people" })).toHaveAttribute(
      "href",
      "/app/settings/team",
    );
    expect(within(checklist).getByRole("link", { name: "Write a news post" })).toHaveAttribute(
      "href",
      "/app/manager-company",
    );
    expect(within(checklist).getByRole("link", { name: "Add rewards" })).toHaveAttribute(
      "href",
      "/app/manager-company",
    );
    // The page's own Add challenge button stays the tour's only target.
    expect(within(checklist).getByRole("button", { name: "Post a challenge" })).not.toHaveAttribute("data-tour");
  });

  it("ticks off each step from the company's data", async () => {
    await renderManagerPage(
      admin,
      { teams: [operations, logistics], challenges: [buildChallenge({ title: "Less packaging" })] },
      (fake) =>
        answerCompany(fake, {
          invitations: { [LOGISTICS_ID]: [buildInvitation({ team_id: LOGISTICS_ID, team_name: "Logistics" })] },
          news: [buildNews({ title: "Draft only", status: "draft", published_at: null })],
          rewards: [buildReward({ id: "reward-1", title: "Coffee voucher" })],
        }),
    );
    const checklist = await findChecklist();

    expect(within(checklist).getByText("3 of 4 steps done. Each step ticks itself off once it is done.")).toBeVisible();
    expect(within(checklist).getByRole("progressbar", { name: "Steps done" })).toHaveAttribute("aria-valuenow", "75");
    expect(stepsOf(checklist)).toEqual([
      "Post a challenge · Done",
      "Invite your team · Done",
      "Publish news · To do",
      "Set up rewards · Done",
    ]);
    // Only the step still to do offers its way to do it.
    expect(
      within(checklist)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Write a news post"]);
    expect(within(checklist).queryByRole("button", { name: "Post a challenge" })).not.toBeInTheDocument();
  });

  it("counts a second member as an invited team without reading the invitations", async () => {
    const { fake } = await renderManagerPage(admin, { teams: [operations] }, (fake) =>
      answerCompany(fake, { memberCount: 3, teams: [operations] }),
    );
    const checklist = await findChecklist();

    expect(stepsOf(checklist)[1]).toBe("Invite your team · Done");
    expect(fake.calls(`GET /api/teams/${OPERATIONS_ID}/invitations/`)).toHaveLength(0);
  });

  it("does not count an archived reward, and ticks the challenge off once one is posted from it", async () => {
    const posted: Challenge[] = [];
    const { fake } = await renderManagerPage(admin, { teams: [operations], challenges: posted }, (fake) => {
      answerCompany(fake, {
        teams: [operations],
        rewards: [buildReward({ id: "reward-1", title: "Old mug", archived: true, available: false })],
      });
      fake.on("POST /api/challenges/", () => {
        posted.push(buildChallenge({ title: "Less packaging" }));
        return json({ success: true, challenge: posted[0] }, { status: 201 });
      });
    });
    const checklist = await findChecklist();
    expect(stepsOf(checklist)[3]).toBe("Set up rewards · To do");

    await userEvent.click(within(checklist).getByRole("button", { name: "Post a challenge" }));
    const form = await screen.findByRole("form", { name: "New challenge" });
    await userEvent.type(within(form).getByLabelText(/^Title/), "Less packaging");
    await userEvent.click(within(form).getByRole("button", { name: "Post challenge" }));

    await waitFor(() => expect(stepsOf(checklist)[0]).toBe("Post a challenge · Done"));
    expect(within(checklist).getByText("1 of 4 steps done. Each step ticks itself off once it is done.")).toBeVisible();
    expect(fake.calls("POST /api/challenges/")).toHaveLength(1);
  });

  it("is not shown once every step is done", async () => {
    const { fake } = await renderManagerPage(admin, { teams: [operations], challenges: [buildChallenge()] }, (fake) =>
      answerCompany(fake, {
        memberCount: 2,
        teams: [operations],
        news: [buildNews({ title: "Welcome" })],
        rewards: [buildReward({ id: "reward-1", title: "Coffee voucher" })],
      }),
    );
    // Everything the steps are read from has answered.
    await waitFor(() => expect(fake.calls("GET /api/rewards/")).toHaveLength(1));
    await waitFor(() => expect(fake.calls("GET /api/news/")).toHaveLength(1));
    await screen.findByRole("region", { name: "Team submissions" });
    expect(screen.queryByRole("region", { name: HEADING })).not.toBeInTheDocument();
  });

  it("is not shown once the company has ideas, and then reads nothing more", async () => {
    const { fake } = await renderManagerPage(admin, { ideas: [buildIdea({ status: "submitted" })] }, (fake) =>
      answerCompany(fake),
    );
    await screen.findByRole("article", { name: /^Idea \d+$/ });
    // The company's submitted ideas, whatever their team, were read.
    await waitFor(() =>
      expect(fake.calls("GET /api/project-ideas/").some((request) => !queryOf(request).team)).toBe(true),
    );

    expect(screen.queryByRole("region", { name: HEADING })).not.toBeInTheDocument();
    expect(fake.calls("GET /api/news/")).toHaveLength(0);
    expect(fake.calls("GET /api/rewards/")).toHaveLength(0);
  });

  it("is not shown to a manager who is not an administrator", async () => {
    const { fake } = await renderManagerPage(manager, {}, (fake) => answerCompany(fake));

    expect(screen.queryByRole("region", { name: HEADING })).not.toBeInTheDocument();
    expect(fake.calls("GET /api/news/")).toHaveLength(0);
  });
});
