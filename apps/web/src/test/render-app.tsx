import type { LoginResponse, Notification, User } from "@ideaport/shared";
import { MantineProvider } from "@mantine/core";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { RouterProvider } from "react-router";
import { vi } from "vitest";
import { createAppMemoryRouter } from "../app/router.tsx";
import { theme } from "../app/theme.ts";
import { saveSession } from "../lib/session.ts";
import { buildLoginResponse, notificationList } from "./factories.ts";
import { createFakeApi, type FakeApi, json } from "./fake-api.ts";

/** Renders the whole app (real routes, guards and providers) at `path`, talking to a fake API. */
export function renderApp(path: string, fake: FakeApi = createFakeApi()) {
  vi.stubGlobal("fetch", fake.fetch);
  const router = createAppMemoryRouter([path]);
  const view = render(<RouterProvider router={router} />);
  return { ...view, router, fake };
}

/** Stores a session for `user` and makes the fake API answer as the server would for them. */
export function signInAs(
  user: User,
  fake: FakeApi,
  options: { remember?: boolean; notifications?: Notification[] } = {},
): LoginResponse {
  const login = buildLoginResponse(user);
  saveSession(login, { remember: options.remember ?? true });
  fake.on("GET /api/users/current/", json(user));
  fake.on(`GET /api/notifications/${user.id}/`, json(notificationList(options.notifications ?? [])));
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
