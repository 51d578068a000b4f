import type { Challenge } from "@ideaport/shared";
import { MantineProvider } from "@mantine/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { theme } from "../../components/theme.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { createFakeApi, type FakeApi, json } from "../../test/fake-api.ts";
import { ChallengeList, type ChallengeListProps, describeDeadline } from "./challenge-list.tsx";
import {
  answerManagerPage,
  buildChallenge,
  daysFromNow,
  manager,
  queryOf,
  refusal,
  renderManagerPage,
} from "./manager-ideas-fixtures.ts";

/** The list on its own, as the employee page uses it, over a fake API. */
function renderList(
  challenges: Challenge[],
  props: ChallengeListProps = {},
  setup: (fake: FakeApi) => void = () => {},
) {
  const fake = createFakeApi();
  answerManagerPage(fake, { challenges });
  setup(fake);
  vi.stubGlobal("fetch", fake.fetch);
  const view = render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={createQueryClient()}>
        <ChallengeList {...props} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, fake };
}

/** A card of the challenge list (the page also lists the manager's own proposals). */
function card(title: string) {
  return within(screen.getByRole("region", { name: "Challenges" })).getByRole("article", { name: title });
}

describe("challenge list", () => {
  it("shows each challenge's title, description as text, scope, deadline, idea count and reward", async () => {
    const packaging = buildChallenge({
      title: "Less packaging",
      description: "Ideas to <b>cut</b> packaging.\nAnything goes.",
      ends_at: daysFromNow(3),
      idea_count: 3,
      reward_points: 50,
    });
    const ended = buildChallenge({ title: "Old challenge", ends_at: daysFromNow(-2), idea_count: 1 });
    const open = buildChallenge({ title: "Open-ended", ends_at: null });
    const { container } = renderList([packaging, ended, open]);

    const first = await screen.findByRole("article", { name: "Less packaging" });
    expect(within(first).getByText(/Ideas to <b>cut<\/b> packaging\./)).toBeInTheDocument();
    expect(container.querySelector("b")).toBeNull();
    expect(within(first).getByText("Team: Operations")).toBeInTheDocument();
    expect(within(first).getByText("Ends in 3 days")).toBeInTheDocument();
    expect(within(first).getByText("3 ideas")).toBeInTheDocument();
    expect(within(first).getByText("50 points when an answer is approved")).toBeInTheDocument();
    expect(within(card("Old challenge")).getByText("Ended")).toBeInTheDocument();
    expect(within(card("Old challenge")).getByText("1 idea")).toBeInTheDocument();
    expect(within(card("Open-ended")).getByText("No deadline")).toBeInTheDocument();
  });

  it("asks for the team's active challenges first and switches to the company's with the scope filter", async () => {
    const teamChallenge = buildChallenge({ title: "Team question" });
    const companyChallenge = buildChallenge({
      title: "Company question",
      scope: "company",
      team_id: null,
      team_name: null,
    });
    const { fake } = renderList([teamChallenge, companyChallenge]);

    await screen.findByRole("article", { name: "Team question" });
    expect(screen.queryByRole("article", { name: "Company question" })).not.toBeInTheDocument();
    expect(queryOf(fake.calls("GET /api/challenges/")[0])).toMatchObject({ scope: "team", status: "active" });

    await userEvent.click(screen.getByRole("radio", { name: "Company" }));

    const companyCard = await screen.findByRole("article", { name: "Company question" });
    expect(within(companyCard).getByText("Company")).toBeInTheDocument();
    expect(screen.queryByRole("article", { name: "Team question" })).not.toBeInTheDocument();
    expect(queryOf(fake.calls("GET /api/challenges/").at(-1))).toMatchObject({ scope: "company", status: "active" });
  });

  it("marks the section, the scope filter and the first card for the tours", async () => {
    const { container } = renderList([buildChallenge({ title: "First" }), buildChallenge({ title: "Second" })]);
    await screen.findByRole("article", { name: "First" });

    expect(container.querySelector('[data-tour="challenges"]')).toContainElement(
      screen.getByRole("heading", { name: "Challenges" }),
    );
    expect(container.querySelector('[data-tour="scope-filter"]')).toHaveAttribute("role", "radiogroup");
    const tourCards = container.querySelectorAll('[data-tour="challenge-card"]');
    expect(tourCards).toHaveLength(1);
    expect(tourCards[0]).toBe(card("First"));
  });

  it("offers 'Submit an idea' on challenges open for ideas and hands the challenge over", async () => {
    const onAnswer = vi.fn();
    const open = buildChallenge({ title: "Open one", is_open: true });
    const notYet = buildChallenge({ title: "Not started", is_open: false, starts_at: daysFromNow(5) });
    renderList([open, notYet], { onAnswer });

    await screen.findByRole("article", { name: "Open one" });
    expect(within(card("Not started")).queryByRole("button", { name: /Submit an idea/ })).not.toBeInTheDocument();
    expect(within(card("Not started")).getByText(/Starts on/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Submit an idea for Open one" }));

    expect(onAnswer).toHaveBeenCalledWith(open);
  });

  it("shows no answer or management buttons without the props", async () => {
    renderList([buildChallenge({ title: "Plain", can_edit: true })]);
    const plain = await screen.findByRole("article", { name: "Plain" });
    expect(within(plain).queryByRole("button")).not.toBeInTheDocument();
  });

  it("says so when there are no challenges", async () => {
    renderList([]);
    expect(await screen.findByText("No active team challenges.")).toBeInTheDocument();
  });

  it("says the list could not load and tries again on request", async () => {
    let attempts = 0;
    renderList([], {}, (fake) =>
      fake.on("GET /api/challenges/", () => {
        attempts += 1;
        return attempts === 1
          ? refusal(403, "auth.forbidden", "You do not have permission to perform this action.")
          : json({ success: true, challenges: [buildChallenge({ title: "Back again" })], next_cursor: null });
      }),
    );

    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Could not load the challenges. You do not have permission to perform this action.",
    );
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("article", { name: "Back again" })).toBeInTheDocument();
  });
});

