import type { NewsItem } from "@ideaport/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { setLanguage } from "../../../lib/i18n.ts";
import { json } from "../../../test/fake-api.ts";
import {
  ANNOUNCEMENTS_ID,
  announcements,
  buildNews,
  EVENTS_ID,
  events,
  type NewsServer,
  queryOf,
  refusal,
  renderNewsSection,
} from "./news-fixtures.tsx";

function section() {
  return screen.getByRole("region", { name: "Company news" });
}

const YOUTUBE_VIDEO = {
  provider: "youtube" as const,
  id: "dQw4w9WgXcQ",
  url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
  embed_url: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
};

function twoCategories(): { news: NewsItem[]; categories: (typeof announcements)[] } {
  return {
    categories: [{ ...announcements }, { ...events }],
    news: [
      buildNews({
        id: "news-launch",
        title: "New office opens",
        body_html: "<p>Our <strong>Lisbon</strong> office opens on Monday. Come and visit us.</p>",
        pinned: true,
        author_name: "Alex Admin",
        published_at: "2026-03-14T09:00:00.000Z",
      }),
      buildNews({
        id: "news-party",
        title: "Summer party",
        category: { id: EVENTS_ID, name: "Events" },
        body_html: "<p>Food and music on the roof.</p>",
        author_name: "Sam Manager",
        read: true,
      }),
    ],
  };
}

