import type { PersonRef } from "@ideaport/shared";
import { MantineProvider } from "@mantine/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { theme } from "../../components/theme.ts";
import { SignedInAs } from "../../lib/auth-provider.tsx";
import { setLanguage } from "../../lib/i18n.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { buildManager, buildUser } from "../../test/factories.ts";
import { createFakeApi, json } from "../../test/fake-api.ts";
import { buildChallenge } from "../ideas/ideas-fixtures.ts";
import { EvaluatorsSection } from "./evaluators-section.tsx";

const creator = buildManager({ id: "manager-1" });
const challenge = buildChallenge({ created_by: creator.id });
const evaluatorsRoute = `/api/challenges/${challenge.id}/evaluators/`;
const PRIYA: PersonRef = { id: "00000000-0000-4000-8000-0000000000a1", display_name: "Priya Patel" };
/** The first page the search answers without a query: 20 colleagues, and more after them. */
const FIRST_PAGE: PersonRef[] = Array.from({ length: 20 }, (_, index) => ({
  id: `00000000-0000-4000-8000-0000000001${String(index).padStart(2, "0")}`,
  display_name: `Colleague ${String(index + 1).padStart(2, "0")}`,
}));

function renderSection(user = creator) {
  const fake = createFakeApi();
  let evaluators: PersonRef[] = [];
  fake.on(`GET ${evaluatorsRoute}`, () => json({ success: true, evaluators }));
  fake.on(`POST ${evaluatorsRoute}`, (request) => {
    const id = (request.body as { user_id: string }).user_id;
    evaluators = [...evaluators, id === PRIYA.id ? PRIYA : { id, display_name: "Somebody" }];
    return json({ success: true, evaluators });
  });
  fake.on(`GET ${evaluatorsRoute}candidates/`, (request) => {
    const q = new URL(request.url, "http://localhost").searchParams.get("q") ?? "";
    const invited = new Set(evaluators.map((person) => person.id));
    if (q === "") return json({ success: true, users: FIRST_PAGE, next_cursor: "next-page" });
    const found = [PRIYA].filter(
      (person) => !invited.has(person.id) && person.display_name.toLowerCase().includes(q.toLowerCase()),
    );
    return json({ success: true, users: found, next_cursor: null });
  });
  vi.stubGlobal("fetch", fake.fetch);
  render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={createQueryClient()}>
        <SignedInAs user={user}>
          <EvaluatorsSection challenge={challenge} />
        </SignedInAs>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return fake;
}

const searchesOf = (fake: ReturnType<typeof createFakeApi>) =>
  fake
    .calls(`GET ${evaluatorsRoute}candidates/`)
    .map((request) => new URL(request.url, "http://localhost").searchParams.get("q") ?? "");

describe("the evaluators of a challenge", () => {
  it("lets the challenge's creator find any colleague by typing, choose one by keyboard and invite them", async () => {
    await setLanguage("en");
    const fake = renderSection();
    const section = await screen.findByRole("region", { name: "Evaluators" });
    expect(await within(section).findByText("Nobody is invited yet.")).toBeInTheDocument();
    const picker = within(section).getByRole("combobox", { name: "Colleague" });
    expect(picker).toHaveAttribute("placeholder", "Search by name or e-mail");
    expect(within(section).getByRole("button", { name: "Invite" })).toBeDisabled();

    // Opened without typing: the first 20 the server found, and a word that there are more.
    await userEvent.click(picker);
    const first = await screen.findAllByRole("option");
    expect(first.map((option) => option.textContent)).toEqual(FIRST_PAGE.map((person) => person.display_name));
    expect(
      within(section).getByText("Showing the first 20: type more of a name or e-mail to find others."),
    ).toBeInTheDocument();

    // Typing asks the server (not the loaded page) and offers exactly what it found.
    await userEvent.type(picker, "pri");
    await waitFor(() =>
      expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual(["Priya Patel"]),
    );
    // The search waits for a pause in the typing: the last one asked is what was typed.
    expect(searchesOf(fake)[0]).toBe("");
    expect(searchesOf(fake).at(-1)).toBe("pri");
    expect(within(section).queryByText(/Showing the first 20/)).toBeNull();

    await userEvent.keyboard("{ArrowDown}{Enter}");
    expect(picker).toHaveValue("Priya Patel");
    await userEvent.click(within(section).getByRole("button", { name: "Invite" }));
    expect(await within(section).findByRole("listitem")).toHaveTextContent("Priya Patel");
    expect(fake.calls(`POST ${evaluatorsRoute}`).map((request) => request.body)).toEqual([{ user_id: PRIYA.id }]);
    // The picker starts again, and the invited colleague is no longer offered.
    const fresh = within(section).getByRole("combobox", { name: "Colleague" });
    expect(fresh).toHaveValue("");
    expect(within(section).getByRole("button", { name: "Invite" })).toBeDisabled();
    await userEvent.type(fresh, "priya");
    expect(await screen.findByText("Nobody found who could be invited.")).toBeInTheDocument();
    expect(within(section).getByRole("button", { name: "Remove Priya Patel" })).toBeInTheDocument();
  });

  it("is not shown to a colleague who neither created the challenge nor is an admin", async () => {
    await setLanguage("en");
    const fake = renderSection(buildUser({ id: "employee-1" }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("region", { name: "Evaluators" })).toBeNull();
    expect(fake.requests).toEqual([]);
  });
});
