/** Test helpers of the e-mail notifications module: the preferences as a person chooses them. */
import type { TestApp } from "../../test/app.ts";

/** Every category an employee is offered, at every event. */
export const EVERY_EVENT = {
  approvals: "immediate",
  revision_requests: "immediate",
  rejections: "immediate",
  comments: "immediate",
  request_answers: "immediate",
  actions: "immediate",
  redemptions: "immediate",
} as const;

/** Saves `body` as `person`'s e-mail preferences, as Profile Settings does; answers the raw response. */
export function putEmailPreferences(testApp: TestApp, person: { token: string }, body: unknown) {
  return testApp.client.request({ method: "PUT", url: "/api/email-preferences/", body, token: person.token });
}
