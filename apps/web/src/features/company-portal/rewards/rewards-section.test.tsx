import { REWARD_MESSAGES } from "@ideaport/shared";
import { useQuery } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { setLanguage, t } from "../../../lib/i18n.ts";
import { json } from "../../../test/fake-api.ts";
import { RewardsSection } from "./rewards-section.tsx";
import {
  buildRedemption,
  buildReward,
  queryOf,
  type RewardsState,
  refusal,
  renderOverFakeApi,
} from "./rewards-test-kit.tsx";

const coffee = buildReward({
  id: "reward-coffee",
  title: "Coffee voucher",
  description: "A <b>free</b> coffee at the corner café.",
  cost: 20,
  stock: 3,
});
const dayOff = buildReward({ id: "reward-day-off", title: "Extra day off", cost: 80, stock: null, affordable: false });
const mug = buildReward({
  id: "reward-mug",
  title: "Company mug",
  cost: 10,
  stock: 0,
  available: false,
  affordable: false,
});
const hoodie = buildReward({
  id: "reward-hoodie",
  title: "Hoodie",
  cost: 30,
  stock: 5,
  archived: true,
  available: false,
  affordable: false,
});

function stateWith(overrides: Partial<RewardsState> = {}): RewardsState {
  return { balance: 50, rewards: [coffee, dayOff, mug], redemptions: [], ...overrides };
}

/** Stands for the sections that show the balance and the boards: each asks the fake API once per load. */
function BalanceReaders() {
  useQuery({ queryKey: ["points", "me"], queryFn: () => fetch("/api/points/me/").then((answer) => answer.json()) });
  useQuery({
    queryKey: ["leaderboards", "employees"],
    queryFn: () => fetch("/api/leaderboards/").then((answer) => answer.json()),
  });
  return null;
}

function rewardsRegion() {
  return screen.getByRole("region", { name: "Rewards" });
}

function redemptionsRegion() {
  return screen.getByRole("region", { name: "Your redemptions" });
}

async function findCard(title: string) {
  return within(await screen.findByRole("region", { name: "Rewards" })).findByRole("article", { name: title });
}

/** The visible lines of a card, in order. */
function linesOf(element: HTMLElement): string[] {
  return Array.from(element.querySelectorAll("h3, p, button, .mantine-Badge-root"))
    .map((node) => node.textContent?.trim() ?? "")
    .filter((text) => text !== "");
}

