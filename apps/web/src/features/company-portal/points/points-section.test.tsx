import type { MyPointsResponse, PointHistoryEntry } from "@ideaport/shared";
import { MantineProvider } from "@mantine/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { theme } from "../../../components/theme.ts";
import { setLanguage } from "../../../lib/i18n.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { createFakeApi, type FakeApi, json } from "../../../test/fake-api.ts";
import { PointsSection } from "./points-section.tsx";

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
const day = (iso: string) => dateFormat.format(new Date(iso));

function entry(overrides: Partial<PointHistoryEntry>): PointHistoryEntry {
  return { delta: 10, reason: "submit", created_at: "2026-03-14T09:30:00.000Z", ...overrides };
}

function page(balance: number, history: PointHistoryEntry[], nextCursor: string | null = null): MyPointsResponse {
  return { success: true, balance, history, next_cursor: nextCursor };
}

function renderSection(setup: (fake: FakeApi) => void) {
  const fake = createFakeApi();
  setup(fake);
  vi.stubGlobal("fetch", fake.fetch);
  render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={createQueryClient()}>
        <PointsSection />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { fake };
}

/** The visible lines of the history, each as "label date delta". */
function historyLines() {
  const list = screen.getByRole("list", { name: "Points history" });
  return within(list)
    .getAllByRole("listitem")
    .map((item) => item.textContent);
}

