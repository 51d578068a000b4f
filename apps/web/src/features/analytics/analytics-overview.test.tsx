import { ANALYTICS_MESSAGES, type AnalyticsOverview, type TeamSummary } from "@ideaport/shared";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { type FakeApi, json, type RecordedRequest } from "../../test/fake-api.ts";
import { admin, buildTeam, refusal, renderSettings } from "../../test/settings-fixtures.ts";
// Loaded lazily by Company Settings; imported here so that its first load is not timed by a test.
import "./analytics-overview.tsx";
import { t } from "../../lib/i18n.ts";
import { renderInGerman } from "../../test/german.ts";

const OPERATIONS_ID = "0b7c4a52-7d0e-4a55-9a39-5f0e2b1d0001";
const LOGISTICS_ID = "0b7c4a52-7d0e-4a55-9a39-5f0e2b1d0002";
const operations = buildTeam({ id: OPERATIONS_ID, name: "Operations", member_count: 6 });
const logistics = buildTeam({ id: LOGISTICS_ID, name: "Logistics", member_count: 4 });

/** Figures as the screen formats them in the test's locale. */
const number = (value: number) => new Intl.NumberFormat(undefined).format(value);
const percent = (value: number) =>
  new Intl.NumberFormat(undefined, { style: "percent", maximumFractionDigits: 1 }).format(value);
const day = (value: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeZone: "UTC" }).format(Date.parse(`${value}T00:00:00Z`));

const OVERVIEW_ROUTE = "GET /api/analytics/overview/";
const CSV_ROUTE = "GET /api/analytics/ideas.csv";

/** A company's last 30 days whose every figure is known. */
function buildOverview(overrides: Partial<AnalyticsOverview> = {}): AnalyticsOverview {
  return {
    period: { period: "30d", from: "2026-10-25", to: "2026-11-23" },
    team: null,
    funnel: [
      { stage: "submitted", count: 20 },
      { stage: "under_review", count: 15 },
      { stage: "approved", count: 8 },
      { stage: "actioned", count: 3 },
    ],
    by_status: [
      { status: "submitted", count: 5 },
      { status: "under_review", count: 4 },
      { status: "needs_revision", count: 1 },
      { status: "revision_submitted", count: 0 },
      { status: "pending_review", count: 0 },
      { status: "approved", count: 8 },
      { status: "rejected", count: 2 },
    ],
    ideas_per_team: [
      { team_id: OPERATIONS_ID, team_name: "Operations", count: 12 },
      { team_id: LOGISTICS_ID, team_name: "Logistics", count: 7 },
      { team_id: null, team_name: null, count: 1 },
    ],
    ideas_per_tag: [
      { tag_id: "00000000-0000-4000-8000-00000000000a", tag_name: "Energy", count: 6 },
      { tag_id: "00000000-0000-4000-8000-00000000000b", tag_name: "Safety", count: 2 },
    ],
    scores_per_challenge: [
      {
        challenge_id: "challenge-1",
        challenge_title: "Less packaging",
        scored: 5,
        average_score: 3.4,
        buckets: [
          { bucket: "1-2", count: 1 },
          { bucket: "2-3", count: 0 },
          { bucket: "3-4", count: 3 },
          { bucket: "4-5", count: 1 },
        ],
      },
      {
        challenge_id: null,
        challenge_title: null,
        scored: 2,
        average_score: 4,
        buckets: [
          { bucket: "1-2", count: 0 },
          { bucket: "2-3", count: 0 },
          { bucket: "3-4", count: 0 },
          { bucket: "4-5", count: 2 },
        ],
      },
    ],
    participation: {
      active_people: 40,
      submitted: 10,
      commented: 14,
      voted: 22,
      participated: 25,
      submitted_share: 0.25,
      commented_share: 0.35,
      voted_share: 0.55,
      participated_share: 0.625,
    },
    review_times: {
      first_review: { count: 15, median_hours: 20.5, p90_hours: 70 },
      decision: { count: 10, median_hours: 96, p90_hours: 240 },
    },
    stale_reviews: [{ team_id: LOGISTICS_ID, team_name: "Logistics", count: 2 }],
    challenges: [{ id: "challenge-1", title: "Less packaging", answers: 6, approved: 3, approval_rate: 0.5 }],
    actions: {
      by_status: [
        { status: "todo", count: 4 },
        { status: "in_progress", count: 2 },
        { status: "done", count: 1 },
        { status: "blocked", count: 1 },
      ],
      overdue: 2,
    },
    points_awarded: 1250,
    top_contributors: [
      { rank: 1, user_id: "user-1", name: "Priya Patel", points: 320, ideas_submitted: 4 },
      { rank: 2, user_id: "user-2", name: "Omar Haddad", points: 180, ideas_submitted: 2 },
    ],
    ...overrides,
  };
}

