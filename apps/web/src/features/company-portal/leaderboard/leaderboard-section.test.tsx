import type { LeaderboardEntry, LeaderboardResponse, User } from "@ideaport/shared";
import { MantineProvider } from "@mantine/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { theme } from "../../../components/theme.ts";
import { AuthProvider } from "../../../lib/auth-provider.tsx";
import { setLanguage } from "../../../lib/i18n.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { buildUser } from "../../../test/factories.ts";
import { createFakeApi, type FakeApi, json, type RecordedRequest } from "../../../test/fake-api.ts";
import { signInAs } from "../../../test/render-app.tsx";
import { LeaderboardSection } from "./leaderboard-section.tsx";

const jane = buildUser({
  id: "user-jane",
  display_name: "Jane Doe",
  team: [{ id: "team-ops", name: "Operations", is_manager: false }],
});

function person(rank: number, id: string, name: string, points: number, team?: string): LeaderboardEntry {
  return { rank, id, name, points, ...(team ? { team_name: team } : {}) };
}

function board(entries: LeaderboardEntry[], me: LeaderboardResponse["me"] = null): LeaderboardResponse {
  return { success: true, entries, me };
}

type Boards = Record<string, LeaderboardResponse>;

/** Answers `GET /api/leaderboards/` by "board/period". */
function answerBoards(fake: FakeApi, boards: Boards) {
  fake.on("GET /api/leaderboards/", (request) => {
    const query = queryOf(request);
    const answer = boards[`${query.board}/${query.period}`];
    return answer ? json(answer) : json(board([]));
  });
}

function queryOf(request: RecordedRequest) {
  return Object.fromEntries(new URL(request.url, "http://localhost").searchParams);
}

function renderSection(boards: Boards, user: User = jane) {
  const fake = createFakeApi();
  signInAs(user, fake);
  answerBoards(fake, boards);
  vi.stubGlobal("fetch", fake.fetch);
  render(
    <MemoryRouter>
      <MantineProvider theme={theme} env="test">
        <QueryClientProvider client={createQueryClient()}>
          <AuthProvider>
            <LeaderboardSection />
          </AuthProvider>
        </QueryClientProvider>
      </MantineProvider>
    </MemoryRouter>,
  );
  return { fake };
}

/**
 * A cell's text as a wide screen shows it: the team that a phone shows under the name (hidden
 * from assistive technology, which reads the team column) is left out.
 */
function cellText(cell: Element): string {
  const copy = cell.cloneNode(true) as Element;
  for (const phoneOnly of copy.querySelectorAll("[aria-hidden]")) phoneOnly.remove();
  return copy.textContent ?? "";
}

/** Every row of the table as its cells' texts. */
function rows() {
  const table = screen.getByRole("table", { name: "Leaderboard" });
  return within(table)
    .getAllByRole("row")
    .map((row) => Array.from(row.querySelectorAll("th, td"), cellText));
}

function section() {
  return screen.getByRole("region", { name: "Leaderboard" });
}

