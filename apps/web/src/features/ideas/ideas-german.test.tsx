import type { User } from "@ideaport/shared";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
// Loaded lazily by the pages; imported here so that their first load is not timed by a test.
import "./idea-detail.tsx";
import "./manager-ideas-sections.tsx";
import { setLanguage } from "../../lib/i18n.ts";
import { createFakeApi, json } from "../../test/fake-api.ts";
import { renderApp, signInAs } from "../../test/render-app.tsx";
import {
  buildChallenge,
  buildComment,
  buildIdea,
  buildIdeaDetail,
  CHALLENGES_ROUTE,
  challengePage,
  detailRoute,
  employee,
  ideaPage,
  LIST_ROUTE,
  SIMILAR_ROUTE,
} from "./ideas-fixtures.ts";
import { answerManagerPage, buildAction, manager, operations } from "./manager-ideas-fixtures.ts";

/** The person as the server answers them once they read German. */
function inGerman(user: User): User {
  return { ...user, language: "de", effective_language: "de" };
}

describe("the ideas screens in German", { timeout: 20_000 }, () => {
  it("shows the employee ideas page in German", async () => {
    await setLanguage("de");
    const fake = createFakeApi();
    signInAs(inGerman(employee), fake);
    fake.on(LIST_ROUTE, json(ideaPage([buildIdea({ title: "Mehrwegkisten", votes: 2, comment_count: 1 })])));
    fake.on(SIMILAR_ROUTE, json({ success: true, ideas: [] }));
    fake.on(CHALLENGES_ROUTE, json(challengePage([buildChallenge({ title: "Weniger Verpackung" })])));
    renderApp("/app/employee-ideas", fake);

    expect(
      await screen.findByRole("heading", { level: 1, name: "Ideen der Mitarbeitenden" }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    const challenges = screen.getByRole("region", { name: "Challenges" });
    expect(
      await within(challenges).findByRole("button", { name: "Idee einreichen für Weniger Verpackung" }),
    ).toBeInTheDocument();
    expect(within(challenges).getByRole("button", { name: "Challenge vorschlagen" })).toBeInTheDocument();

    const box = await screen.findByRole("region", { name: "Ideen-Schnellerfassung" }, { timeout: 10_000 });
    expect(within(box).getByRole("textbox", { name: /^Deine Idee/ })).toBeInTheDocument();
    expect(within(box).getByRole("button", { name: "Als Entwurf speichern" })).toBeInTheDocument();
    expect(within(box).getByRole("button", { name: "Einreichen" })).toBeInTheDocument();

    const submissions = screen.getByRole("region", { name: "Deine Einreichungen" });
    expect(within(submissions).getByRole("tablist", { name: "Nach Status filtern" })).toBeInTheDocument();
    expect(within(submissions).getByRole("tab", { name: /^Entwürfe/ })).toBeInTheDocument();
    const card = await within(submissions).findByRole("article", { name: "Mehrwegkisten" });
    expect(card).toHaveTextContent("Eingereicht");
    expect(card).toHaveTextContent("2 Stimmen");
    expect(card).toHaveTextContent("1 Kommentar");
  });

  it("shows the manager ideas page in German", async () => {
    await setLanguage("de");
    const fake = createFakeApi();
    signInAs(inGerman(manager), fake);
    answerManagerPage(fake, {
      teams: [operations],
      actions: [buildAction({ status: "todo", owner: null, due_date: null })],
    });
    renderApp("/app/manager-ideas", fake);

    expect(
      await screen.findByRole("heading", { level: 1, name: "Ideen für Manager:innen" }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    const board = await screen.findByRole("region", { name: "Von der Idee zur Maßnahme" }, { timeout: 10_000 });
    expect(within(board).getByRole("switch", { name: "Nur meine Maßnahmen" })).toBeInTheDocument();
    const todo = within(board).getByRole("region", { name: "Offen" });
    expect(await within(todo).findByText("Niemand verantwortlich")).toBeInTheDocument();
    expect(within(todo).getByText("Kein Fälligkeitsdatum")).toBeInTheDocument();
    expect(within(board).getByRole("region", { name: "Erledigt" })).toHaveTextContent("Hier ist nichts.");

    const team = screen.getByRole("region", { name: "Dein Team" });
    expect(await within(team).findByText("5 Mitglieder")).toBeInTheDocument();
    const submissions = screen.getByRole("region", { name: "Einreichungen des Teams" });
    expect(within(submissions).getByRole("tab", { name: /^Wartet auf Prüfung/ })).toBeInTheDocument();
    expect(await within(submissions).findByRole("link", { name: "Team einladen" })).toBeInTheDocument();
  });

  it("shows an idea in its dialog in German", async () => {
    await setLanguage("de");
    const idea = buildIdeaDetail({
      title: "Mehrwegkisten",
      status: "submitted",
      votes: 1,
      comment_count: 1,
      can_vote: true,
      comments: [buildComment({ body: "Gute Idee" })],
    });
    const fake = createFakeApi();
    signInAs(inGerman(employee), fake);
    fake.on(LIST_ROUTE, json(ideaPage([])));
    fake.on(SIMILAR_ROUTE, json({ success: true, ideas: [] }));
    fake.on(CHALLENGES_ROUTE, json(challengePage([])));
    fake.on(detailRoute(idea.id), json({ success: true, idea }));
    renderApp(`/app/employee-ideas?idea=${idea.id}`, fake);

    const dialog = await screen.findByRole("dialog", { name: "Mehrwegkisten" }, { timeout: 10_000 });
    expect(await within(dialog).findByRole("heading", { name: "Statusverlauf" })).toBeInTheDocument();
    expect(within(dialog).getByRole("heading", { name: "Überarbeitungen" })).toBeInTheDocument();
    expect(within(dialog).getByText("Noch keine Überarbeitungen.")).toBeInTheDocument();
    expect(within(dialog).getByRole("heading", { name: "Kommentare" })).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Unterstützen" })).toBeInTheDocument();
    expect(within(dialog).getByText("1 Stimme")).toBeInTheDocument();
    expect(within(dialog).getByRole("textbox", { name: "Kommentar schreiben" })).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Kommentar senden" })).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Idee schließen" })).toBeInTheDocument();
  });
});