function queryOf(request: RecordedRequest | undefined): Record<string, string> {
  if (!request) return {};
  return Object.fromEntries(new URL(request.url, "http://localhost").searchParams.entries());
}

function answerCompany(fake: FakeApi, teams: TeamSummary[] = [operations, logistics]) {
  fake.on(
    "GET /api/company/",
    json({ success: true, company: { id: "company-1", name: "Acme", member_count: 10, teams } }),
  );
  fake.on("GET /api/teams/", json({ success: true, teams }));
  fake.on("GET /api/company/users/", json({ success: true, users: [], next_cursor: null }));
}

async function renderOverview(answer: (fake: FakeApi) => void = (fake) => answerOverview(fake, buildOverview())) {
  const app = await renderSettings(admin, "/app/settings/company", (fake) => {
    answerCompany(fake);
    answer(fake);
  });
  const section = await screen.findByRole("region", { name: "Analytics overview" });
  return { ...app, section };
}

function answerOverview(fake: FakeApi, overview: AnalyticsOverview) {
  fake.on(OVERVIEW_ROUTE, json({ success: true, overview }));
}

/** Every row of a table as the cells' texts, header row first. */
function rowsOf(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole("row")
    .map((row) => Array.from(row.querySelectorAll("th, td"), (cell) => cell.textContent ?? ""));
}

function card(section: HTMLElement, name: string) {
  return within(section).getByRole("region", { name });
}

