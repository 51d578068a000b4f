import type { Redemption } from "@ideaport/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { setLanguage } from "../../../lib/i18n.ts";
import { type FakeApi, json } from "../../../test/fake-api.ts";
import { RedemptionQueueSection } from "./redemption-queue-section.tsx";
import { buildRedemption, queryOf, type RewardsState, refusal, renderOverFakeApi } from "./rewards-test-kit.tsx";

const priyasCoffee = buildRedemption({
  id: "r-coffee",
  reward_title: "Coffee voucher",
  user_name: "Priya Patel",
  cost: 20,
  created_at: "2026-03-10T09:00:00.000Z",
});
const antonsDayOff = buildRedemption({
  id: "r-day-off",
  reward_id: "reward-day-off",
  reward_title: "Extra day off",
  user_id: "employee-2",
  user_name: "Anton Berg",
  cost: 80,
  created_at: "2026-03-11T09:00:00.000Z",
});

function stateWith(redemptions: Redemption[]): RewardsState {
  return { balance: 0, rewards: [], redemptions };
}

/** Answers fulfil and cancel as the server does: the redemption is decided by Alex Admin. */
function decideOn(state: RewardsState, fake: FakeApi) {
  for (const redemption of state.redemptions) {
    for (const [action, status] of [
      ["fulfil", "fulfilled"],
      ["cancel", "cancelled"],
    ] as const) {
      fake.on(`POST /api/redemptions/${redemption.id}/${action}/`, () => {
        const decided: Redemption = {
          ...redemption,
          status,
          decided_at: "2026-03-12T09:00:00.000Z",
          decided_by_name: "Alex Admin",
        };
        state.redemptions = state.redemptions.map((entry) => (entry.id === redemption.id ? decided : entry));
        return json({ success: true, redemption: decided });
      });
    }
  }
}

function region() {
  return screen.getByRole("region", { name: "Redemption requests" });
}

/** Each body row's cells as text. */
function rowsOf(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) => Array.from(row.querySelectorAll("th, td")).map((cell) => cell.textContent?.trim() ?? ""));
}

async function findTable(name: string) {
  return within(await screen.findByRole("region", { name: "Redemption requests" })).findByRole("table", { name });
}