describe("points section", () => {
  it("shows the balance and a sentence, date and signed change for every reason", async () => {
    const history = [
      entry({ delta: 50, reason: "approved", created_at: "2026-03-20T10:00:00.000Z", idea_id: "idea-1" }),
      entry({ delta: 20, reason: "challenge_reward", created_at: "2026-03-20T10:00:00.000Z", challenge_id: "c-1" }),
      entry({ delta: -100, reason: "reward_redemption", created_at: "2026-03-19T10:00:00.000Z", reward_id: "r-1" }),
      entry({ delta: 100, reason: "reward_refund", created_at: "2026-03-18T10:00:00.000Z", reward_id: "r-1" }),
      entry({ delta: 5, reason: "challenge_answer", created_at: "2026-03-17T10:00:00.000Z" }),
      entry({ delta: 2, reason: "comment", created_at: "2026-03-16T10:00:00.000Z" }),
      entry({ delta: -3, reason: "adjustment", created_at: "2026-03-15T10:00:00.000Z" }),
      entry({ delta: 10, reason: "submit", created_at: "2026-03-14T10:00:00.000Z" }),
    ];
    renderSection((fake) => fake.on("GET /api/points/me/", json(page(84, history))));

    const region = await screen.findByRole("region", { name: "Your points" });
    expect(await within(region).findByText("84 points")).toBeInTheDocument();
    expect(historyLines()).toEqual([
      `Idea approved${day("2026-03-20T10:00:00.000Z")}+50`,
      `Challenge reward${day("2026-03-20T10:00:00.000Z")}+20`,
      `Reward redeemed${day("2026-03-19T10:00:00.000Z")}\u2212100`,
      `Reward refunded${day("2026-03-18T10:00:00.000Z")}+100`,
      `Challenge answered${day("2026-03-17T10:00:00.000Z")}+5`,
      `Comment${day("2026-03-16T10:00:00.000Z")}+2`,
      `Adjustment${day("2026-03-15T10:00:00.000Z")}\u22123`,
      `Idea submitted${day("2026-03-14T10:00:00.000Z")}+10`,
    ]);
    expect(within(region).getByText(day("2026-03-19T10:00:00.000Z"))).toHaveAttribute(
      "datetime",
      "2026-03-19T10:00:00.000Z",
    );
    expect(within(region).queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
  });

  it("loads the next page of the history with Load more", async () => {
    const { fake } = renderSection((fake) =>
      fake.on("GET /api/points/me/", (request) =>
        new URL(request.url, "http://localhost").searchParams.get("cursor") === "page-2"
          ? json(page(60, [entry({ delta: 10, reason: "submit", created_at: "2026-03-01T10:00:00.000Z" })]))
          : json(
              page(60, [entry({ delta: 50, reason: "approved", created_at: "2026-03-02T10:00:00.000Z" })], "page-2"),
            ),
      ),
    );

    await userEvent.click(await screen.findByRole("button", { name: "Load more" }));

    await screen.findByText("Idea submitted");
    expect(historyLines()).toEqual([
      `Idea approved${day("2026-03-02T10:00:00.000Z")}+50`,
      `Idea submitted${day("2026-03-01T10:00:00.000Z")}+10`,
    ]);
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
    const urls = fake.calls("GET /api/points/me/").map((request) => new URL(request.url, "http://localhost"));
    expect(urls.map((url) => url.searchParams.get("cursor"))).toEqual([null, "page-2"]);
    expect(urls[0]?.searchParams.get("limit")).toBe("20");
  });

  it("tells a person without points how they earn some, by the company's rules", async () => {
    renderSection((fake) => {
      fake.on("GET /api/points/me/", json(page(0, [])));
      fake.on(
        "GET /api/company/points-rules/",
        json({ success: true, rules: { submit: 10, approved: 50, comment: 2, challenge_answer: 20 } }),
      );
    });

    const region = await screen.findByRole("region", { name: "Your points" });
    expect(await within(region).findByText("0 points")).toBeInTheDocument();
    expect(
      await within(region).findByText(
        "You have no points yet. You earn 10 points for each idea you submit, 50 when one is approved, 2 for a comment and 20 for answering a challenge.",
      ),
    ).toBeInTheDocument();
    expect(within(region).queryByRole("list", { name: "Points history" })).not.toBeInTheDocument();
  });

  it("still says how points are earned when the rules cannot be loaded", async () => {
    renderSection((fake) => {
      fake.on("GET /api/points/me/", json(page(0, [])));
      fake.on("GET /api/company/points-rules/", json({ success: false, error: "Nope." }, { status: 403 }));
    });

    expect(
      await screen.findByText(
        "You have no points yet. You earn points by submitting ideas, commenting and answering challenges.",
      ),
    ).toBeInTheDocument();
  });

  it("offers a retry when the points cannot be loaded", async () => {
    let calls = 0;
    renderSection((fake) =>
      fake.on("GET /api/points/me/", () => {
        calls += 1;
        return calls === 1
          ? json({ success: false, error: "Not allowed." }, { status: 403 })
          : json(page(12, [entry({ delta: 12, reason: "adjustment" })]));
      }),
    );

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(/^Could not load your points\./);
    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }));

    expect(await screen.findByText("12 points")).toBeInTheDocument();
    expect(historyLines()).toEqual([`Adjustment${day("2026-03-14T09:30:00.000Z")}+12`]);
  });
});

describe("points section in German", () => {
  it("shows the balance, the history and Load more in German", async () => {
    await setLanguage("de");
    renderSection((fake) =>
      fake.on("GET /api/points/me/", json(page(1, [entry({ delta: 1, reason: "submit" })], "cursor-2"))),
    );

    const region = await screen.findByRole("region", { name: "Deine Punkte" });
    expect(await within(region).findByText("1 Punkt")).toBeInTheDocument();
    const history = within(region).getByRole("list", { name: "Punkteverlauf" });
    expect(within(history).getByText("Idee eingereicht")).toBeInTheDocument();
    expect(within(region).getByRole("button", { name: "Mehr laden" })).toBeInTheDocument();
  });

  it("says in German that a person has no points yet", async () => {
    await setLanguage("de");
    renderSection((fake) => {
      fake.on("GET /api/points/me/", json(page(0, [])));
      fake.on("GET /api/company/points-rules/", json({ success: false, error: "Down" }, { status: 500 }));
    });

    const region = await screen.findByRole("region", { name: "Deine Punkte" });
    expect(
      await within(region).findByText(
        "Du hast noch keine Punkte. Punkte bekommst du, wenn du Ideen einreichst, kommentierst und Challenges beantwortest.",
      ),
    ).toBeInTheDocument();
  });
});