describe("analytics overview", () => {
  beforeEach(() => {
    // jsdom lays nothing out, so every chart measures 0 by 0 and the chart library says so.
    const warn = console.warn.bind(console);
    vi.spyOn(console, "warn").mockImplementation((...args: unknown[]) => {
      if (!String(args[0]).includes("of chart should be greater than 0")) warn(...args);
    });
  });

  it("shows the last 30 days' key figures for the whole company, with the period it covers", async () => {
    const { fake, section } = await renderOverview();

    expect(within(section).getByRole("heading", { name: "Analytics overview" }).closest("[data-tour]")).toHaveAttribute(
      "data-tour",
      "analytics-overview",
    );
    expect(
      await within(section).findByText(`From ${day("2026-10-25")} to ${day("2026-11-23")}, all teams.`),
    ).toBeInTheDocument();
    const figures = within(within(section).getByRole("list", { name: "Key figures" })).getAllByRole("listitem");
    expect(figures.map((figure) => figure.textContent)).toEqual([
      "Ideas submitted20",
      "Ideas approved8",
      `People taking part${percent(0.625)}25 of 40 active people`,
      `Median time to first review${number(20.5)} hours`,
      "Median time to decision4 days",
      `Points awarded${number(1250)}`,
      "Overdue actions2",
    ]);
    expect(within(section).getByRole("combobox", { name: "Period" })).toHaveValue("30d");
    expect(within(section).getByRole("combobox", { name: "Team" })).toHaveValue("");
    expect(queryOf(fake.calls(OVERVIEW_ROUTE)[0])).toEqual({ period: "30d" });
  });

  it("gives every chart its figures as a table", async () => {
    const { section } = await renderOverview();
    await within(section).findByRole("list", { name: "Key figures" });

    expect(rowsOf(within(section).getByRole("table", { name: "Ideas funnel" }))).toEqual([
      ["Stage", "Ideas", "Share of submitted"],
      ["Submitted", "20", percent(1)],
      ["Under review", "15", percent(0.75)],
      ["Approved", "8", percent(0.4)],
      ["Actioned", "3", percent(0.15)],
    ]);
    expect(rowsOf(within(section).getByRole("table", { name: "Ideas by status" }))).toEqual([
      ["Status", "Ideas"],
      ["Submitted", "5"],
      ["Under review", "4"],
      ["Needs revision", "1"],
      ["Revision submitted", "0"],
      ["Pending admin review", "0"],
      ["Approved", "8"],
      ["Rejected", "2"],
    ]);
    expect(rowsOf(within(section).getByRole("table", { name: "Ideas per team" }))).toEqual([
      ["Team", "Ideas"],
      ["Operations", "12"],
      ["Logistics", "7"],
      ["No team", "1"],
    ]);
    expect(rowsOf(within(section).getByRole("table", { name: "Ideas by tag" }))).toEqual([
      ["Tag", "Ideas"],
      ["Energy", "6"],
      ["Safety", "2"],
    ]);
    expect(rowsOf(within(section).getByRole("table", { name: "Participation" }))).toEqual([
      ["Activity", "People", "Share of active people"],
      ["Submitted an idea", "10", percent(0.25)],
      ["Commented", "14", percent(0.35)],
      ["Voted", "22", percent(0.55)],
      ["Any of these", "25", percent(0.625)],
    ]);
    expect(rowsOf(within(section).getByRole("table", { name: "Review times" }))).toEqual([
      ["Step", "Ideas", "Median", "90th percentile"],
      ["First review", "15", `${number(20.5)} hours`, `${number(2.9)} days`],
      ["Decision", "10", "4 days", "10 days"],
    ]);
    expect(rowsOf(within(section).getByRole("table", { name: "Reviewers' backlog" }))).toEqual([
      ["Team", "Waiting more than 7 days"],
      ["Logistics", "2"],
    ]);
    expect(rowsOf(within(section).getByRole("table", { name: "Actions" }))).toEqual([
      ["Status", "Actions"],
      ["To do", "4"],
      ["In progress", "2"],
      ["Done", "1"],
      ["Blocked", "1"],
    ]);
    expect(within(card(section, "Actions")).getByText(/Overdue: 2\./)).toBeInTheDocument();
    expect(rowsOf(within(section).getByRole("table", { name: "Challenges" }))).toEqual([
      ["Challenge", "Answers", "Approved", "Approval rate"],
      ["Less packaging", "6", "3", percent(0.5)],
    ]);
    // Scores as shown with one decimal, each bucket from its lowest to its highest shown score.
    expect(rowsOf(within(section).getByRole("table", { name: "Scores by challenge" }))).toEqual([
      ["Challenge", "Scored ideas", "Average score", "1.0–1.9", "2.0–2.9", "3.0–3.9", "4.0–5.0"],
      ["Less packaging", "5", "3.4", "1", "0", "3", "1"],
      ["No challenge", "2", "4.0", "0", "0", "0", "2"],
    ]);
    expect(
      within(card(section, "Scores by challenge")).getByText(
        "The weighted scores (1 to 5) of the period's scored ideas, per challenge: at most the 10 challenges with the most scored ideas.",
      ),
    ).toBeVisible();
    expect(rowsOf(within(section).getByRole("table", { name: "Top contributors" }))).toEqual([
      ["Rank", "Person", "Points", "Ideas submitted"],
      ["1", "Priya Patel", "320", "4"],
      ["2", "Omar Haddad", "180", "2"],
    ]);
  });

  it("puts a chart's table in its place on screen with Show as table", async () => {
    const { section } = await renderOverview();
    const funnel = card(section, "Ideas funnel");
    const toggle = await within(funnel).findByRole("button", { name: "Show as table: Ideas funnel" });
    expect(toggle).toHaveAttribute("aria-pressed", "false");
    expect(within(funnel).getByTestId("analytics-chart")).toHaveAttribute("aria-hidden", "true");
    // Shown as a chart, the table is there for screen readers only, out of the tab order.
    expect(within(funnel).queryByRole("region", { name: "Ideas funnel table" })).not.toBeInTheDocument();

    await userEvent.click(toggle);

    expect(toggle).toHaveAttribute("aria-pressed", "true");
    expect(within(funnel).queryByTestId("analytics-chart")).not.toBeInTheDocument();
    const region = within(funnel).getByRole("region", { name: "Ideas funnel table" });
    expect(within(region).getByRole("table", { name: "Ideas funnel" })).toBeVisible();
    // The scores by challenge: one stacked bar per challenge, its table a switch away.
    const scores = card(section, "Scores by challenge");
    expect(within(scores).getByTestId("analytics-chart")).toHaveAttribute("aria-hidden", "true");
    await userEvent.click(within(scores).getByRole("button", { name: "Show as table: Scores by challenge" }));
    expect(within(scores).getByRole("table", { name: "Scores by challenge" })).toBeVisible();
    expect(within(scores).queryByTestId("analytics-chart")).not.toBeInTheDocument();
    // The other charts stay charts.
    expect(within(card(section, "Participation")).getByTestId("analytics-chart")).toBeInTheDocument();
  });

  it("asks for the figures of the period and team chosen, and links the export with the same filters", async () => {
    const { fake, section } = await renderOverview((fake) =>
      fake.on(OVERVIEW_ROUTE, (request) => {
        const query = queryOf(request);
        return json({
          success: true,
          overview: buildOverview({
            period: { period: query.period as "30d", from: "2026-07-01", to: "2026-11-23" },
            team: query.team === LOGISTICS_ID ? { id: LOGISTICS_ID, name: "Logistics" } : null,
          }),
        });
      }),
    );
    await within(section).findByRole("list", { name: "Key figures" });

    await userEvent.selectOptions(within(section).getByRole("combobox", { name: "Period" }), "This quarter");
    await waitFor(() => expect(queryOf(fake.calls(OVERVIEW_ROUTE).at(-1))).toEqual({ period: "quarter" }));
    await userEvent.selectOptions(within(section).getByRole("combobox", { name: "Team" }), "Logistics");

    await waitFor(() =>
      expect(queryOf(fake.calls(OVERVIEW_ROUTE).at(-1))).toEqual({ period: "quarter", team: LOGISTICS_ID }),
    );
    expect(
      await within(section).findByText(`From ${day("2026-07-01")} to ${day("2026-11-23")}, team Logistics.`),
    ).toBeInTheDocument();
    expect(within(section).getByRole("link", { name: "Download the ideas as CSV" })).toHaveAttribute(
      "href",
      `/api/analytics/ideas.csv?period=quarter&team=${LOGISTICS_ID}`,
    );
  });

  it("starts a custom period from the days on screen and refuses a to day before the from day", async () => {
    const { fake, section } = await renderOverview();
    await within(section).findByRole("list", { name: "Key figures" });

    await userEvent.selectOptions(within(section).getByRole("combobox", { name: "Period" }), "Custom dates");
    const from = within(section).getByLabelText(/^From\W*$/);
    const to = within(section).getByLabelText(/^To\W*$/);
    expect(from).toHaveValue("2026-10-25");
    expect(to).toHaveValue("2026-11-23");
    await waitFor(() =>
      expect(queryOf(fake.calls(OVERVIEW_ROUTE).at(-1))).toEqual({
        period: "custom",
        from: "2026-10-25",
        to: "2026-11-23",
      }),
    );
    const calls = fake.calls(OVERVIEW_ROUTE).length;

    fireEvent.change(to, { target: { value: "2026-10-01" } });

    expect(within(section).getByText(t(ANALYTICS_MESSAGES.toBeforeFrom))).toBeInTheDocument();
    expect(to).toHaveAttribute("aria-invalid", "true");
    expect(within(section).getByText("Choose the from and to days of the period to see its figures.")).toBeVisible();
    expect(within(section).queryByRole("link", { name: "Download the ideas as CSV" })).not.toBeInTheDocument();
    expect(fake.calls(OVERVIEW_ROUTE)).toHaveLength(calls);

    fireEvent.change(from, { target: { value: "2026-09-01" } });

    await waitFor(() =>
      expect(queryOf(fake.calls(OVERVIEW_ROUTE).at(-1))).toEqual({
        period: "custom",
        from: "2026-09-01",
        to: "2026-10-01",
      }),
    );
    expect(within(section).queryByText(t(ANALYTICS_MESSAGES.toBeforeFrom))).not.toBeInTheDocument();
  });

  it("downloads the export of the filters on screen, signed in, under the period's file name, byte-order mark first", async () => {
    const csv = "id,title,status\nidea-1,Zoë's packaging,approved\n";
    const { fake, section } = await renderOverview((fake) => {
      answerOverview(fake, buildOverview());
      // As the server sends it: the byte-order mark, then the lines.
      fake.on(
        CSV_ROUTE,
        () => new Response(`\uFEFF${csv}`, { headers: { "Content-Type": "text/csv; charset=utf-8" } }),
      );
    });
    const saved: { blob: Blob; name: string }[] = [];
    const blobs = new Map<string, Blob>();
    URL.createObjectURL = (blob: Blob) => {
      const url = `blob:csv-${blobs.size}`;
      blobs.set(url, blob);
      return url;
    };
    // jsdom has no object URLs: the file handed to the browser is kept here instead.
    URL.revokeObjectURL = () => {};
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      const blob = blobs.get(this.href);
      if (blob) saved.push({ blob, name: this.download });
    });

    await userEvent.click(await within(section).findByRole("link", { name: "Download the ideas as CSV" }));

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe("ideas-2026-10-25-to-2026-11-23.csv");
    // Reading the answer as text drops the mark; the saved file keeps it, so Excel reads "Zoë" as UTF-8.
    const bytes = new Uint8Array(await saved[0]!.blob.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toBe(csv);
    const request = fake.calls(CSV_ROUTE)[0];
    expect(queryOf(request)).toEqual({ period: "30d" });
    expect(request?.headers.authorization).toMatch(/^Bearer /);
  });

  it("says when the export cannot be downloaded", async () => {
    const { section } = await renderOverview((fake) => {
      answerOverview(fake, buildOverview());
      fake.on(CSV_ROUTE, refusal(403, "auth.forbidden", "Only administrators can do this."));
    });

    await userEvent.click(await within(section).findByRole("link", { name: "Download the ideas as CSV" }));

    expect(
      await within(section).findByText("Could not download the ideas. Only administrators can do this."),
    ).toBeInTheDocument();
  });

  it("says what is empty in a period without activity", async () => {
    const { section } = await renderOverview((fake) =>
      answerOverview(
        fake,
        buildOverview({
          funnel: [
            { stage: "submitted", count: 0 },
            { stage: "under_review", count: 0 },
            { stage: "approved", count: 0 },
            { stage: "actioned", count: 0 },
          ],
          ideas_per_team: [],
          ideas_per_tag: [],
          review_times: {
            first_review: { count: 0, median_hours: null, p90_hours: null },
            decision: { count: 0, median_hours: null, p90_hours: null },
          },
          stale_reviews: [],
          challenges: [],
          scores_per_challenge: [],
          top_contributors: [],
        }),
      ),
    );
    await within(section).findByRole("list", { name: "Key figures" });

    expect(within(card(section, "Ideas per team")).getByText("No idea was submitted in this period.")).toBeVisible();
    expect(within(card(section, "Ideas by tag")).getByText("No idea of the period carries a tag.")).toBeVisible();
    expect(
      within(card(section, "Review times")).getByText("No idea of this period has been reviewed yet."),
    ).toBeVisible();
    expect(
      within(card(section, "Reviewers' backlog")).getByText("No idea has waited for review for more than 7 days."),
    ).toBeVisible();
    expect(within(card(section, "Challenges")).getByText("No challenge was answered in this period.")).toBeVisible();
    expect(
      within(card(section, "Scores by challenge")).getByText("No idea of this period has been scored yet."),
    ).toBeVisible();
    expect(
      within(card(section, "Scores by challenge")).queryByRole("button", { name: /Show as table/ }),
    ).not.toBeInTheDocument();
    expect(within(card(section, "Top contributors")).getByText("Nobody earned points in this period.")).toBeVisible();
    expect(within(card(section, "Ideas funnel")).getByText("No idea was submitted in this period.")).toBeVisible();
    expect(within(section).queryByRole("table", { name: "Ideas funnel" })).not.toBeInTheDocument();
  });

  it("shows why the figures could not load, with a way to try again", async () => {
    // A refusal is not retried: the admin whose rights were just withdrawn sees why at once.
    const { fake, section } = await renderOverview((fake) =>
      fake.on(OVERVIEW_ROUTE, refusal(403, "auth.forbidden", "Only administrators can do this.")),
    );

    expect(
      await within(section).findByText("Could not load the analytics. Only administrators can do this."),
    ).toBeVisible();
    answerOverview(fake, buildOverview());
    await userEvent.click(within(section).getByRole("button", { name: /Try again/ }));

    expect(await within(section).findByRole("list", { name: "Key figures" })).toBeInTheDocument();
  });
});

