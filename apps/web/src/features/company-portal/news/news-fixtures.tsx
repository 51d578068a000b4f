import type { NewsCategory, NewsItem } from "@ideaport/shared";
import { MantineProvider } from "@mantine/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { type Location, MemoryRouter, useLocation } from "react-router";
import { vi } from "vitest";
import { theme } from "../../../components/theme.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { createFakeApi, type FakeApi, json, type RecordedRequest } from "../../../test/fake-api.ts";
import { NewsSection } from "./news-section.tsx";
// Loaded lazily by the section; imported here so that their first load is not timed by a test.
import "./news-detail.tsx";
import "./news-form.tsx";
import "./news-categories.tsx";
import "./news-actions.tsx";
import "../../../components/confirm-modal.tsx";

/** Test data for the news section, shaped as the news contract answers it (category ids are UUIDs). */

export const ANNOUNCEMENTS_ID = "6a1f0c3e-2b4d-4c5e-8f70-000000000001";
export const EVENTS_ID = "6a1f0c3e-2b4d-4c5e-8f70-000000000002";

export const announcements: NewsCategory = { id: ANNOUNCEMENTS_ID, name: "Announcements", news_count: 1 };
export const events: NewsCategory = { id: EVENTS_ID, name: "Events", news_count: 1 };

let sequence = 0;

export function buildNews(overrides: Partial<NewsItem> = {}): NewsItem {
  sequence += 1;
  return {
    id: `news-${sequence}`,
    title: `News ${sequence}`,
    category: { id: ANNOUNCEMENTS_ID, name: "Announcements" },
    body: "Hello **everyone**.",
    body_html: "<p>Hello <strong>everyone</strong>.</p>",
    video: null,
    pinned: false,
    author_name: "Alex Admin",
    published_at: "2026-03-14T09:00:00.000Z",
    status: "published",
    read: false,
    created_at: "2026-03-14T09:00:00.000Z",
    updated_at: "2026-03-14T09:00:00.000Z",
    can_edit: false,
    ...overrides,
  };
}

/** The query parameters of a recorded request. */
export function queryOf(request: RecordedRequest | undefined): Record<string, string> {
  if (!request) return {};
  return Object.fromEntries(new URL(request.url, "http://localhost").searchParams.entries());
}

/** A 4xx answer as the server's error handler renders it. */
export function refusal(status: number, code: string, error: string, fields?: Record<string, string>) {
  return json({ success: false, code, error, ...(fields ? { fields } : {}) }, { status });
}

/** The news server's state, which the fake API reads and changes as the real one would. */
export interface NewsServer {
  news: NewsItem[];
  categories: NewsCategory[];
}

function withCounts(server: NewsServer): NewsCategory[] {
  return server.categories.map((category) => ({
    ...category,
    news_count: server.news.filter((entry) => entry.category.id === category.id).length,
  }));
}

/**
 * Answers the news routes from `server`: the list filtered by `category` (pinned first), the
 * detail marking a post read, and, for admins, creating posts and categories.
 */
export function answerNews(fake: FakeApi, server: NewsServer) {
  fake.on("GET /api/news/", (request) => {
    const { category } = queryOf(request);
    const news = server.news
      .filter((entry) => !category || entry.category.id === category)
      .sort((a, b) => Number(b.pinned) - Number(a.pinned));
    return json({ success: true, news, categories: withCounts(server), next_cursor: null });
  });
  fake.on("GET /api/news/categories/", () => json({ success: true, categories: withCounts(server) }));
  for (const entry of server.news) {
    fake.on(`GET /api/news/${entry.id}/`, () => {
      const current = server.news.find((candidate) => candidate.id === entry.id) ?? entry;
      current.read = true;
      return json({ success: true, news: current });
    });
  }
  fake.on("POST /api/news/categories/", (request) => {
    const { name } = request.body as { name: string };
    const category = { id: `6a1f0c3e-2b4d-4c5e-8f70-1${String(server.categories.length).padStart(11, "0")}`, name };
    server.categories.push({ ...category, news_count: 0 });
    return json({ success: true, category: { ...category, news_count: 0 } });
  });
  fake.on("POST /api/news/", (request) => {
    const body = request.body as { title: string; body: string; category_id: string; pinned?: boolean };
    const category = server.categories.find((entry) => entry.id === body.category_id);
    if (!category)
      return refusal(400, "validation.failed", "Invalid category id.", { category_id: "Invalid category id." });
    const news = buildNews({
      id: `news-created-${server.news.length}`,
      title: body.title,
      body: body.body,
      body_html: `<p>${body.body}</p>`,
      category: { id: category.id, name: category.name },
      pinned: body.pinned ?? false,
      read: true,
      can_edit: true,
    });
    server.news.unshift(news);
    return json({ success: true, news });
  });
}

/** Shows the router's location to the test. */
function LocationProbe({ onLocation }: { onLocation: (location: Location) => void }) {
  onLocation(useLocation());
  return null;
}

/** Renders the news section on its own (as a page holds it) over a fake API answering from `server`. */
export function renderNewsSection(
  props: { manage: boolean; showPublishHint?: boolean },
  server: NewsServer,
  options: { path?: string; setup?: (fake: FakeApi) => void } = {},
) {
  const fake = createFakeApi();
  answerNews(fake, server);
  options.setup?.(fake);
  vi.stubGlobal("fetch", fake.fetch);
  let location: Location | null = null;
  const view = render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[options.path ?? "/app/employee-company"]}>
          <LocationProbe
            onLocation={(current) => {
              location = current;
            }}
          />
          <NewsSection {...props} />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return {
    ...view,
    fake,
    location: () => {
      if (!location) throw new Error("The router has not rendered yet.");
      return location as Location;
    },
  };
}
