import type { LoginResponse, Notification, User } from "@ideaport/shared";
import { MantineProvider } from "@mantine/core";
import { render } from "@testing-library/react";
import { type ReactNode, useContext } from "react";
import { type Location, MemoryRouter, UNSAFE_NavigationContext } from "react-router";
import { vi } from "vitest";
import { AppRoutes } from "../app/router.tsx";
// The signed-in header's lazily loaded parts, imported here so that no test times their first load.
import "../app/layout/user-menu-dropdown.tsx";
import "../features/notifications/notification-bell.tsx";
import { theme } from "../components/theme.ts";
import { InLanguage } from "../lib/i18n.ts";
import { saveSession } from "../lib/session.ts";
import { buildLoginResponse, notificationList } from "./factories.ts";
import { createFakeApi, type FakeApi, json } from "./fake-api.ts";

/** The in-memory history of `MemoryRouter`: its location changes as soon as a navigation starts. */
interface MemoryHistory {
  readonly location: Location;
  push(to: string): void;
}

/** Hands the history of the `MemoryRouter` it renders in to the test. */
function CaptureHistory({ onHistory }: { onHistory: (history: MemoryHistory) => void }) {
  onHistory(useContext(UNSAFE_NavigationContext).navigator as unknown as MemoryHistory);
  return null;
}

/** What tests read of the router: the current location, and a way to navigate. */
export interface TestRouter {
  readonly state: { readonly location: Location };
  navigate(to: string): void;
}

/** Renders the whole app (real routes, guards and providers) at `path`, talking to a fake API. */
export function renderApp(path: string, fake: FakeApi = createFakeApi()) {
  vi.stubGlobal("fetch", fake.fetch);
  let history: MemoryHistory | null = null;
  const historyOf = () => {
    if (!history) throw new Error("The app's router has not rendered yet.");
    return history;
  };
  const router: TestRouter = {
    state: {
      get location() {
        return historyOf().location;
      },
    },
    navigate: (to) => historyOf().push(to),
  };
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <CaptureHistory
        onHistory={(routerHistory) => {
          history = routerHistory;
        }}
      />
      <InLanguage>
        <AppRoutes />
      </InLanguage>
    </MemoryRouter>,
  );
  return { ...view, router, fake };
}

/** Stores a session for `user` and makes the fake API answer as the server would for them. */
export function signInAs(
  user: User,
  fake: FakeApi,
  options: { remember?: boolean; notifications?: Notification[]; points?: number } = {},
): LoginResponse {
  const login = buildLoginResponse(user);
  saveSession(login, { remember: options.remember ?? true });
  fake.on("GET /api/users/current/", json(user));
  fake.on(`GET /api/notifications/${user.id}/`, json(notificationList(options.notifications ?? [])));
  // The header shows the points balance on every page.
  fake.on("GET /api/points/me/", json({ success: true, balance: options.points ?? 0, history: [], next_cursor: null }));
  return login;
}

/** Renders a component inside the app's Mantine theme (test environment: no transitions). */
export function renderWithTheme(ui: ReactNode) {
  return render(
    <MantineProvider theme={theme} env="test">
      {ui}
    </MantineProvider>,
  );
}
