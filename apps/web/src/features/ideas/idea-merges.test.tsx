import type { IdeaDetail, PossibleDuplicate } from "@ideaport/shared";
import { MantineProvider } from "@mantine/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { theme } from "../../components/theme.ts";
import { SignedInAs } from "../../lib/auth-provider.tsx";
import { createQueryClient } from "../../lib/query-client.ts";
import { createFakeApi, type FakeApi, json } from "../../test/fake-api.ts";
import { IdeaDetailModal } from "./idea-detail.tsx";
import { buildComment, buildIdeaDetail, detailRoute, employee, reviewer } from "./ideas-fixtures.ts";
import { manager } from "./manager-ideas-fixtures.ts";
import { DECISION_UNDO_SECONDS } from "./review-actions.tsx";

const duplicatesRoute = (id: string) => `GET /api/project-ideas/${id}/duplicates/`;
const mergeRoute = (id: string) => `POST /api/project-ideas/${id}/merge/`;

async function renderDetail(idea: IdeaDetail, setup: (fake: FakeApi) => void = () => {}) {
  const fake = createFakeApi({ [detailRoute(idea.id)]: json({ success: true, idea }) });
  setup(fake);
  vi.stubGlobal("fetch", fake.fetch);
  const onOpenIdea = vi.fn();
  render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={createQueryClient()}>
        <SignedInAs user={manager}>
          <IdeaDetailModal ideaId={idea.id} onClose={() => {}} onOpenIdea={onOpenIdea} />
        </SignedInAs>
      </QueryClientProvider>
    </MantineProvider>,
  );
  const dialog = await screen.findByRole("dialog", { name: idea.title });
  await within(dialog).findByRole("heading", { name: "Status history" });
  return { fake, dialog, onOpenIdea };
}

const rainwater: PossibleDuplicate = {
  idea: {
    id: "00000000-0000-4000-8000-00000000b001",
    title: "Garden rainwater",
    status: "submitted",
    author: { id: "employee-2", display_name: "Anton Teammate" },
  },
  similar_text: true,
  same_votes: 2,
};

describe("merging duplicates in the idea dialog", () => {
  it("shows a merged idea with a link to the idea it joined, and no vote button", async () => {
    const idea = buildIdeaDetail({
      title: "Roof solar power",
      status: "merged",
      merged_into: { id: "00000000-0000-4000-8000-00000000a001", title: "Solar panels on the roof" },
    });
    const { dialog, onOpenIdea } = await renderDetail(idea);
    expect(within(dialog).getByText("Merged")).toBeInTheDocument();
    expect(within(dialog).getByText(/This idea was merged into/)).toHaveTextContent(
      "This idea was merged into Solar panels on the roof",
    );
    await userEvent.click(within(dialog).getByRole("button", { name: "Solar panels on the roof" }));
    expect(onOpenIdea).toHaveBeenCalledWith("00000000-0000-4000-8000-00000000a001");
    expect(within(dialog).queryByRole("region", { name: "Possible duplicates" })).toBeNull();
  });

  it("names the contributors of the idea and its comments from a merged idea", async () => {
    const idea = buildIdeaDetail({
      title: "Solar panels on the roof",
      contributors: [{ id: employee.id, display_name: employee.display_name }],
      comments: [
        buildComment({
          body: "We tried this in 2019.",
          author: reviewer,
          merged_from: { id: "b", title: "Roof solar power" },
        }),
      ],
    });
    const { dialog } = await renderDetail(idea);
    expect(within(dialog).getByText("Contributors: Priya Patel")).toBeInTheDocument();
    const comments = within(dialog).getByRole("region", { name: /Comments/ });
    expect(within(comments).getByRole("listitem")).toHaveTextContent(/from the merged idea “Roof solar power”/);
  });

  it("offers a reviewer the possible duplicates with why, confirms a merge, and holds it with Undo", async () => {
    const idea = buildIdeaDetail({
      title: "Rainwater tanks",
      status: "under_review",
      allowed_transitions: ["approved"],
    });
    const { dialog, fake } = await renderDetail(idea, (fake) => {
      fake.on(duplicatesRoute(idea.id), json({ success: true, duplicates: [rainwater] }));
      fake.on(
        mergeRoute(rainwater.idea.id),
        json({ success: true, idea: buildIdeaDetail({ id: rainwater.idea.id, status: "merged" }) }),
      );
    });
    const section = await within(dialog).findByRole("region", { name: "Possible duplicates" });
    const item = await within(section).findByRole("listitem");
    expect(item).toHaveTextContent("Garden rainwaterAnton Teammate · similar text · 2 people said it is the same");

    // Undo after confirming: nothing is sent.
    await userEvent.click(within(item).getByRole("button", { name: "Merge “Garden rainwater” into this idea" }));
    let confirm = await screen.findByRole("dialog", { name: "Merge duplicate" });
    expect(confirm).toHaveTextContent("Merge “Garden rainwater” into “Rainwater tanks”?");
    await userEvent.click(within(confirm).getByRole("button", { name: "Merge" }));
    expect(within(section).getByRole("status")).toHaveTextContent("Merging “Garden rainwater” into “Rainwater tanks”.");
    await userEvent.click(within(section).getByRole("button", { name: "Undo" }));
    expect(fake.calls(mergeRoute(rainwater.idea.id))).toHaveLength(0);

    // Confirmed and left alone: sent once the window has passed.
    await userEvent.click(within(item).getByRole("button", { name: "Merge “Garden rainwater” into this idea" }));
    confirm = await screen.findByRole("dialog", { name: "Merge duplicate" });
    await userEvent.click(within(confirm).getByRole("button", { name: "Merge" }));
    expect(
      await within(dialog).findByText(
        "The duplicate has been merged into this idea.",
        {},
        { timeout: (DECISION_UNDO_SECONDS + 2) * 1000 },
      ),
    ).toBeInTheDocument();
    expect(fake.calls(mergeRoute(rainwater.idea.id)).map((request) => request.body)).toEqual([{ into: idea.id }]);
  }, 20_000);
});