describe("rewards section", () => {
  it("shows the balance and each reward's cost, stock, and why it cannot be redeemed", async () => {
    const { container } = renderOverFakeApi(<RewardsSection manage={false} />, stateWith());

    const coffeeCard = await findCard("Coffee voucher");
    expect(within(rewardsRegion()).getByText("You have 50 points")).toBeInTheDocument();
    expect(linesOf(coffeeCard)).toEqual([
      "Coffee voucher",
      "A <b>free</b> coffee at the corner café.",
      "20 points",
      "3 left",
      "Redeem",
    ]);
    expect(container.querySelector("b")).toBeNull();
    expect(within(coffeeCard).getByRole("button", { name: "Redeem Coffee voucher" })).toBeEnabled();

    const dayOffCard = await findCard("Extra day off");
    expect(linesOf(dayOffCard)).toEqual([
      "Extra day off",
      "80 points",
      "Unlimited",
      "You need 30 more points",
      "Redeem",
    ]);
    const dayOffButton = within(dayOffCard).getByRole("button", { name: "Redeem Extra day off" });
    expect(dayOffButton).toBeDisabled();
    expect(dayOffButton).toHaveAccessibleDescription("You need 30 more points");
    // The card says what the server's refusal says, without its ending.
    expect(t(REWARD_MESSAGES.insufficientPoints, { points: 30 })).toBe("You need 30 more points for this reward.");

    const mugCard = await findCard("Company mug");
    expect(linesOf(mugCard)).toEqual(["Company mug", "10 points", "Out of stock", "Redeem"]);
    expect(within(mugCard).getByRole("button", { name: "Redeem Company mug" })).toBeDisabled();
    expect(within(mugCard).getByRole("button", { name: "Redeem Company mug" })).toHaveAccessibleDescription(
      "Out of stock",
    );

    // Each Redeem button is named for its reward.
    expect(
      within(rewardsRegion())
        .getAllByRole("button", { name: /^Redeem/ })
        .map((button) => button.getAttribute("aria-label")),
    ).toEqual(["Redeem Coffee voucher", "Redeem Extra day off", "Redeem Company mug"]);
    expect(container.querySelector('[data-tour="rewards-overview"]')).toBe(
      within(rewardsRegion()).getByRole("heading", { name: "Rewards" }).closest("[data-tour]"),
    );
    expect(container.querySelectorAll('[data-tour="reward-card"]')).toHaveLength(1);
    expect(container.querySelector('[data-tour="reward-card"]')).toBe(coffeeCard);
  });

  it("confirms with the cost and the balance after, redeems, and refreshes the balance, boards, stock and redemptions", async () => {
    const state = stateWith();
    const ui = (
      <>
        <BalanceReaders />
        <RewardsSection manage={false} />
      </>
    );
    const { fake } = renderOverFakeApi(ui, state, (fake) => {
      fake.on("GET /api/points/me/", () => json({ success: true }));
      fake.on("GET /api/leaderboards/", () => json({ success: true }));
      fake.on("POST /api/rewards/reward-coffee/redeem/", () => {
        const redemption = buildRedemption({ id: "redemption-new", created_at: "2026-04-02T10:00:00.000Z" });
        state.balance = 30;
        state.rewards = state.rewards.map((reward) => (reward.id === coffee.id ? { ...reward, stock: 2 } : reward));
        state.redemptions = [redemption];
        return json({ success: true, redemption, balance: 30 });
      });
    });

    await userEvent.click(
      within(await findCard("Coffee voucher")).getByRole("button", { name: "Redeem Coffee voucher" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Redeem Coffee voucher?" });
    expect(within(dialog).getByText("This costs 20 points. Your balance after: 30 points.")).toBeInTheDocument();
    expect(
      within(dialog)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(expect.arrayContaining(["Cancel", "Redeem"]));
    expect(fake.calls("POST /api/rewards/reward-coffee/redeem/")).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole("button", { name: "Redeem" }));

    expect(
      await within(rewardsRegion()).findByText('Redeemed "Coffee voucher". An administrator will get back to you.'),
    ).toBeInTheDocument();
    expect(fake.calls("POST /api/rewards/reward-coffee/redeem/")).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(await within(rewardsRegion()).findByText("You have 30 points")).toBeInTheDocument();
    expect(within(await findCard("Coffee voucher")).getByText("2 left")).toBeInTheDocument();
    const item = await within(redemptionsRegion()).findByRole("listitem");
    expect(item).toHaveTextContent(/^Coffee voucher20 points · .+Pending$/);
    expect(fake.calls("GET /api/points/me/")).toHaveLength(2);
    expect(fake.calls("GET /api/leaderboards/")).toHaveLength(2);
  });

  it("shows the server's refusal in the dialog and keeps it open", async () => {
    renderOverFakeApi(<RewardsSection manage={false} />, stateWith(), (fake) => {
      fake.on(
        "POST /api/rewards/reward-coffee/redeem/",
        refusal(409, "reward.insufficient_points", t(REWARD_MESSAGES.insufficientPoints, { points: 5 })),
      );
    });

    await userEvent.click(
      within(await findCard("Coffee voucher")).getByRole("button", { name: "Redeem Coffee voucher" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Redeem Coffee voucher?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Redeem" }));

    expect(await within(dialog).findByRole("alert")).toHaveTextContent("You need 5 more points for this reward.");
    expect(screen.getByRole("dialog", { name: "Redeem Coffee voucher?" })).toBeInTheDocument();
  });

  it("closes the confirmation on Cancel without redeeming", async () => {
    const { fake } = renderOverFakeApi(<RewardsSection manage={false} />, stateWith());

    await userEvent.click(
      within(await findCard("Coffee voucher")).getByRole("button", { name: "Redeem Coffee voucher" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Redeem Coffee voucher?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(fake.calls("POST /api/rewards/reward-coffee/redeem/")).toHaveLength(0);
  });

  it("lists the caller's own redemptions with their status, and why one was cancelled", async () => {
    const { fake } = renderOverFakeApi(
      <RewardsSection manage={false} />,
      stateWith({
        redemptions: [
          buildRedemption({ id: "r-1", reward_title: "Coffee voucher", cost: 20, status: "pending" }),
          buildRedemption({ id: "r-2", reward_title: "Extra day off", cost: 80, status: "fulfilled" }),
          buildRedemption({
            id: "r-3",
            reward_title: "Company mug",
            cost: 10,
            status: "cancelled",
            decided_by_name: "Alex Admin",
            cancel_reason: "Sold out until May.",
          }),
        ],
      }),
    );

    const list = await within(await screen.findByRole("region", { name: "Your redemptions" })).findByRole("list");
    const items = within(list).getAllByRole("listitem");
    expect(items.map((item) => item.textContent?.replace(/ · .*?(Pending|Fulfilled|Cancelled)$/, " · $1"))).toEqual([
      "Coffee voucher20 points · Pending",
      "Extra day off80 points · Fulfilled",
      "Company mug10 points · Cancelled",
    ]);
    expect(items[0]?.querySelector("time")?.getAttribute("datetime")).toBe("2026-03-10T09:00:00.000Z");
    expect(within(items[2]!).getByText("Cancelled by Alex Admin: Sold out until May.")).toBeInTheDocument();
    expect(fake.calls("GET /api/redemptions/").every((request) => queryOf(request).mine === "true")).toBe(true);
  });

  it("says when the person has not redeemed anything and when there are no rewards", async () => {
    renderOverFakeApi(<RewardsSection manage={false} />, stateWith({ rewards: [] }));

    expect(
      await within(await screen.findByRole("region", { name: "Your redemptions" })).findByText(
        "You have not redeemed a reward yet.",
      ),
    ).toBeInTheDocument();
    expect(
      await within(rewardsRegion()).findByText("No rewards yet. Your administrators will add some soon."),
    ).toBeInTheDocument();
    expect(within(rewardsRegion()).queryByRole("button", { name: "Add reward" })).not.toBeInTheDocument();
  });

  it("offers no catalogue controls to a person who is not an admin", async () => {
    renderOverFakeApi(<RewardsSection manage={false} />, stateWith());
    await findCard("Coffee voucher");
    expect(screen.queryByRole("button", { name: "Add reward" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Actions for/ })).not.toBeInTheDocument();
  });

  it("shows the load error with a retry", async () => {
    const state = stateWith();
    let failing = true;
    renderOverFakeApi(<RewardsSection manage={false} />, state, (fake) => {
      fake.on("GET /api/rewards/", () =>
        failing
          ? refusal(404, "request.not_found", "The requested resource was not found.")
          : json({ success: true, balance: state.balance, rewards: state.rewards }),
      );
    });

    expect(await within(await screen.findByRole("region", { name: "Rewards" })).findByRole("alert")).toHaveTextContent(
      "Could not load the rewards. The requested resource was not found.",
    );
    failing = false;
    await userEvent.click(within(rewardsRegion()).getByRole("button", { name: "Try again" }));
    expect(await findCard("Coffee voucher")).toBeInTheDocument();
  });
});

describe("rewards section for admins", () => {
  it("invites to add the first reward when the catalogue is empty", async () => {
    renderOverFakeApi(<RewardsSection manage />, stateWith({ rewards: [] }));
    expect(
      await within(await screen.findByRole("region", { name: "Rewards" })).findByText(/^Add your first reward/),
    ).toBeInTheDocument();
    expect(within(rewardsRegion()).getAllByRole("button", { name: "Add reward" })).toHaveLength(1);
  });

  it("adds a reward; an empty stock is unlimited", async () => {
    const state = stateWith();
    const { fake } = renderOverFakeApi(<RewardsSection manage />, state, (fake) => {
      fake.on("POST /api/rewards/", (request) => {
        const body = request.body as { title: string; description: string; cost: number; stock: number | null };
        const reward = buildReward({ id: "reward-new", ...body });
        state.rewards = [...state.rewards, reward];
        return json({ success: true, reward });
      });
    });

    await findCard("Coffee voucher");
    await userEvent.click(within(rewardsRegion()).getByRole("button", { name: "Add reward" }));
    const dialog = await screen.findByRole("dialog", { name: "Add reward" });
    await userEvent.type(within(dialog).getByRole("textbox", { name: /^Title/ }), "Team lunch");
    await userEvent.type(within(dialog).getByRole("textbox", { name: /^Description/ }), "Lunch for your team.");
    await userEvent.type(within(dialog).getByRole("textbox", { name: /^Cost in points/ }), "150");
    expect(within(dialog).getByRole("textbox", { name: "Stock (empty for unlimited)" })).toHaveValue("");
    await userEvent.click(within(dialog).getByRole("button", { name: "Add reward" }));

    expect(await within(rewardsRegion()).findByText('"Team lunch" is in the catalogue.')).toBeInTheDocument();
    expect(fake.calls("POST /api/rewards/")[0]?.body).toEqual({
      title: "Team lunch",
      description: "Lunch for your team.",
      cost: 150,
      stock: null,
    });
    const card = await findCard("Team lunch");
    expect(within(card).getByText("Unlimited")).toBeInTheDocument();
    expect(within(card).getByText("150 points")).toBeInTheDocument();
  });

  it("checks the form with the API's rules and shows the server's field errors", async () => {
    const { fake } = renderOverFakeApi(<RewardsSection manage />, stateWith(), (fake) => {
      fake.on(
        "POST /api/rewards/",
        refusal(400, "request.invalid", "Invalid request. Please check your input and try again.", {
          title: "A reward with this title already exists.",
        }),
      );
    });

    await findCard("Coffee voucher");
    await userEvent.click(within(rewardsRegion()).getByRole("button", { name: "Add reward" }));
    const dialog = await screen.findByRole("dialog", { name: "Add reward" });
    await userEvent.type(within(dialog).getByRole("textbox", { name: /^Title/ }), "Coffee voucher");
    await userEvent.type(within(dialog).getByRole("textbox", { name: /^Cost in points/ }), "2.5");
    await userEvent.type(within(dialog).getByRole("textbox", { name: "Stock (empty for unlimited)" }), "-1");
    await userEvent.click(within(dialog).getByRole("button", { name: "Add reward" }));

    expect(
      await within(dialog).findByText("The cost must be a whole number of points, at least 1."),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText("The stock must be a whole number, 0 or more (leave it empty for unlimited)."),
    ).toBeInTheDocument();
    expect(fake.calls("POST /api/rewards/")).toHaveLength(0);

    const cost = within(dialog).getByRole("textbox", { name: /^Cost in points/ });
    await userEvent.clear(cost);
    await userEvent.type(cost, "25");
    await userEvent.clear(within(dialog).getByRole("textbox", { name: "Stock (empty for unlimited)" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Add reward" }));

    expect(await within(dialog).findByText("A reward with this title already exists.")).toBeInTheDocument();
    expect(within(dialog).getByRole("textbox", { name: /^Title/ })).toHaveAccessibleDescription(
      "A reward with this title already exists.",
    );
    expect(fake.calls("POST /api/rewards/")[0]?.body).toEqual({
      title: "Coffee voucher",
      description: "",
      cost: 25,
      stock: null,
    });
  });

  it("edits a reward, sending only what changed", async () => {
    const state = stateWith();
    const { fake } = renderOverFakeApi(<RewardsSection manage />, state, (fake) => {
      fake.on("PATCH /api/rewards/reward-coffee/", (request) => {
        const reward = { ...coffee, ...(request.body as object) };
        state.rewards = state.rewards.map((entry) => (entry.id === coffee.id ? reward : entry));
        return json({ success: true, reward });
      });
    });

    const card = await findCard("Coffee voucher");
    await userEvent.click(within(card).getByRole("button", { name: "Actions for Coffee voucher" }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Edit" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit reward" });
    expect(within(dialog).getByRole("textbox", { name: /^Title/ })).toHaveValue("Coffee voucher");
    const cost = within(dialog).getByRole("textbox", { name: /^Cost in points/ });
    expect(cost).toHaveValue("20");
    await userEvent.clear(cost);
    await userEvent.type(cost, "25");
    await userEvent.clear(within(dialog).getByRole("textbox", { name: "Stock (empty for unlimited)" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Save changes" }));

    expect(await within(rewardsRegion()).findByText('"Coffee voucher" was saved.')).toBeInTheDocument();
    expect(fake.calls("PATCH /api/rewards/reward-coffee/")[0]?.body).toEqual({ cost: 25, stock: null });
    const updated = await findCard("Coffee voucher");
    await waitFor(() => expect(within(updated).getByText("25 points")).toBeInTheDocument());
    expect(within(updated).getByText("Unlimited")).toBeInTheDocument();
  });

  it("archives a live reward and restores an archived one", async () => {
    const state = stateWith({ rewards: [coffee, hoodie] });
    const { fake } = renderOverFakeApi(<RewardsSection manage />, state, (fake) => {
      for (const reward of [coffee, hoodie]) {
        fake.on(`PATCH /api/rewards/${reward.id}/`, (request) => {
          const archived = (request.body as { archived: boolean }).archived;
          const changed = { ...reward, archived, available: !archived };
          state.rewards = state.rewards.map((entry) => (entry.id === reward.id ? changed : entry));
          return json({ success: true, reward: changed });
        });
      }
    });

    const hoodieCard = await findCard("Hoodie");
    expect(within(hoodieCard).getByText("Archived")).toBeInTheDocument();
    expect(within(hoodieCard).getByRole("button", { name: "Redeem Hoodie" })).toBeDisabled();
    expect(within(await findCard("Coffee voucher")).queryByText("Archived")).not.toBeInTheDocument();

    await userEvent.click(
      within(await findCard("Coffee voucher")).getByRole("button", { name: "Actions for Coffee voucher" }),
    );
    await userEvent.click(await screen.findByRole("menuitem", { name: "Archive" }));
    expect(
      await within(rewardsRegion()).findByText('"Coffee voucher" is archived: only administrators see it now.'),
    ).toBeInTheDocument();
    expect(fake.calls("PATCH /api/rewards/reward-coffee/")[0]?.body).toEqual({ archived: true });
    await waitFor(async () =>
      expect(within(await findCard("Coffee voucher")).getByText("Archived")).toBeInTheDocument(),
    );

    await userEvent.click(within(hoodieCard).getByRole("button", { name: "Actions for Hoodie" }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Restore" }));
    expect(await within(rewardsRegion()).findByText('"Hoodie" is back in the catalogue.')).toBeInTheDocument();
    expect(fake.calls("PATCH /api/rewards/reward-hoodie/")[0]?.body).toEqual({ archived: false });
  });
});

describe("rewards section in German", () => {
  it("shows the balance, the cards and the redemptions in German", async () => {
    await setLanguage("de");
    const cancelled = buildRedemption({
      id: "r-1",
      status: "cancelled",
      decided_by_name: "Ben Boss",
      cancel_reason: "Sold out.",
    });
    renderOverFakeApi(
      <RewardsSection manage={true} />,
      stateWith({ rewards: [coffee, dayOff, mug, hoodie], redemptions: [cancelled] }),
    );

    const region = await screen.findByRole("region", { name: "Prämien" });
    const coffeeCard = await within(region).findByRole("article", { name: "Coffee voucher" });
    expect(within(region).getByText("Du hast 50 Punkte")).toBeInTheDocument();
    expect(linesOf(coffeeCard)).toEqual([
      "Coffee voucher",
      "A <b>free</b> coffee at the corner café.",
      "20 Punkte",
      "Noch 3",
      "Einlösen",
    ]);
    expect(within(coffeeCard).getByRole("button", { name: "Coffee voucher einlösen" })).toBeEnabled();
    const dayOffCard = within(region).getByRole("article", { name: "Extra day off" });
    expect(within(dayOffCard).getByText("Unbegrenzt")).toBeInTheDocument();
    expect(within(dayOffCard).getByText("Dir fehlen noch 30 Punkte")).toBeInTheDocument();
    expect(within(region).getByRole("article", { name: "Company mug" })).toHaveTextContent("Vergriffen");
    const hoodieCard = within(region).getByRole("article", { name: "Hoodie" });
    expect(within(hoodieCard).getByText("Archiviert")).toBeInTheDocument();
    expect(within(hoodieCard).getByRole("button", { name: "Aktionen für Hoodie" })).toBeInTheDocument();
    expect(within(region).getByRole("button", { name: "Prämie hinzufügen" })).toBeInTheDocument();

    const own = await screen.findByRole("region", { name: "Deine Einlösungen" });
    expect(await within(own).findByText("Storniert von Ben Boss: Sold out.")).toBeInTheDocument();
    expect(within(own).getByText("Storniert", { selector: ".mantine-Badge-label" })).toBeInTheDocument();
  });

  it("confirms a redemption in German", async () => {
    await setLanguage("de");
    renderOverFakeApi(<RewardsSection manage={false} />, stateWith());

    const region = await screen.findByRole("region", { name: "Prämien" });
    const card = await within(region).findByRole("article", { name: "Coffee voucher" });
    await userEvent.click(within(card).getByRole("button", { name: "Coffee voucher einlösen" }));
    const dialog = await screen.findByRole("dialog", { name: "Coffee voucher einlösen?" });
    expect(within(dialog).getByText("Das kostet 20 Punkte. Danach hast du noch 30 Punkte.")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Abbrechen" })).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Einlösen" })).toBeInTheDocument();
  });
});
