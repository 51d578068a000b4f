import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { json } from "../../test/fake-api.ts";
import { admin, buildChallenge, manager, queryOf, refusal, renderManagerPage } from "./manager-ideas-fixtures.ts";

const proposal = buildChallenge({
  id: "proposal-1",
  title: "Four-day week",
  description: "Could we <i>try</i> it for a quarter?",
  scope: "company",
  team_id: null,
  team_name: null,
  status: "proposed",
  created_by: "employee-1",
  created_by_name: "Priya Patel",
  can_decide: true,
});

function section() {
  return screen.getByRole("region", { name: "Proposed challenges" });
}

/** The manager page for an admin, with the proposal waiting and the server answering its decision with `answer`. */
function renderDeciding(answer: Response) {
  return renderManagerPage(admin, { challenges: [proposal] }, (fake) => {
    fake.on("POST /api/challenges/proposal-1/decision/", answer);
  });
}

describe("proposed challenges", () => {
  it("lists the company's proposals for an admin, with proposer and description as text", async () => {
    const { fake, container } = await renderManagerPage(admin, { challenges: [proposal] });

    const item = await within(section()).findByRole("article", { name: "Four-day week" });
    expect(within(item).getByText(/Proposed by Priya Patel/)).toBeInTheDocument();
    expect(within(item).getByText("Could we <i>try</i> it for a quarter?")).toBeInTheDocument();
    expect(container.querySelector('[data-tour="proposed-challenges-tab"]')).toBe(section());
    expect(
      fake.calls("GET /api/challenges/").some((request) => {
        const query = queryOf(request);
        return query.scope === "company" && query.status === "proposed";
      }),
    ).toBe(true);
  });

  it("approves a proposal", async () => {
    const { fake } = await renderDeciding(
      json({ success: true, challenge: { ...proposal, status: "active", can_decide: false } }),
    );

    await userEvent.click(await within(section()).findByRole("button", { name: "Approve Four-day week" }));

    expect(
      await within(section()).findByText('"Four-day week" is approved and live for the whole company.'),
    ).toBeInTheDocument();
    expect(fake.calls("POST /api/challenges/proposal-1/decision/")[0]?.body).toEqual({ approved: true });
  });

  it("denies a proposal with the admin's reason", async () => {
    const { fake } = await renderDeciding(
      json({ success: true, challenge: { ...proposal, status: "rejected", can_decide: false } }),
    );

    await userEvent.click(await within(section()).findByRole("button", { name: "Deny Four-day week" }));
    const dialog = await screen.findByRole("dialog", { name: "Deny proposal" });
    await userEvent.type(within(dialog).getByRole("textbox", { name: /^Reason/ }), "  Not this year.  ");
    await userEvent.click(within(dialog).getByRole("button", { name: "Deny proposal" }));

    expect(await within(section()).findByText('"Four-day week" was denied. Its proposer is told.')).toBeInTheDocument();
    expect(fake.calls("POST /api/challenges/proposal-1/decision/")[0]?.body).toEqual({
      approved: false,
      note: "Not this year.",
    });
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Deny proposal" })).not.toBeInTheDocument());
  });

  it("denies without a reason when none is given", async () => {
    const { fake } = await renderDeciding(
      json({ success: true, challenge: { ...proposal, status: "rejected", can_decide: false } }),
    );
    await userEvent.click(await within(section()).findByRole("button", { name: "Deny Four-day week" }));
    const dialog = await screen.findByRole("dialog", { name: "Deny proposal" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Deny proposal" }));

    await within(section()).findByText(/was denied/);
    expect(fake.calls("POST /api/challenges/proposal-1/decision/")[0]?.body).toEqual({ approved: false });
  });

  it("shows the server's refusal when a proposal was already decided", async () => {
    await renderDeciding(refusal(409, "challenge.already_decided", "This proposal has already been decided."));
    await userEvent.click(await within(section()).findByRole("button", { name: "Approve Four-day week" }));
    expect(await within(section()).findByRole("alert")).toHaveTextContent("This proposal has already been decided.");
  });

  it("says when nothing waits for a decision", async () => {
    await renderManagerPage(admin, { challenges: [] });
    expect(
      await within(section()).findByText("No proposed challenges are waiting for a decision."),
    ).toBeInTheDocument();
  });

  it("is not shown to a manager who is not an admin", async () => {
    const { fake } = await renderManagerPage(manager, { challenges: [proposal] });
    await screen.findByRole("region", { name: "Challenges" });
    expect(screen.queryByRole("region", { name: "Proposed challenges" })).not.toBeInTheDocument();
    expect(fake.calls("GET /api/challenges/").every((request) => queryOf(request).status !== "proposed")).toBe(true);
  });
});