describe("news section", () => {
  it("shows the posts as cards and filters them by the category tabs", async () => {
    const { fake, container } = renderNewsSection({ manage: false }, twoCategories());

    const launch = await within(section()).findByRole("article", { name: "New office opens" });
    expect(container.querySelector('[data-tour="news-dashboard"]')).toBe(
      within(section()).getByRole("heading", { name: "Company news" }).closest("[data-tour]"),
    );
    expect(container.querySelector('[data-tour="news-card"]')).toBe(launch);
    const tabs = within(section()).getByRole("tablist", { name: "News categories" });
    expect(tabs).toHaveAttribute("data-tour", "news-category-tab");
    expect(
      within(tabs)
        .getAllByRole("tab")
        .map((tab) => tab.textContent),
    ).toEqual(["All", "Announcements", "Events"]);
    expect(within(tabs).getByRole("tab", { name: "All" })).toHaveAttribute("aria-selected", "true");

    expect(within(launch).getByText("Announcements")).toBeInTheDocument();
    expect(within(launch).getByText("Pinned")).toBeInTheDocument();
    expect(within(launch).getByText("Unread")).toBeInTheDocument();
    expect(within(launch).getByText("Our Lisbon office opens on Monday. Come and visit us.")).toBeInTheDocument();
    expect(launch.querySelector("strong")).toBeNull();
    expect(within(launch).getByText(/^Alex Admin · /)).toHaveTextContent("2026");
    expect(within(launch).getByRole("button", { name: "New office opens" })).toBeInTheDocument();
    const party = within(section()).getByRole("article", { name: "Summer party" });
    expect(within(party).queryByText("Unread")).not.toBeInTheDocument();
    expect(within(party).queryByText("Pinned")).not.toBeInTheDocument();
    expect(queryOf(fake.calls("GET /api/news/")[0]).category).toBeUndefined();

    await userEvent.click(within(tabs).getByRole("tab", { name: "Events" }));

    await waitFor(() =>
      expect(within(section()).queryByRole("article", { name: "New office opens" })).not.toBeInTheDocument(),
    );
    expect(queryOf(fake.calls("GET /api/news/").at(-1)).category).toBe(EVENTS_ID);
    expect(within(section()).getAllByRole("article")).toEqual([
      within(section()).getByRole("article", { name: "Summer party" }),
    ]);
    expect(within(tabs).getByRole("tab", { name: "Events" })).toHaveAttribute("aria-selected", "true");

    await userEvent.click(within(tabs).getByRole("tab", { name: "Announcements" }));
    await within(section()).findByRole("article", { name: "New office opens" });
    expect(queryOf(fake.calls("GET /api/news/").at(-1)).category).toBe(ANNOUNCEMENTS_ID);
    expect(within(section()).getAllByRole("article")).toHaveLength(1);
  });

  it("opens a post in a linked dialog with its rendered text and marks it read", async () => {
    const { fake, location } = renderNewsSection({ manage: false }, twoCategories());
    const launch = await within(section()).findByRole("article", { name: "New office opens" });

    await userEvent.click(within(launch).getByRole("button", { name: "New office opens" }));

    const dialog = await screen.findByRole("dialog", { name: "New office opens" });
    expect(location().search).toBe("?news=news-launch");
    await waitFor(() => expect(fake.calls("GET /api/news/news-launch/")).toHaveLength(1));
    expect(within(dialog).getByText("Lisbon").tagName).toBe("STRONG");
    expect(within(dialog).getByText("Announcements")).toBeInTheDocument();
    expect(within(dialog).getByText(/^Alex Admin · /)).toBeInTheDocument();
    await waitFor(() => expect(within(launch).queryByText("Unread")).not.toBeInTheDocument());

    await userEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(location().search).toBe("");
  });

  it("opens the post a link names", async () => {
    renderNewsSection({ manage: false }, twoCategories(), { path: "/app/employee-company?news=news-party" });
    const dialog = await screen.findByRole("dialog", { name: "Summer party" });
    expect(await within(dialog).findByText("Food and music on the roof.")).toBeInTheDocument();
  });

  it("loads a video only after Play is pressed", async () => {
    const server = {
      categories: [{ ...announcements }],
      news: [
        buildNews({ id: "news-video", title: "Town hall", video: YOUTUBE_VIDEO }),
        buildNews({
          id: "news-vimeo",
          title: "Product demo",
          video: {
            provider: "vimeo",
            id: "76979871",
            url: "https://vimeo.com/76979871",
            embed_url: "https://player.vimeo.com/video/76979871?dnt=1",
          },
        }),
      ],
    };
    const { container } = renderNewsSection({ manage: false }, server);
    const card = await within(section()).findByRole("article", { name: "Town hall" });
    // Posters drawn here, naming the post and the host: no image of any kind before play.
    expect(within(card).getByRole("img", { name: "YouTube video: Town hall" })).toHaveTextContent(
      "Town hallYouTube video",
    );
    const vimeoCard = within(section()).getByRole("article", { name: "Product demo" });
    expect(within(vimeoCard).getByRole("img", { name: "Vimeo video: Product demo" })).toBeInTheDocument();
    expect(container.ownerDocument.querySelector("img")).toBeNull();

    await userEvent.click(within(card).getByRole("button", { name: "Town hall" }));
    const dialog = await screen.findByRole("dialog", { name: "Town hall" });
    expect(container.ownerDocument.querySelector("iframe")).toBeNull();
    expect(container.ownerDocument.querySelector("img")).toBeNull();
    expect(within(dialog).getByText("YouTube video")).toBeVisible();

    await userEvent.click(within(dialog).getByRole("button", { name: "Play video: Town hall" }));

    const frame = within(dialog).getByTitle("Town hall (video)");
    expect(frame.tagName).toBe("IFRAME");
    expect(frame).toHaveAttribute("src", YOUTUBE_VIDEO.embed_url);
    expect(frame).toHaveAttribute("referrerpolicy", "strict-origin-when-cross-origin");
    expect(frame).toHaveAttribute("allowfullscreen");
    expect(within(dialog).queryByRole("button", { name: "Play video: Town hall" })).not.toBeInTheDocument();
  });

  it("lets an admin publish the first post in a new category", async () => {
    const server: NewsServer = { categories: [], news: [] };
    const { fake, container } = renderNewsSection({ manage: true }, server);

    expect(await within(section()).findByText("Publish your first news post")).toBeInTheDocument();
    const addNews = within(section()).getByRole("button", { name: "Add news" });
    expect(container.querySelectorAll('[data-tour="add-news"]')).toHaveLength(1);
    expect(container.querySelector('[data-tour="add-news"]')).toBe(addNews);

    await userEvent.click(addNews);
    const dialog = await screen.findByRole("dialog", { name: "Add news" });
    const category = within(dialog).getByRole("combobox", { name: "Category" });
    await waitFor(() => expect(category).toHaveValue("__new__"));
    await userEvent.type(within(dialog).getByRole("textbox", { name: "New category name" }), "Launches");
    await userEvent.type(within(dialog).getByRole("textbox", { name: "Title" }), "Our new app");
    await userEvent.type(within(dialog).getByRole("textbox", { name: "Text" }), "It is live.");
    await userEvent.type(
      within(dialog).getByRole("textbox", { name: /^Video link \(YouTube or Vimeo\)/ }),
      YOUTUBE_VIDEO.url,
    );
    await userEvent.click(within(dialog).getByRole("checkbox", { name: "Pin to the top" }));
    expect(within(dialog).getByRole("radio", { name: "Publish now" })).toBeChecked();
    await userEvent.click(within(dialog).getByRole("button", { name: "Publish" }));

    expect(await within(section()).findByRole("article", { name: "Our new app" })).toBeInTheDocument();
    expect(fake.calls("POST /api/news/categories/").map((call) => call.body)).toEqual([{ name: "Launches" }]);
    const createdCategoryId = server.categories[0]?.id;
    expect(createdCategoryId).toEqual(expect.any(String));
    expect(fake.calls("POST /api/news/").map((call) => call.body)).toEqual([
      {
        title: "Our new app",
        body: "It is live.",
        category_id: createdCategoryId,
        video: YOUTUBE_VIDEO.url,
        pinned: true,
      },
    ]);
    expect(within(section()).getByRole("status")).toHaveTextContent('"Our new app" is published.');
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(within(section()).getByRole("tab", { name: "Launches" })).toBeInTheDocument();
    expect(within(section()).getByRole("button", { name: "Actions for Our new app" })).toBeInTheDocument();
    expect(container.querySelectorAll('[data-tour="add-news"]')).toHaveLength(1);
  });

  it("offers Schedule and Save draft and shows the server's field errors", async () => {
    const server = { categories: [{ ...announcements }], news: [buildNews({ title: "Old news", can_edit: true })] };
    const { fake } = renderNewsSection({ manage: true }, server, {
      setup: (fake) =>
        fake.on(
          "POST /api/news/",
          refusal(400, "validation.failed", "Please check the fields.", { title: "That title is taken." }),
        ),
    });
    await userEvent.click(await within(section()).findByRole("button", { name: "Add news" }));
    const dialog = await screen.findByRole("dialog", { name: "Add news" });
    await waitFor(() =>
      expect(within(dialog).getByRole("combobox", { name: "Category" })).toHaveValue(ANNOUNCEMENTS_ID),
    );
    expect(within(dialog).queryByRole("textbox", { name: "New category name" })).not.toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole("radio", { name: "Schedule" }));
    expect(within(dialog).getByLabelText(/^Publication time/)).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Schedule" })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("radio", { name: /^Save as draft/ }));
    expect(within(dialog).queryByLabelText(/^Publication time/)).not.toBeInTheDocument();

    await userEvent.type(within(dialog).getByRole("textbox", { name: "Title" }), "Taken");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save draft" }));

    expect(await within(dialog).findByText("That title is taken.")).toBeInTheDocument();
    expect(within(dialog).getByRole("textbox", { name: "Title" })).toHaveAttribute("aria-invalid", "true");
    expect(fake.calls("POST /api/news/")[0]?.body).toEqual({
      title: "Taken",
      body: "",
      category_id: ANNOUNCEMENTS_ID,
      pinned: false,
      published_at: null,
    });
    expect(fake.calls("POST /api/news/categories/")).toHaveLength(0);
  });

  it("lets an admin pin and delete a post, after confirming", async () => {
    const post = buildNews({ id: "news-7", title: "Canteen menu", can_edit: true });
    const server = { categories: [{ ...announcements }], news: [post] };
    const { fake } = renderNewsSection({ manage: true }, server, {
      setup: (fake) => {
        fake.on("PATCH /api/news/news-7/", (request) =>
          json({ success: true, news: { ...post, ...(request.body as object) } }),
        );
        fake.on("DELETE /api/news/news-7/", () => {
          server.news = [];
          return json({ success: true });
        });
      },
    });

    await userEvent.click(await within(section()).findByRole("button", { name: "Actions for Canteen menu" }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Pin" }));
    expect(await within(section()).findByText('"Canteen menu" is pinned to the top.')).toBeInTheDocument();
    expect(fake.calls("PATCH /api/news/news-7/")[0]?.body).toEqual({ pinned: true });

    await userEvent.click(within(section()).getByRole("button", { name: "Actions for Canteen menu" }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Delete" }));
    const confirm = await screen.findByRole("dialog", { name: "Delete news post?" });
    expect(confirm).toHaveTextContent('"Canteen menu" will be removed for everyone. This cannot be undone.');
    await userEvent.click(within(confirm).getByRole("button", { name: "Delete" }));

    expect(await within(section()).findByText('"Canteen menu" was deleted.')).toBeInTheDocument();
    expect(fake.calls("DELETE /api/news/news-7/")).toHaveLength(1);
    expect(within(section()).queryByRole("article")).not.toBeInTheDocument();
  });

  it("lets an admin edit a post and sends only what changed", async () => {
    const post = buildNews({
      id: "news-8",
      title: "Town hall",
      body: "Join us **Friday**.",
      video: YOUTUBE_VIDEO,
      pinned: true,
      can_edit: true,
    });
    const server: NewsServer = { categories: [{ ...announcements }, { ...events }], news: [post] };
    const { fake } = renderNewsSection({ manage: true }, server, {
      setup: (fake) =>
        fake.on("PATCH /api/news/news-8/", (request) => {
          const saved = { ...post, ...(request.body as object) };
          server.news = [saved];
          return json({ success: true, news: saved });
        }),
    });

    await userEvent.click(await within(section()).findByRole("button", { name: "Actions for Town hall" }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Edit" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit news" });
    await waitFor(() =>
      expect(within(dialog).getByRole("combobox", { name: "Category" })).toHaveValue(ANNOUNCEMENTS_ID),
    );
    expect(within(dialog).getByRole("textbox", { name: "Text" })).toHaveValue("Join us **Friday**.");
    expect(within(dialog).getByRole("textbox", { name: /^Video link/ })).toHaveValue(YOUTUBE_VIDEO.url);
    expect(within(dialog).getByRole("checkbox", { name: "Pin to the top" })).toBeChecked();
    expect(within(dialog).getByRole("radio", { name: "Publish now" })).toBeChecked();

    const title = within(dialog).getByRole("textbox", { name: "Title" });
    await userEvent.clear(title);
    await userEvent.type(title, "Town hall moved");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save changes" }));

    expect(await within(section()).findByRole("article", { name: "Town hall moved" })).toBeInTheDocument();
    expect(fake.calls("PATCH /api/news/news-8/").map((call) => call.body)).toEqual([{ title: "Town hall moved" }]);
    expect(within(section()).getByRole("status")).toHaveTextContent('The news post "Town hall moved" was saved.');
  });

  it("loads the next page with Load more", async () => {
    const { fake } = renderNewsSection({ manage: false }, twoCategories(), {
      setup: (fake) =>
        fake.on("GET /api/news/", (request) =>
          queryOf(request).cursor === "page-2"
            ? json({ success: true, news: [buildNews({ title: "Older news" })], categories: [], next_cursor: null })
            : json({
                success: true,
                news: [buildNews({ title: "Newest news" })],
                categories: [announcements],
                next_cursor: "page-2",
              }),
        ),
    });
    await within(section()).findByRole("article", { name: "Newest news" });
    await userEvent.click(within(section()).getByRole("button", { name: "Load more" }));
    expect(await within(section()).findByRole("article", { name: "Older news" })).toBeInTheDocument();
    expect(within(section()).getAllByRole("article")).toHaveLength(2);
    expect(queryOf(fake.calls("GET /api/news/").at(-1)).cursor).toBe("page-2");
    expect(within(section()).queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
  });

  it("manages the categories in their own dialog", async () => {
    const server = { categories: [{ ...announcements }, { ...events, id: EVENTS_ID }], news: [buildNews()] };
    const { fake } = renderNewsSection({ manage: true }, server, {
      setup: (fake) =>
        fake.on(`DELETE /api/news/categories/${EVENTS_ID}/`, () => {
          server.categories = server.categories.filter((entry) => entry.id !== EVENTS_ID);
          return json({ success: true });
        }),
    });
    await userEvent.click(await within(section()).findByRole("button", { name: "Manage categories" }));
    const dialog = await screen.findByRole("dialog", { name: "News categories" });
    expect(await within(dialog).findByRole("button", { name: "Delete Announcements" })).toBeDisabled();

    await userEvent.click(within(dialog).getByRole("button", { name: "Delete Events" }));
    expect(await within(dialog).findByText('The category "Events" was deleted.')).toBeInTheDocument();
    expect(fake.calls(`DELETE /api/news/categories/${EVENTS_ID}/`)).toHaveLength(1);

    await userEvent.type(within(dialog).getByRole("textbox", { name: "New category name" }), "People");
    await userEvent.click(within(dialog).getByRole("button", { name: "Add category" }));
    expect(await within(dialog).findByText('The category "People" was added.')).toBeInTheDocument();
    expect(fake.calls("POST /api/news/categories/")[0]?.body).toEqual({ name: "People" });
    await waitFor(() =>
      expect(
        within(within(section()).getByRole("tablist", { name: "News categories" }))
          .getAllByRole("tab")
          .map((tab) => tab.textContent),
      ).toEqual(["All", "Announcements", "People"]),
    );
  });

  it("shows no admin controls to a reader", async () => {
    const server = twoCategories();
    server.news.push(buildNews({ title: "Draft for admins", status: "draft", published_at: null, can_edit: true }));
    const { container } = renderNewsSection({ manage: false }, server);
    await within(section()).findByRole("article", { name: "New office opens" });
    expect(within(section()).queryByRole("button", { name: "Add news" })).not.toBeInTheDocument();
    expect(within(section()).queryByRole("button", { name: "Manage categories" })).not.toBeInTheDocument();
    expect(within(section()).queryByRole("button", { name: /^Actions for/ })).not.toBeInTheDocument();
    expect(within(section()).queryByText("Draft")).not.toBeInTheDocument();
    expect(container.querySelector('[data-tour="add-news"]')).toBeNull();
  });

  it("tells a manager who is not an admin who publishes news", async () => {
    const { container } = renderNewsSection({ manage: false, showPublishHint: true }, twoCategories());
    const hint = await within(section()).findByRole("note");
    expect(hint).toHaveTextContent("Administrators publish news. Ask one to share your team's news.");
    expect(container.querySelector('[data-tour="add-news"]')).toBe(hint);
    expect(within(section()).queryByRole("button", { name: "Add news" })).not.toBeInTheDocument();
  });

  it("shows admins their drafts and scheduled posts", async () => {
    const server = {
      categories: [{ ...announcements }],
      news: [
        buildNews({ title: "Half written", status: "draft", published_at: null, can_edit: true }),
        buildNews({
          title: "Next week",
          status: "scheduled",
          published_at: "2099-01-05T09:00:00.000Z",
          can_edit: true,
        }),
      ],
    };
    renderNewsSection({ manage: true }, server);
    const draft = await within(section()).findByRole("article", { name: "Half written" });
    expect(within(draft).getByText("Draft")).toBeInTheDocument();
    expect(within(draft).getByText("Alex Admin · Draft")).toBeInTheDocument();
    expect(within(draft).queryByText("Unread")).not.toBeInTheDocument();
    const scheduled = within(section()).getByRole("article", { name: "Next week" });
    expect(within(scheduled).getByText("Scheduled")).toBeInTheDocument();
    expect(within(scheduled).getByText(/^Alex Admin · Scheduled for .*2099/)).toBeInTheDocument();
  });

  it("tells a reader when there is no news yet", async () => {
    renderNewsSection({ manage: false }, { categories: [], news: [] });
    expect(
      await within(section()).findByText("No news yet. Your administrators' announcements will appear here."),
    ).toBeInTheDocument();
    expect(within(section()).queryByText("Publish your first news post")).not.toBeInTheDocument();
    expect(within(section()).queryByRole("button", { name: "Add news" })).not.toBeInTheDocument();
  });

  it("says the news could not load and retries", async () => {
    const { fake } = renderNewsSection({ manage: false }, twoCategories(), {
      setup: (fake) => fake.on("GET /api/news/", refusal(403, "auth.forbidden", "You may not do that.")),
    });
    const alert = await within(section()).findByRole("alert");
    expect(alert).toHaveTextContent("Could not load the news. You may not do that.");
    fake.on(
      "GET /api/news/",
      json({ success: true, news: [buildNews({ title: "Back" })], categories: [], next_cursor: null }),
    );
    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await within(section()).findByRole("article", { name: "Back" })).toBeInTheDocument();
  });
});

describe("news section in German", () => {
  it("shows the cards, the tabs and an admin's controls in German", async () => {
    await setLanguage("de");
    const server = twoCategories();
    server.news.push(
      buildNews({ id: "news-draft", title: "Half written", status: "draft", published_at: null, can_edit: true }),
    );
    renderNewsSection({ manage: true }, server);

    const region = await screen.findByRole("region", { name: "Neuigkeiten aus dem Unternehmen" });
    const launch = await within(region).findByRole("article", { name: "New office opens" });
    expect(within(launch).getByText("Angeheftet")).toBeInTheDocument();
    expect(within(launch).getByText("Ungelesen")).toBeInTheDocument();
    const draft = within(region).getByRole("article", { name: "Half written" });
    expect(within(draft).getByText("Alex Admin · Entwurf")).toBeInTheDocument();
    expect(
      within(within(region).getByRole("tablist", { name: "Kategorien der Neuigkeiten" }))
        .getAllByRole("tab")
        .map((tab) => tab.textContent),
    ).toEqual(["Alle", "Announcements", "Events"]);
    expect(within(region).getByRole("button", { name: "Beitrag verfassen" })).toBeInTheDocument();

    await userEvent.click(within(region).getByRole("button", { name: "Kategorien verwalten" }));
    const dialog = await screen.findByRole("dialog", { name: "Kategorien der Neuigkeiten" });
    expect(await within(dialog).findByRole("button", { name: "Announcements umbenennen" })).toBeInTheDocument();
    expect(within(dialog).getByText("2 Beiträge")).toBeInTheDocument();
    expect(within(dialog).getByText("1 Beitrag")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Kategorie hinzufügen" })).toBeInTheDocument();
  });

  it("tells a reader in German that there is no news yet", async () => {
    await setLanguage("de");
    renderNewsSection({ manage: false }, { categories: [], news: [] });
    const region = await screen.findByRole("region", { name: "Neuigkeiten aus dem Unternehmen" });
    expect(
      await within(region).findByText("Noch keine Neuigkeiten. Die Ankündigungen deiner Admins erscheinen hier."),
    ).toBeInTheDocument();
  });
});
