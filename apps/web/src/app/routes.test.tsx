import { screen, waitFor } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { buildUser } from "../test/factories.ts";
import { createFakeApi } from "../test/fake-api.ts";
import { renderApp, signInAs } from "../test/render-app.tsx";
import { APP_ROUTES, type AppRoute, LAYOUTS, type Screen } from "./routes.ts";

// The router is built from the route table: each screen of the table is replaced by a stand-in that
// names it, so these tests see which screen the router renders at a path, inside the real layouts
// and guards. Loads of the stand-ins' modules are recorded in order.
const screenModules = [...new Set(APP_ROUTES.map((route) => route.screen.module))];
const loadedModules: string[] = [];
const screenText = (screen: Screen) => `screen ${screen.module}#${screen.name}`;

/** Replaces every screen module of the table with stand-ins; an import of one records its module. */
function mockScreenModules() {
  for (const module of screenModules) {
    const names = APP_ROUTES.filter((route) => route.screen.module === module).map((route) => route.screen.name);
    vi.doMock(`../${module}`, () => {
      loadedModules.push(module);
      return Object.fromEntries(names.map((name) => [name, () => <p>{screenText({ module, name })}</p>]));
    });
  }
}

beforeAll(mockScreenModules);

const employee = buildUser({ id: "employee-1", role: "employee" });
const manager = buildUser({ id: "manager-1", role: "manager" });
const SAMPLE_PARAMS: Record<string, string> = { token: "sample-token", type: "profile" };

/** An address the route matches: its path with each parameter filled in, or any unknown path for "*". */
function addressOf(route: AppRoute): string {
  if (route.path === "*") return "/no/such/page";
  return route.path.replace(/:(\w+)/g, (_, name: string) => SAMPLE_PARAMS[name] ?? `sample-${name}`);
}

function routeAt(path: string): AppRoute {
  const route = APP_ROUTES.find((candidate) => candidate.path === path);
  if (!route) throw new Error(`The route table has no ${path}.`);
  return route;
}

/** A user the route's access admits, or none for a public route. */
function visitorFor(route: AppRoute) {
  if (route.access === "public") return null;
  return route.access === "manager-level" ? manager : employee;
}

describe("the route table drives the router", () => {
  it.each(APP_ROUTES.map((route) => [route.path, route] as const))(
    "renders %s's screen at its path",
    async (_, route) => {
      const fake = createFakeApi();
      const visitor = visitorFor(route);
      if (visitor) signInAs(visitor, fake);
      const address = addressOf(route);
      const { router } = renderApp(address, fake);

      expect(await screen.findByText(screenText(route.screen))).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(address);
    },
  );

  it.each(APP_ROUTES.filter((route) => route.access !== "public").map((route) => [route.path, route] as const))(
    "sends a signed-out visitor of %s to /login",
    async (_, route) => {
      const { router } = renderApp(addressOf(route));

      expect(await screen.findByText(screenText(routeAt("/login").screen))).toBeInTheDocument();
      expect(router.state.location.pathname).toBe("/login");
    },
  );

  it.each(
    APP_ROUTES.filter((route) => route.access === "employee" || route.access === "manager-level").map(
      (route) => [route.path, route] as const,
    ),
  )("keeps %s to the role its access names", async (_, route) => {
    const fake = createFakeApi();
    const other = route.access === "employee" ? manager : employee;
    signInAs(other, fake);
    const { router } = renderApp(addressOf(route), fake);

    const ownArea = routeAt(other === manager ? "/app/manager-ideas" : "/app/employee-ideas");
    expect(await screen.findByText(screenText(ownArea.screen))).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(ownArea.path);
  });

  it("fetches the signed-in screens ahead while the browser is idle, in the table's order", async () => {
    // A fresh router, whose imports of the screens the test records from the first.
    vi.resetModules();
    mockScreenModules();
    loadedModules.length = 0;
    // jsdom has no idle callbacks: these run each callback on the next task.
    window.requestIdleCallback = (callback) =>
      window.setTimeout(() => callback({ didTimeout: false, timeRemaining: () => 50 }), 0);
    window.cancelIdleCallback = (handle) => window.clearTimeout(handle);
    const { prefetchAppScreensWhenIdle } = await import("./router.tsx");

    prefetchAppScreensWhenIdle();

    const signedInModules = [
      ...new Set(APP_ROUTES.filter((route) => route.access !== "public").map((route) => route.screen.module)),
    ];
    try {
      await waitFor(() => expect(loadedModules).toEqual(signedInModules));
    } finally {
      Reflect.deleteProperty(window, "requestIdleCallback");
      Reflect.deleteProperty(window, "cancelIdleCallback");
    }
  });
});

describe("the route table", () => {
  it("names components its modules export", async () => {
    for (const { module, name } of [...Object.values(LAYOUTS), ...APP_ROUTES.map((route) => route.screen)]) {
      const exported = await vi.importActual<Record<string, unknown>>(`../${module}`);
      expect(typeof exported[name], `${module} exports ${name}`).toBe("function");
    }
  });
});
