import type { User } from "@ideaport/shared";
import { setLanguage } from "../lib/i18n.ts";
import { createFakeApi, type FakeApi, json } from "./fake-api.ts";
import { renderApp, signInAs } from "./render-app.tsx";
import { calendarSettings, everyEmail, pointsRules, thisDevice } from "./settings-fixtures.ts";

/** `user` as someone who reads German (their own choice). */
export function inGerman<Person extends User>(user: Person): Person {
  return { ...user, language: "de", effective_language: "de" };
}

/**
 * Opens `path` for `user` reading German, with the settings calls answered as `renderSettings`
 * answers them. It waits for nothing: the caller finds the German it is about.
 */
export async function renderInGerman(user: User, path: string, setup: (fake: FakeApi) => void = () => {}) {
  await setLanguage("de");
  const fake = createFakeApi();
  signInAs(inGerman(user), fake);
  fake.on("GET /api/company/points-rules/", json({ success: true, rules: pointsRules }));
  fake.on("GET /api/email-preferences/", json({ preferences: everyEmail }));
  fake.on("GET /api/calendar/", json(calendarSettings));
  fake.on("GET /api/users/current/sessions/", json({ success: true, sessions: [thisDevice] }));
  fake.on("GET /api/tokens/", json({ success: true, tokens: [] }));
  fake.on("GET /api/calendar/company-settings/", json({ success: true, settings: { review_due_days: 7 } }));
  setup(fake);
  return renderApp(path, fake);
}