describe("redemption queue", () => {
  it("lists the waiting requests with person, reward, cost and date", async () => {
    const { fake } = renderOverFakeApi(<RedemptionQueueSection />, stateWith([antonsDayOff, priyasCoffee]));

    const table = await findTable("Waiting redemption requests");
    const rows = rowsOf(table);
    expect(rows.map((cells) => cells.slice(0, 3))).toEqual([
      ["Anton Berg", "Extra day off", "80 points"],
      ["Priya Patel", "Coffee voucher", "20 points"],
    ]);
    expect(rows.map((cells) => cells[4])).toEqual(["FulfilCancel and refund", "FulfilCancel and refund"]);
    // Each row's buttons are named for its reward and person.
    expect(
      within(table)
        .getAllByRole("button")
        .map((button) => button.getAttribute("aria-label")),
    ).toEqual([
      "Fulfil Extra day off for Anton Berg",
      "Cancel and refund Extra day off for Anton Berg",
      "Fulfil Coffee voucher for Priya Patel",
      "Cancel and refund Coffee voucher for Priya Patel",
    ]);
    expect(table.querySelector("time")?.getAttribute("datetime")).toBe("2026-03-11T09:00:00.000Z");
    expect(queryOf(fake.calls("GET /api/redemptions/")[0]).status).toBe("pending");
    expect(within(region()).getByRole("tab", { name: "Waiting" })).toHaveAttribute("aria-selected", "true");
  });

  it("fulfils a request: it leaves the waiting ones and shows under Fulfilled with who decided", async () => {
    const state = stateWith([antonsDayOff, priyasCoffee]);
    const { fake } = renderOverFakeApi(<RedemptionQueueSection />, state, (fake) => decideOn(state, fake));

    const table = await findTable("Waiting redemption requests");
    const priyasRow = within(table).getByRole("row", { name: /Priya Patel/ });
    await userEvent.click(within(priyasRow).getByRole("button", { name: "Fulfil Coffee voucher for Priya Patel" }));

    expect(
      await within(region()).findByText("Fulfilled: Coffee voucher for Priya Patel. They have been told."),
    ).toBeInTheDocument();
    expect(fake.calls("POST /api/redemptions/r-coffee/fulfil/")).toHaveLength(1);
    expect(fake.calls("POST /api/redemptions/r-coffee/cancel/")).toHaveLength(0);
    await waitFor(() => expect(rowsOf(table).map((cells) => cells[0])).toEqual(["Anton Berg"]));

    await userEvent.click(within(region()).getByRole("tab", { name: "Fulfilled" }));
    const fulfilled = await findTable("Fulfilled redemption requests");
    expect(rowsOf(fulfilled).map((cells) => [...cells.slice(0, 3), ...cells.slice(4, 6)])).toEqual([
      ["Priya Patel", "Coffee voucher", "20 points", "Fulfilled", "Alex Admin"],
    ]);
    expect(queryOf(fake.calls("GET /api/redemptions/").at(-1)).status).toBe("fulfilled");
  });

  it("cancels and refunds after a confirmation that says the points go back and asks why", async () => {
    const state = stateWith([antonsDayOff, priyasCoffee]);
    const { fake } = renderOverFakeApi(<RedemptionQueueSection />, state, (fake) => decideOn(state, fake));

    const table = await findTable("Waiting redemption requests");
    await userEvent.click(
      within(table).getByRole("button", { name: "Cancel and refund Extra day off for Anton Berg" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Cancel Extra day off for Anton Berg?" });
    expect(
      within(dialog).getByText(
        "The 80 points go back to Anton Berg, and the reward goes back into stock. This cannot be undone.",
      ),
    ).toBeInTheDocument();
    expect(fake.calls("POST /api/redemptions/r-day-off/cancel/")).toHaveLength(0);

    // The reason is required, with the API's own message.
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel and refund" }));
    const reason = within(dialog).getByRole("textbox", { name: "Reason" });
    expect(reason).toHaveAttribute("aria-invalid", "true");
    expect(reason).toHaveAccessibleDescription(expect.stringContaining("Please say why the redemption is cancelled."));
    expect(fake.calls("POST /api/redemptions/r-day-off/cancel/")).toHaveLength(0);

    await userEvent.type(reason, "The office is closed that week.");
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel and refund" }));

    expect(
      await within(region()).findByText("Cancelled: Extra day off for Anton Berg. 80 points went back to them."),
    ).toBeInTheDocument();
    expect(fake.calls("POST /api/redemptions/r-day-off/cancel/").map((call) => call.body)).toEqual([
      { reason: "The office is closed that week." },
    ]);
    expect(fake.calls("POST /api/redemptions/r-day-off/fulfil/")).toHaveLength(0);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await waitFor(() => expect(rowsOf(table).map((cells) => cells[0])).toEqual(["Priya Patel"]));

    await userEvent.click(within(region()).getByRole("tab", { name: "Cancelled" }));
    const cancelled = await findTable("Cancelled redemption requests");
    expect(rowsOf(cancelled).map((cells) => [...cells.slice(0, 3), ...cells.slice(4, 6)])).toEqual([
      ["Anton Berg", "Extra day off", "80 points", "Cancelled", "Alex Admin"],
    ]);
  });

  it("keeps the request when the admin changes their mind", async () => {
    const state = stateWith([priyasCoffee]);
    const { fake } = renderOverFakeApi(<RedemptionQueueSection />, state, (fake) => decideOn(state, fake));

    const table = await findTable("Waiting redemption requests");
    await userEvent.click(
      within(table).getByRole("button", { name: "Cancel and refund Coffee voucher for Priya Patel" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Cancel Coffee voucher for Priya Patel?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Keep request" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(fake.calls("POST /api/redemptions/r-coffee/cancel/")).toHaveLength(0);
    expect(rowsOf(table).map((cells) => cells[0])).toEqual(["Priya Patel"]);
  });

  it("shows the server's refusal when the request was already decided", async () => {
    renderOverFakeApi(<RedemptionQueueSection />, stateWith([priyasCoffee]), (fake) => {
      fake.on(
        "POST /api/redemptions/r-coffee/fulfil/",
        refusal(409, "redemption.already_decided", "This redemption has already been fulfilled or cancelled."),
      );
    });

    const table = await findTable("Waiting redemption requests");
    await userEvent.click(within(table).getByRole("button", { name: "Fulfil Coffee voucher for Priya Patel" }));
    expect(await within(region()).findByRole("alert")).toHaveTextContent(
      "This redemption has already been fulfilled or cancelled.",
    );
  });

  it("says when no request is waiting", async () => {
    renderOverFakeApi(<RedemptionQueueSection />, stateWith([]));
    expect(
      await within(await screen.findByRole("region", { name: "Redemption requests" })).findByText(
        "No redemption requests waiting.",
      ),
    ).toBeInTheDocument();
  });
});

describe("redemption queue in German", () => {
  it("names the tabs, the columns and the buttons in German, and asks why before cancelling", async () => {
    await setLanguage("de");
    renderOverFakeApi(<RedemptionQueueSection />, stateWith([priyasCoffee]));

    const region = await screen.findByRole("region", { name: "Einlösungsanfragen" });
    const table = await within(region).findByRole("table", { name: "Offene Einlösungen" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((cell) => cell.textContent),
    ).toEqual(["Person", "Prämie", "Kosten", "Angefragt am", "Aktionen"]);
    expect(within(region).getByRole("tablist", { name: "Status der Einlösungsanfragen" })).toBeInTheDocument();
    expect(within(region).getByRole("tab", { name: "Offen" })).toHaveAttribute("aria-selected", "true");
    expect(within(region).getByRole("tab", { name: "Erfüllt" })).toBeInTheDocument();
    expect(within(table).getByRole("button", { name: "Coffee voucher für Priya Patel erfüllen" })).toBeInTheDocument();

    await userEvent.click(
      within(table).getByRole("button", { name: "Coffee voucher für Priya Patel stornieren und erstatten" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Coffee voucher für Priya Patel stornieren?" });
    expect(
      within(dialog).getByText(
        "Priya Patel bekommt 20 Punkte zurück, und die Prämie geht zurück in den Bestand. Das lässt sich nicht rückgängig machen.",
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole("textbox", { name: /^Grund/ })).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Anfrage behalten" })).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Stornieren und erstatten" })).toBeInTheDocument();
  });
});
