/**
 * Test helpers for the account journeys (landing popups, sign-up, company association): they
 * drive the real routes with the fake API, finding everything by role and name.
 */
import type { LoginResponse, User } from "@ideaport/shared";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { buildLoginResponse, buildUser, notificationList } from "./factories.ts";
import { createFakeApi, type FakeApi, json } from "./fake-api.ts";
import { renderApp } from "./render-app.tsx";

export type TestUser = ReturnType<typeof userEvent.setup>;

/** A user who verified their e-mail but belongs to no company yet. */
export const newcomer = buildUser({
  id: "newcomer-1",
  email: "nina@example.com",
  display_name: "Nina Newcomer",
  first_name: "Nina",
  last_name: "Newcomer",
  team: [],
  company_id: null,
  company_name: null,
  onboarding_status: "awaiting_initial_tour",
});

/** The login answer of the newcomer: no company. */
export function newcomerLogin(): LoginResponse {
  return buildLoginResponse(newcomer);
}

/** Makes the fake API answer as the server does once `user` is signed in. */
export function answerAsSignedIn(fake: FakeApi, user: User): void {
  fake.on("GET /api/users/current/", json(user));
  fake.on(`GET /api/notifications/${user.id}/`, json(notificationList([])));
}

/** The landing page, rendered and drawn. */
export async function openLanding(fake: FakeApi = createFakeApi()) {
  const app = renderApp("/", fake);
  await screen.findByRole("heading", { level: 1, name: "Turn everyday ideas into action." });
  return { ...app, user: userEvent.setup() };
}

/** Clicks the landing page's first 'Log In' or 'Sign Up' and waits for its popup (lazy-loaded). */
export async function openLandingDialog(user: TestUser, name: "Log In" | "Sign Up") {
  const [link] = screen.getAllByRole("link", { name });
  if (!link) throw new Error(`No '${name}' link on the landing page.`);
  await user.click(link);
  return screen.findByRole("dialog", { name });
}

/**
 * Fills a field inside `container` (replacing what it held): a text box by its accessible name, or
 * (for password inputs, which have no role) an input by a label pattern.
 */
export async function fill(user: TestUser, container: HTMLElement, label: string | RegExp, value: string) {
  const field =
    typeof label === "string"
      ? within(container).getByRole("textbox", { name: label })
      : within(container).getByLabelText(label, { selector: "input" });
  await user.clear(field);
  if (value !== "") await user.type(field, value);
  return field;
}

/**
 * Logs the newcomer in through the landing page's Log In popup; a login without a company opens
 * the Associate with Company popup, which is returned.
 */
export async function openCompanyDialog(fake: FakeApi = createFakeApi()) {
  fake.on("POST /api/auth/login/", json(newcomerLogin()));
  const app = await openLanding(fake);
  const login = await openLandingDialog(app.user, "Log In");
  await fill(app.user, login, "Email", newcomer.email);
  await fill(app.user, login, /^Password/, "correct horse");
  await app.user.click(within(login).getByRole("button", { name: "Log In" }));
  const dialog = await screen.findByRole("dialog", { name: "Associate with Company" });
  return { ...app, dialog };
}
