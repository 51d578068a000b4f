import type { Redemption, RedemptionStatus, Reward } from "@ideaport/shared";
import { MantineProvider } from "@mantine/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { vi } from "vitest";
import { theme } from "../../../components/theme.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { createFakeApi, type FakeApi, json, type RecordedRequest } from "../../../test/fake-api.ts";
// Loaded lazily by the sections; imported here so that no test times its first load.
import "./rewards-dialogs.tsx";

/** Test data shaped as the rewards contract answers it. */

export function buildReward(overrides: Partial<Reward> & Pick<Reward, "id" | "title">): Reward {
  return {
    description: "",
    cost: 10,
    stock: null,
    available: true,
    affordable: true,
    archived: false,
    ...overrides,
  };
}

export function buildRedemption(overrides: Partial<Redemption> & Pick<Redemption, "id">): Redemption {
  return {
    reward_id: "reward-coffee",
    reward_title: "Coffee voucher",
    user_id: "employee-1",
    user_name: "Priya Patel",
    cost: 20,
    status: "pending",
    created_at: "2026-03-10T09:00:00.000Z",
    decided_at: null,
    decided_by_name: null,
    cancel_reason: null,
    ...overrides,
  };
}

/** What the fake server holds; handlers answer from it, so a test changes it to make lists refresh. */
export interface RewardsState {
  balance: number;
  rewards: Reward[];
  redemptions: Redemption[];
}

/** The query parameters of a recorded request. */
export function queryOf(request: RecordedRequest | undefined): Record<string, string> {
  if (!request) return {};
  return Object.fromEntries(new URL(request.url, "http://localhost").searchParams.entries());
}

/** A refusal as the server sends it. */
export function refusal(status: number, code: string, error: string, fields?: Record<string, string>) {
  return json({ success: false, code, error, ...(fields ? { fields } : {}) }, { status });
}

/** Answers the list endpoints from `state`, filtering redemptions by the query's status. */
export function answerRewards(fake: FakeApi, state: RewardsState) {
  fake.on("GET /api/rewards/", () => json({ success: true, balance: state.balance, rewards: state.rewards }));
  fake.on("GET /api/redemptions/", (request) => {
    const status = queryOf(request).status as RedemptionStatus | undefined;
    const redemptions = state.redemptions.filter((entry) => status === undefined || entry.status === status);
    return json({ success: true, redemptions, next_cursor: null });
  });
}

/** Renders `ui` inside the app's theme and a fresh query client, over a fake API answering from `state`. */
export function renderOverFakeApi(ui: ReactNode, state: RewardsState, setup: (fake: FakeApi) => void = () => {}) {
  const fake = createFakeApi();
  answerRewards(fake, state);
  setup(fake);
  vi.stubGlobal("fetch", fake.fetch);
  const view = render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={createQueryClient()}>{ui}</QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, fake };
}
