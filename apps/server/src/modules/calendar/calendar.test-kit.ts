/** Test helpers of the calendar module: the challenges whose deadlines the calendars show. */
import { ChallengeResponseSchema } from "@ideaport/shared";
import { expect } from "vitest";
import type { TestApp } from "../../test/app.ts";

/** Posts a challenge through the API as `as`; answers it. */
export async function createChallenge(testApp: TestApp, as: { token: string }, body: Record<string, unknown>) {
  const response = await testApp.client.post("/api/challenges/", body, { token: as.token });
  expect(response.statusCode, response.body).toBe(200);
  return ChallengeResponseSchema.parse(response.json()).challenge;
}

/** Waits past the current second: iCalendar's times count whole seconds, so what changes next is dated later. */
export function waitForNextSecond(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 1100));
}

/** Changes a challenge through the API as `as`, dated after anything before it (see `waitForNextSecond`). */
export async function editChallengeLater(
  testApp: TestApp,
  as: { token: string },
  challengeId: string,
  body: Record<string, unknown>,
): Promise<void> {
  await waitForNextSecond();
  const moved = await testApp.client.patch(`/api/challenges/${challengeId}/`, body, { token: as.token });
  expect(moved.statusCode, moved.body).toBe(200);
}