describe("analytics overview in German", () => {
  beforeEach(() => {
    const warn = console.warn.bind(console);
    vi.spyOn(console, "warn").mockImplementation((...args: unknown[]) => {
      if (!String(args[0]).includes("of chart should be greater than 0")) warn(...args);
    });
  });

  // Company Settings is the heaviest page: under load its first render can take seconds.
  it("says its figures, its charts' tables and its filters in German", async () => {
    await renderInGerman(admin, "/app/settings/company", (fake) => {
      answerCompany(fake);
      answerOverview(fake, buildOverview());
    });
    const section = await screen.findByRole("region", { name: "Auswertungen" }, { timeout: 15000 });

    const figures = await within(section).findByRole("list", { name: "Kennzahlen" });
    expect(within(figures).getByText("Eingereichte Ideen")).toBeInTheDocument();
    expect(within(figures).getByText("25 von 40 aktiven Personen")).toBeInTheDocument();
    // The number follows lib/format.ts; the unit is German.
    expect(within(figures).getByText(/^20[.,]5 Stunden$/)).toBeInTheDocument();
    expect(within(section).getByRole("combobox", { name: "Zeitraum" })).toHaveDisplayValue("Letzte 30 Tage");
    expect(within(section).getByRole("combobox", { name: "Team" })).toHaveDisplayValue("Alle Teams");
    expect(within(section).getByText(/^Vom .+ bis .+, alle Teams\.$/)).toBeInTheDocument();
    expect(within(section).getByRole("button", { name: "Als Tabelle zeigen: Ideen-Trichter" })).toHaveTextContent(
      "Als Tabelle",
    );
    expect(rowsOf(within(section).getByRole("table", { name: "Prüfdauer" }))[0]).toEqual([
      "Schritt",
      "Ideen",
      "Median",
      "90. Perzentil",
    ]);
    expect(rowsOf(within(section).getByRole("table", { name: "Ideen pro Team" })).at(-1)).toEqual(["Kein Team", "1"]);
    expect(rowsOf(within(section).getByRole("table", { name: "Bewertungen nach Challenge" }))).toEqual([
      ["Challenge", "Bewertete Ideen", "Durchschnittliche Bewertung", "1,0–1,9", "2,0–2,9", "3,0–3,9", "4,0–5,0"],
      ["Less packaging", "5", "3,4", "1", "0", "3", "1"],
      ["Ohne Challenge", "2", "4,0", "0", "0", "0", "2"],
    ]);
    expect(within(section).getByRole("link", { name: "Ideen als CSV herunterladen" })).toBeInTheDocument();
  }, 30_000);
});
