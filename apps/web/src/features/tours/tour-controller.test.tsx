import { type OnboardingStatus, statusAfterTour, TOURS, type TourId, type User } from "@ideaport/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { authKeys } from "../../lib/current-user.queries.ts";
import { getStoredUser, saveSession } from "../../lib/session.ts";
import { buildLoginResponse, buildUser } from "../../test/factories.ts";
import { createFakeApi, json } from "../../test/fake-api.ts";
import { tourToStart, useTourController } from "./tour-controller.ts";
import { requestTourReplay } from "./tour-requests.ts";

const employee = (status: OnboardingStatus) => buildUser({ onboarding_status: status });
const manager = (status: OnboardingStatus) =>
  buildUser({
    role: "manager",
    team: [{ id: "team-1", name: "Operations", is_manager: true }],
    onboarding_status: status,
  });
const adminManager = (status: OnboardingStatus) =>
  buildUser({
    role: "manager",
    is_admin: true,
    team: [{ id: "team-1", name: "Operations", is_manager: true }],
    onboarding_status: status,
  });

/** Renders the controller for `user` at `pathname`, with the user cached and stored as the app keeps it. */
function setup(user: User, pathname: string, saveAnswer?: Response) {
  const fake = createFakeApi();
  fake.on("POST /api/user/update-onboarding-status/", (request) => {
    if (saveAnswer) return saveAnswer.clone();
    const status = (request.body as { onboarding_status: string }).onboarding_status;
    return json({ success: true, user: { ...user, onboarding_status: status } });
  });
  vi.stubGlobal("fetch", fake.fetch);
  saveSession(buildLoginResponse(user), { remember: true });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(authKeys.currentUser(), user);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const hook = renderHook(
    ({ path }: { path: string }) => {
      const current = queryClient.getQueryData<User>(authKeys.currentUser()) ?? user;
      return useTourController(current, path);
    },
    { wrapper, initialProps: { path: pathname } },
  );
  const savedStatuses = () => fake.calls("POST /api/user/update-onboarding-status/").map((request) => request.body);
  return { ...hook, fake, queryClient, savedStatuses };
}

describe("tourToStart", () => {
  it("asks the shared start rule", () => {
    expect(tourToStart(employee("awaiting_initial_tour"), "/app/employee-ideas")).toBe(TOURS.employeeIdeas);
    expect(tourToStart(manager("awaiting_initial_tour"), "/app/manager-ideas")).toBe(TOURS.managerIdeas);
    expect(tourToStart(adminManager("awaiting_initial_tour"), "/app/settings/profile")).toBe(TOURS.adminOverlay);
    expect(tourToStart(employee("awaiting_employee_company_tour"), "/app/employee-company")).toBe(
      TOURS.employeeCompany,
    );
    expect(tourToStart(employee("awaiting_employee_company_tour"), "/app/employee-ideas")).toBeNull();
    expect(tourToStart(employee("employee_company_tour_completed"), "/app/employee-company")).toBeNull();
  });

  it("starts nothing while only the login answer (without a status) is known", () => {
    const { onboarding_status: _status, ...withoutStatus } = employee("awaiting_initial_tour");
    expect(tourToStart(withoutStatus, "/app/employee-ideas")).toBeNull();
  });
});

