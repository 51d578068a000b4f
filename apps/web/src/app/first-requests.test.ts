import { api, ROUTES } from "@ideaport/shared";
import { describe, expect, it } from "vitest";
import { firstRequestsOf } from "./first-requests.ts";
import { APP_ROUTES } from "./routes.ts";

const GET_PATHS = new Set(
  Object.values(api)
    .filter((endpoint) => endpoint.method === "GET")
    .map((endpoint) => endpoint.path),
);

describe("the first data requests of the signed-in pages", () => {
  it("are GET requests of the API contract, without a path parameter, each once per page", () => {
    for (const route of APP_ROUTES.filter((candidate) => candidate.access !== "public")) {
      const requests = firstRequestsOf(route);
      expect(new Set(requests).size, route.path).toBe(requests.length);
      for (const request of requests) {
        const path = request.split("?")[0] ?? "";
        expect(GET_PATHS.has(path), `${route.path}: ${request}`).toBe(true);
        expect(path, request).not.toContain(":");
      }
    }
  });

  it("start every signed-in page with the signed-in person, and public pages with none", () => {
    const login = APP_ROUTES.find((route) => route.path === ROUTES.login);
    const settings = APP_ROUTES.find((route) => route.path === ROUTES.settingsType);
    if (!login || !settings) throw new Error("The route table has no /login or settings route.");
    expect(firstRequestsOf(login)).toEqual([]);
    expect(firstRequestsOf(settings)).toEqual(["/api/users/current/", "/api/points/me/?limit=20"]);
  });
});