describe("leaderboard section", () => {
  it("opens on the employees of this month, with ranks, names, teams and points", async () => {
    const { fake } = renderSection({
      "employees/month": board([
        person(1, "user-ana", "Ana Lima", 120, "Logistics"),
        person(2, "user-ben", "Ben Okafor", 80),
      ]),
    });

    await screen.findByRole("table", { name: "Leaderboard" });
    expect(rows()).toEqual([
      ["Rank", "Name", "Team", "Points"],
      ["1", "Ana Lima", "Logistics", "120"],
      ["2", "Ben Okafor", "No team", "80"],
    ]);
    expect(queryOf(fake.calls("GET /api/leaderboards/")[0] as RecordedRequest)).toEqual({
      board: "employees",
      period: "month",
    });
    const filter = within(section()).getByRole("group", { name: "Leaderboard filter" });
    expect(filter).toHaveAttribute("data-tour", "leaderboard-filter");
    expect(within(section()).getByRole("heading", { name: "Leaderboard" })).toHaveAttribute("data-tour", "leaderboard");
    expect(within(filter).getByRole("radiogroup", { name: "Board" })).toBeInTheDocument();
    expect(within(filter).getByRole("radio", { name: "Employees" })).toBeChecked();
    const period = within(filter).getByRole("combobox", { name: "Period" });
    expect(period).toHaveDisplayValue("This month");
    expect(
      within(period)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["This week", "This month", "This quarter", "This year", "All time"]);
  });

  it("asks for the board and period chosen and shows their rows; teams have no team column", async () => {
    const { fake } = renderSection({
      "employees/month": board([person(1, "user-ana", "Ana Lima", 120, "Logistics")]),
      "managers/month": board([person(1, "user-sam", "Sam Manager", 300, "Operations")]),
      "managers/all": board([person(1, "user-sam", "Sam Manager", 900, "Operations")]),
      "teams/all": board([person(1, "team-log", "Logistics", 1500), person(2, "team-sales", "Sales", 700)]),
    });
    await screen.findByRole("table", { name: "Leaderboard" });

    await userEvent.click(screen.getByRole("radio", { name: "Managers" }));
    await waitFor(() =>
      expect(rows()).toEqual([
        ["Rank", "Name", "Team", "Points"],
        ["1", "Sam Manager", "Operations", "300"],
      ]),
    );

    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Period" }), "All time");
    await waitFor(() =>
      expect(rows()).toEqual([
        ["Rank", "Name", "Team", "Points"],
        ["1", "Sam Manager", "Operations", "900"],
      ]),
    );

    await userEvent.click(screen.getByRole("radio", { name: "Teams" }));
    await waitFor(() =>
      expect(rows()).toEqual([
        ["Rank", "Name", "Points"],
        ["1", "Logistics", "1500"],
        ["2", "Sales", "700"],
      ]),
    );

    expect(fake.calls("GET /api/leaderboards/").map(queryOf)).toEqual([
      { board: "employees", period: "month" },
      { board: "managers", period: "month" },
      { board: "managers", period: "all" },
      { board: "teams", period: "all" },
    ]);
  });

  it("shows ties as the server ranks them and marks the caller's own row", async () => {
    renderSection({
      "employees/month": board(
        [
          person(1, "user-ana", "Ana Lima", 120, "Logistics"),
          person(1, "user-jane", "Jane Doe", 120, "Operations"),
          person(3, "user-ben", "Ben Okafor", 80, "Operations"),
        ],
        { rank: 1, points: 120 },
      ),
    });

    await screen.findByRole("table", { name: "Leaderboard" });
    await waitFor(() =>
      expect(rows()).toEqual([
        ["Rank", "Name", "Team", "Points"],
        ["1", "Ana Lima", "Logistics", "120"],
        ["1", "Jane DoeYou", "Operations", "120"],
        ["3", "Ben Okafor", "Operations", "80"],
      ]),
    );
    const table = screen.getByRole("table", { name: "Leaderboard" });
    const marked = within(table)
      .getAllByRole("row")
      .filter((row) => row.getAttribute("aria-current") === "true");
    expect(marked.map((row) => cellText(within(row).getByRole("rowheader")))).toEqual(["Jane DoeYou"]);
    expect(within(section()).queryByText(/^Your place/)).not.toBeInTheDocument();
  });

  it("marks the caller's team on the teams board", async () => {
    renderSection({
      "employees/month": board([person(1, "user-ana", "Ana Lima", 120, "Logistics")]),
      "teams/month": board([person(1, "team-log", "Logistics", 400), person(2, "team-ops", "Operations", 250)], {
        rank: 2,
        points: 250,
      }),
    });
    await screen.findByRole("table", { name: "Leaderboard" });

    await userEvent.click(screen.getByRole("radio", { name: "Teams" }));

    await waitFor(() =>
      expect(rows()).toEqual([
        ["Rank", "Name", "Points"],
        ["1", "Logistics", "400"],
        ["2", "OperationsYou", "250"],
      ]),
    );
    const own = screen.getByRole("rowheader", { name: "Operations You" }).closest("tr");
    expect(own).toHaveAttribute("aria-current", "true");
  });

  it("says the caller's place when they are outside the rows shown", async () => {
    renderSection({
      "employees/month": board(
        [person(1, "user-ana", "Ana Lima", 120, "Logistics"), person(2, "user-ben", "Ben Okafor", 80, "Operations")],
        { rank: 57, points: 12 },
      ),
    });

    expect(
      await within(await screen.findByRole("region", { name: "Leaderboard" })).findByText(/^Your place/),
    ).toHaveTextContent("Your place: #57 with 12 points");
    const table = screen.getByRole("table", { name: "Leaderboard" });
    expect(
      within(table)
        .getAllByRole("row")
        .filter((row) => row.hasAttribute("aria-current")),
    ).toEqual([]);
  });

  it("says when nobody earned points in the period", async () => {
    renderSection({ "employees/month": board([]) });

    expect(await within(section()).findByText("No points earned in this period yet.")).toBeInTheDocument();
    expect(screen.queryByRole("table", { name: "Leaderboard" })).not.toBeInTheDocument();
  });
});

describe("leaderboard section in German", () => {
  it("names the board, its filter, its columns and the caller's place in German", async () => {
    await setLanguage("de");
    renderSection(
      {
        "employees/month": board(
          [person(1, "user-ana", "Ana Lima", 1200, "Logistics"), person(2, "user-ben", "Ben Okafor", 80)],
          {
            rank: 14,
            points: 5,
          },
        ),
      },
      // Signed in, the app speaks the person's language.
      { ...jane, language: "de", effective_language: "de" },
    );

    const table = await screen.findByRole("table", { name: "Rangliste" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((cell) => cell.textContent),
    ).toEqual(["Platz", "Name", "Team", "Punkte"]);
    expect(within(table).getAllByText("Kein Team")).not.toHaveLength(0);
    const region = screen.getByRole("region", { name: "Rangliste" });
    const filter = within(region).getByRole("group", { name: "Filter der Rangliste" });
    expect(within(filter).getByRole("radio", { name: "Mitarbeitende" })).toBeChecked();
    expect(within(filter).getByRole("radio", { name: "Manager:innen" })).toBeInTheDocument();
    const period = within(filter).getByRole("combobox", { name: "Zeitraum" });
    expect(period).toHaveDisplayValue("Dieser Monat");
    expect(within(region).getByText("Du stehst auf Platz 14 mit 5 Punkte")).toBeInTheDocument();
  });
});