describe("useTourController", () => {
  it("starts the employee ideas tour, saves the next status when it ends and does not restart it", async () => {
    const { result, rerender, queryClient, savedStatuses } = setup(
      employee("awaiting_initial_tour"),
      "/app/employee-ideas",
    );
    expect(result.current.active).toEqual({ tour: TOURS.employeeIdeas, replay: false });

    act(() => result.current.end());

    expect(result.current.active).toBeNull();
    expect(queryClient.getQueryData<User>(authKeys.currentUser())?.onboarding_status).toBe(
      "awaiting_employee_company_tour",
    );
    expect(getStoredUser()?.onboarding_status).toBe("awaiting_employee_company_tour");
    await waitFor(() => expect(savedStatuses()).toEqual([{ onboarding_status: "awaiting_employee_company_tour" }]));

    rerender({ path: "/app/employee-ideas" });
    expect(result.current.active).toBeNull();

    // The next page of the flow starts the next tour.
    rerender({ path: "/app/employee-company" });
    expect(result.current.active).toEqual({ tour: TOURS.employeeCompany, replay: false });
    act(() => result.current.end());
    await waitFor(() =>
      expect(savedStatuses()).toEqual([
        { onboarding_status: "awaiting_employee_company_tour" },
        { onboarding_status: "employee_company_tour_completed" },
      ]),
    );
    rerender({ path: "/app/employee-company" });
    expect(result.current.active).toBeNull();
  });

  it.each<[string, User, string, TourId]>([
    ["a manager from the initial status", manager("awaiting_initial_tour"), "/app/manager-ideas", "managerIdeas"],
    [
      "a manager awaiting the company tour",
      manager("awaiting_manager_company_tour"),
      "/app/manager-company",
      "managerCompany",
    ],
    [
      "an admin-manager from the initial status",
      adminManager("awaiting_initial_tour"),
      "/app/manager-company",
      "adminOverlay",
    ],
    [
      "an admin awaiting the overlay",
      adminManager("awaiting_admin_overlay_tour"),
      "/app/settings/company",
      "adminOverlay",
    ],
    [
      "an employee awaiting the ideas tour",
      employee("awaiting_employee_ideas_tour"),
      "/app/employee-ideas",
      "employeeIdeas",
    ],
  ])("saves what the shared machine says for %s", async (_name, user, path, tourId) => {
    const { result, savedStatuses } = setup(user, path);
    expect(result.current.active?.tour.id).toBe(tourId);
    act(() => result.current.end());
    const expected = statusAfterTour(tourId, user.onboarding_status, user);
    await waitFor(() => expect(savedStatuses()).toEqual([{ onboarding_status: expected }]));
  });

  it("the admin overlay from the initial status leads an admin-manager to the manager ideas tour", async () => {
    const { result, rerender, savedStatuses } = setup(adminManager("awaiting_initial_tour"), "/app/settings/company");
    expect(result.current.active?.tour).toBe(TOURS.adminOverlay);
    act(() => result.current.end());
    await waitFor(() => expect(savedStatuses()).toEqual([{ onboarding_status: "awaiting_manager_ideas_tour" }]));
    rerender({ path: "/app/manager-ideas" });
    expect(result.current.active?.tour).toBe(TOURS.managerIdeas);
  });

  it("starts the next tour of the flow on the next page, not on the page where the last one ended", async () => {
    const { result, rerender, savedStatuses } = setup(adminManager("awaiting_initial_tour"), "/app/manager-ideas");
    expect(result.current.active?.tour).toBe(TOURS.adminOverlay);
    act(() => result.current.end());
    await waitFor(() => expect(savedStatuses()).toEqual([{ onboarding_status: "awaiting_manager_ideas_tour" }]));
    rerender({ path: "/app/manager-ideas" });
    expect(result.current.active).toBeNull();
    rerender({ path: "/app/manager-company" });
    expect(result.current.active).toBeNull();
    rerender({ path: "/app/manager-ideas" });
    expect(result.current.active?.tour).toBe(TOURS.managerIdeas);
  });

  it("only logs a failed save, and the ended tour does not start again", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const { result, rerender, queryClient, fake } = setup(
      manager("awaiting_initial_tour"),
      "/app/manager-ideas",
      json({ error: "Server error" }, { status: 500 }),
    );
    act(() => result.current.end());
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith("The onboarding status could not be saved.", expect.anything()),
    );
    expect(fake.calls("POST /api/user/update-onboarding-status/").length).toBeGreaterThan(0);
    expect(queryClient.getQueryData<User>(authKeys.currentUser())?.onboarding_status).toBe(
      "awaiting_manager_company_tour",
    );
    rerender({ path: "/app/manager-ideas" });
    expect(result.current.active).toBeNull();
  });

  it("replays a tour on request without saving a status", async () => {
    const { result, fake } = setup(employee("employee_company_tour_completed"), "/app/employee-ideas");
    expect(result.current.active).toBeNull();

    act(() => requestTourReplay("employeeIdeas"));
    expect(result.current.active).toEqual({ tour: TOURS.employeeIdeas, replay: true });

    act(() => result.current.end());
    expect(result.current.active).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fake.calls("POST /api/user/update-onboarding-status/")).toHaveLength(0);
  });
});