describe("challenge list on the manager page", () => {
  it("filters by status, 'All' sending no status", async () => {
    const closed = buildChallenge({ title: "Closed one", status: "closed" });
    const { fake } = await renderManagerPage(manager, {
      challenges: [buildChallenge({ title: "Active one" }), closed],
    });
    await screen.findByRole("article", { name: "Active one" });

    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Status" }), "closed");
    const closedCard = await screen.findByRole("article", { name: "Closed one" });
    expect(within(closedCard).getAllByText("Closed").length).toBeGreaterThan(0);
    expect(queryOf(fake.calls("GET /api/challenges/").at(-1))).toMatchObject({ status: "closed" });

    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Status" }), "all");
    await screen.findByRole("article", { name: "Active one" });
    expect(queryOf(fake.calls("GET /api/challenges/").at(-1))).not.toHaveProperty("status");
  });

  it("shows Edit and Close only on challenges the manager may change", async () => {
    await renderManagerPage(manager, {
      challenges: [buildChallenge({ title: "Mine", can_edit: true }), buildChallenge({ title: "Not mine" })],
    });
    const mine = await screen.findByRole("article", { name: "Mine" });

    expect(within(mine).getByRole("button", { name: "Edit Mine" })).toBeInTheDocument();
    expect(within(mine).getByRole("button", { name: "Close Mine" })).toBeInTheDocument();
    expect(within(card("Not mine")).queryByRole("button", { name: /^(Edit|Close)/ })).not.toBeInTheDocument();
    // A manager answers challenges too.
    expect(within(card("Not mine")).getByRole("button", { name: "Submit an idea for Not mine" })).toBeInTheDocument();
  });

  it("lets a proposer edit a pending company proposal, and shows no Edit or Close once it is approved", {
    timeout: 20_000,
  }, async () => {
    await renderManagerPage(manager, {
      challenges: [
        buildChallenge({
          title: "Pending",
          scope: "company",
          status: "proposed",
          created_by: manager.id,
          can_edit: true,
        }),
        buildChallenge({ title: "Approved", scope: "company", status: "active", created_by: manager.id }),
      ],
    });
    await userEvent.click(await screen.findByRole("radio", { name: "Company" }));
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Status" }), "all");
    const pending = await within(screen.getByRole("region", { name: "Challenges" })).findByRole("article", {
      name: "Pending",
    });
    expect(within(pending).getByRole("button", { name: "Edit Pending" })).toBeInTheDocument();
    expect(within(pending).queryByRole("button", { name: "Close Pending" })).not.toBeInTheDocument();
    const approved = card("Approved");
    expect(within(approved).queryByRole("button", { name: /Edit|Close/ })).not.toBeInTheDocument();
  });

  it("closes a challenge after confirmation", async () => {
    const mine = buildChallenge({ id: "challenge-mine", title: "Mine", can_edit: true });
    const { fake } = await renderManagerPage(manager, { challenges: [mine] }, (fake) => {
      fake.on(
        "POST /api/challenges/challenge-mine/close/",
        json({ success: true, challenge: { ...mine, status: "closed" } }),
      );
    });
    await userEvent.click(await screen.findByRole("button", { name: "Close Mine" }));
    const dialog = await screen.findByRole("dialog", { name: "Close challenge" });
    expect(dialog).toHaveTextContent('Close "Mine"? No more ideas can be submitted to it.');
    await userEvent.click(within(dialog).getByRole("button", { name: "Close challenge" }));

    expect(await screen.findByText('The challenge "Mine" is closed.')).toBeInTheDocument();
    expect(fake.calls("POST /api/challenges/challenge-mine/close/")).toHaveLength(1);
  });

  it("closes the Edit challenge dialog from its named Close button without saving", async () => {
    const mine = buildChallenge({ id: "challenge-mine", title: "Mine", can_edit: true });
    const { fake } = await renderManagerPage(manager, { challenges: [mine] });
    await userEvent.click(await screen.findByRole("button", { name: "Edit Mine" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit challenge" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Close" }));

    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Edit challenge" })).not.toBeInTheDocument());
    expect(fake.calls("PATCH /api/challenges/challenge-mine/")).toHaveLength(0);
  });

  it("edits a challenge, sending only what changed", async () => {
    const mine = buildChallenge({
      id: "challenge-mine",
      title: "Mine",
      description: "Old text",
      ends_at: "2026-04-30T23:59:59.999Z",
      reward_points: 20,
      can_edit: true,
    });
    const { fake } = await renderManagerPage(manager, { challenges: [mine] }, (fake) => {
      fake.on(
        "PATCH /api/challenges/challenge-mine/",
        json({ success: true, challenge: { ...mine, title: "Mine, sharper", reward_points: null } }),
      );
    });
    await userEvent.click(await screen.findByRole("button", { name: "Edit Mine" }));
    const form = await screen.findByRole("form", { name: "Edit challenge" });
    expect(within(form).getByLabelText(/^Deadline/)).toHaveValue("2026-04-30");

    await userEvent.click(within(form).getByRole("button", { name: "Save changes" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent("Please change at least one field.");

    await userEvent.type(within(form).getByLabelText(/^Title/), ", sharper");
    await userEvent.clear(within(form).getByLabelText(/^Reward points/));
    await userEvent.click(within(form).getByRole("button", { name: "Save changes" }));

    expect(await screen.findByText('The challenge "Mine, sharper" was saved.')).toBeInTheDocument();
    expect(fake.calls("PATCH /api/challenges/challenge-mine/")[0]?.body).toEqual({
      title: "Mine, sharper",
      reward_points: null,
    });
  });
});

describe("describeDeadline", () => {
  const now = new Date(2026, 2, 14, 10, 0, 0);

  it.each([
    ["a deadline later today", new Date(2026, 2, 14, 23, 0, 0), "Ends today"],
    ["a deadline tomorrow", new Date(2026, 2, 15, 8, 0, 0), "Ends tomorrow"],
    ["a deadline three days on", new Date(2026, 2, 17, 9, 0, 0), "Ends in 3 days"],
    ["a deadline passed an hour ago", new Date(2026, 2, 14, 9, 0, 0), "Ended"],
  ])("says %s as '%s'", (_case, end, text) => {
    expect(describeDeadline({ status: "active", ends_at: end.toISOString() }, now)).toBe(text);
  });

  it("says a closed challenge is closed and one without deadline has none", () => {
    expect(describeDeadline({ status: "closed", ends_at: new Date(2026, 3, 1).toISOString() }, now)).toBe("Closed");
    expect(describeDeadline({ status: "active", ends_at: null }, now)).toBe("No deadline");
  });
});
