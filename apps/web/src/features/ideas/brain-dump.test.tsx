import { IDEA_MESSAGES } from "@ideaport/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { t } from "../../lib/i18n.ts";
import { json } from "../../test/fake-api.ts";
import {
  buildChallenge,
  buildIdea,
  buildIdeaDetail,
  CHALLENGES_ROUTE,
  CREATE_ROUTE,
  challengePage,
  detailRoute,
  LIST_ROUTE,
  queryOf,
  refusal,
  renderEmployeeIdeas,
  SIMILAR_ROUTE,
} from "./ideas-fixtures.ts";

function brainDump() {
  return screen.getByRole("region", { name: "Brain dump" });
}

describe("the brain-dump box", { timeout: 20_000 }, () => {
  it("saves a one-line idea as a draft with exactly the title and draft: true", async () => {
    const created = buildIdea({ title: "Reusable delivery crates", status: "draft", description: "" });
    const { fake } = await renderEmployeeIdeas((fake) => {
      fake.on(CREATE_ROUTE, json({ success: true, idea: created }));
    });
    const box = brainDump();
    expect(box).toHaveAttribute("data-tour", "brain-dump");
    const listCallsBefore = fake.calls(LIST_ROUTE).length;

    await userEvent.type(within(box).getByRole("textbox", { name: /^Your idea/ }), "  Reusable delivery crates ");
    await userEvent.click(within(box).getByRole("button", { name: "Save as draft" }));

    expect(await within(box).findByText(/Saved as a draft/)).toBeInTheDocument();
    expect(fake.calls(CREATE_ROUTE).map((request) => request.body)).toEqual([
      { title: "Reusable delivery crates", description: "", draft: true },
    ]);
    expect(within(box).getByRole("textbox", { name: /^Your idea/ })).toHaveValue("");
    // The submissions reload to show the new draft.
    await waitFor(() => expect(fake.calls(LIST_ROUTE).length).toBeGreaterThan(listCallsBefore));
  });

  it("saves a draft when Enter is pressed in the one-line field", async () => {
    const { fake } = await renderEmployeeIdeas((fake) => {
      fake.on(CREATE_ROUTE, json({ success: true, idea: buildIdea({ status: "draft" }) }));
    });

    await userEvent.type(within(brainDump()).getByRole("textbox", { name: /^Your idea/ }), "Quiet rooms{Enter}");

    await waitFor(() =>
      expect(fake.calls(CREATE_ROUTE)[0]?.body).toEqual({ title: "Quiet rooms", description: "", draft: true }),
    );
  });

  it("submits an idea with its description", async () => {
    const created = buildIdea({ title: "Reusable delivery crates" });
    const { fake } = await renderEmployeeIdeas((fake) => {
      fake.on(CREATE_ROUTE, json({ success: true, idea: created }));
      fake.on(detailRoute(created.id), json({ success: true, idea: buildIdeaDetail(created) }));
    });
    const box = brainDump();

    await userEvent.type(within(box).getByRole("textbox", { name: /^Your idea/ }), "Reusable delivery crates");
    const expand = within(box).getByRole("button", { name: "Add a description" });
    expect(expand).toHaveAttribute("aria-expanded", "false");
    await userEvent.click(expand);
    await userEvent.type(
      within(box).getByRole("textbox", { name: /^Description/ }),
      "Crates we collect back instead of cardboard boxes.",
    );
    await userEvent.click(within(box).getByRole("button", { name: "Submit" }));

    expect(await within(box).findByText(/Submitted! Your manager will review it/)).toBeInTheDocument();
    expect(fake.calls(CREATE_ROUTE)[0]?.body).toEqual({
      title: "Reusable delivery crates",
      description: "Crates we collect back instead of cardboard boxes.",
      draft: false,
    });

    // The saved idea can be opened at once.
    await userEvent.click(within(box).getByRole("button", { name: "Open “Reusable delivery crates”" }));
    expect(await screen.findByRole("dialog", { name: "Reusable delivery crates" })).toBeInTheDocument();
  });

  it("answers a challenge chosen on its card: the idea carries the challenge id", async () => {
    const challenge = buildChallenge();
    const { fake } = await renderEmployeeIdeas((fake) => {
      fake.on(CHALLENGES_ROUTE, json(challengePage([challenge])));
      fake.on(CREATE_ROUTE, json({ success: true, idea: buildIdea({ status: "draft" }) }));
    });

    await userEvent.click(await screen.findByRole("button", { name: "Submit an idea for Cut packaging waste" }));
    const box = brainDump();
    const answering = within(box).getByRole("group", { name: "Challenge you are answering" });
    expect(answering).toHaveTextContent("Cut packaging waste");
    expect(within(box).getByRole("textbox", { name: /^Your idea/ })).toHaveFocus();

    await userEvent.type(within(box).getByRole("textbox", { name: /^Your idea/ }), "Ship in reusable crates");
    await userEvent.click(within(box).getByRole("button", { name: "Save as draft" }));

    await waitFor(() =>
      expect(fake.calls(CREATE_ROUTE)[0]?.body).toEqual({
        title: "Ship in reusable crates",
        description: "",
        challenge_id: challenge.id,
        draft: true,
      }),
    );
    // Once saved, the next idea is the user's own again.
    await waitFor(() =>
      expect(within(box).queryByRole("group", { name: "Challenge you are answering" })).not.toBeInTheDocument(),
    );
  });

  it("lets the user stop answering a challenge", async () => {
    await renderEmployeeIdeas((fake) => fake.on(CHALLENGES_ROUTE, json(challengePage([buildChallenge()]))));

    await userEvent.click(await screen.findByRole("button", { name: "Submit an idea for Cut packaging waste" }));
    await userEvent.click(within(brainDump()).getByRole("button", { name: "Stop answering Cut packaging waste" }));

    expect(within(brainDump()).queryByRole("group", { name: "Challenge you are answering" })).not.toBeInTheDocument();
  });

  it("shows the shared schema's messages under the fields and sends nothing", async () => {
    const { fake } = await renderEmployeeIdeas();
    const box = brainDump();

    await userEvent.click(within(box).getByRole("button", { name: "Save as draft" }));
    expect(await within(box).findByText(t(IDEA_MESSAGES.titleRequired))).toBeInTheDocument();

    await userEvent.type(within(box).getByRole("textbox", { name: /^Your idea/ }), "Tiny");
    await userEvent.click(within(box).getByRole("button", { name: "Save as draft" }));
    expect(await within(box).findByText("The title must be at least 5 characters.")).toBeInTheDocument();
    expect(within(box).getByRole("textbox", { name: /^Your idea/ })).toHaveAttribute("aria-invalid", "true");

    // Submitting needs a description: the box opens to show where.
    await userEvent.type(within(box).getByRole("textbox", { name: /^Your idea/ }), "er meetings");
    await userEvent.click(within(box).getByRole("button", { name: "Submit" }));
    expect(
      await within(box).findByText("Please describe your idea in at least 10 characters before submitting it."),
    ).toBeVisible();
    expect(within(box).getByRole("button", { name: "Hide the description" })).toHaveAttribute("aria-expanded", "true");

    expect(fake.calls(CREATE_ROUTE)).toHaveLength(0);
  });

  it("puts the server's field errors under the fields", async () => {
    await renderEmployeeIdeas((fake) =>
      fake.on(
        CREATE_ROUTE,
        refusal(400, "request.invalid", "Invalid request. Please check your input and try again.", {
          title: "The title must be at most 150 characters.",
        }),
      ),
    );
    const box = brainDump();

    await userEvent.type(within(box).getByRole("textbox", { name: /^Your idea/ }), "A perfectly fine title");
    await userEvent.click(within(box).getByRole("button", { name: "Save as draft" }));

    expect(await within(box).findByText("The title must be at most 150 characters.")).toBeInTheDocument();
  });

  it("says why the server refused when no field is to blame", async () => {
    await renderEmployeeIdeas((fake) =>
      fake.on(CREATE_ROUTE, refusal(409, "challenge.not_open", "This challenge is not open for ideas.")),
    );
    const box = brainDump();

    await userEvent.type(within(box).getByRole("textbox", { name: /^Your idea/ }), "A perfectly fine title");
    await userEvent.click(within(box).getByRole("button", { name: "Save as draft" }));

    expect(await within(box).findByRole("alert")).toHaveTextContent("This challenge is not open for ideas.");
  });

  it("shows similar ideas while the title is typed, and opens one", async () => {
    const similar = buildIdea({ title: "Reusable crates for deliveries", status: "under_review", votes: 4 });
    const { fake } = await renderEmployeeIdeas((fake) => {
      fake.on(SIMILAR_ROUTE, (request) =>
        json({ success: true, ideas: queryOf(request).q?.startsWith("crat") ? [similar] : [] }),
      );
      fake.on(detailRoute(similar.id), json({ success: true, idea: buildIdeaDetail(similar) }));
    });
    const box = brainDump();
    const field = within(box).getByRole("textbox", { name: /^Your idea/ });

    await userEvent.type(field, "cr");
    // Two characters are too few to look for anything.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(fake.calls(SIMILAR_ROUTE)).toHaveLength(0);

    await userEvent.type(field, "ates");
    const list = await within(box).findByRole("region", { name: "Similar ideas" });
    expect(within(list).getByText("4 votes")).toBeInTheDocument();
    expect(within(list).getByText("Under review")).toBeInTheDocument();
    // Typing is debounced: one lookup for the paused text, not one per key.
    expect(fake.calls(SIMILAR_ROUTE).map((request) => queryOf(request).q)).toEqual(["crates"]);

    await userEvent.click(within(list).getByRole("button", { name: "Reusable crates for deliveries" }));
    expect(await screen.findByRole("dialog", { name: "Reusable crates for deliveries" })).toBeInTheDocument();
    expect(fake.calls(LIST_ROUTE).length).toBeGreaterThan(0);

    // Shortening the title below three characters hides the list.
    await userEvent.keyboard("{Escape}");
    await userEvent.clear(field);
    await userEvent.type(field, "cr");
    await waitFor(() => expect(within(box).queryByRole("region", { name: "Similar ideas" })).not.toBeInTheDocument());
  });
});
