import {
  NewsCategoryListResponseSchema,
  NewsCategoryResponseSchema,
  type NewsItem,
  NewsListResponseSchema,
  NewsResponseSchema,
} from "@ideaport/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { news, newsCategories, newsReads } from "../../db/schema/index.ts";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { buildCompany, buildTeam, buildUser } from "../../test/factories.ts";

interface Person {
  id: string;
  token: string;
}

let testApp: TestApp;
let admin: Person;
let manager: Person;
let employee: Person;
let colleague: Person;
let otherAdmin: Person;
let otherEmployee: Person;
let general: string;
let otherCompanyCategory: string;
let sequence = 0;

const unique = (prefix: string) => {
  sequence += 1;
  return `${prefix} ${sequence}`;
};

async function person(teamId: string, options: Parameters<typeof buildUser>[1] = {}): Promise<Person> {
  const user = await buildUser(testApp.db, { teamId, ...options });
  return { id: user.id, token: await testApp.tokenFor(user) };
}

async function createCategory(name: string, as: Person = admin): Promise<string> {
  const response = await testApp.client.post("/api/news/categories/", { name }, { token: as.token });
  expect(response.statusCode, response.body).toBe(200);
  return NewsCategoryResponseSchema.parse(response.json()).category.id;
}

async function createNews(body: Record<string, unknown> = {}, as: Person = admin): Promise<NewsItem> {
  const response = await testApp.client.post(
    "/api/news/",
    { title: unique("News"), body: "Hello **team**.", category_id: general, ...body },
    { token: as.token },
  );
  expect(response.statusCode, response.body).toBe(200);
  return NewsResponseSchema.parse(response.json()).news;
}

async function listAs(as: Person, query = "") {
  const response = await testApp.client.get(`/api/news/${query}`, { token: as.token });
  expect(response.statusCode, response.body).toBe(200);
  return NewsListResponseSchema.parse(response.json());
}

/** Every post the caller sees, page after page (`limit` per page), in the order answered. */
async function walkAs(as: Person, limit: number, filter = ""): Promise<NewsItem[]> {
  const seen: NewsItem[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 100; page += 1) {
    const query = `?limit=${limit}${filter}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
    const answer = await listAs(as, query);
    expect(answer.news.length).toBeLessThanOrEqual(limit);
    seen.push(...answer.news);
    cursor = answer.next_cursor;
    if (!cursor) return seen;
  }
  throw new Error("The list never ended.");
}

async function rowCounts() {
  const [posts, categories, reads] = await Promise.all([
    testApp.db.select({ id: news.id }).from(news),
    testApp.db.select({ id: newsCategories.id }).from(newsCategories),
    testApp.db.select({ id: newsReads.id }).from(newsReads),
  ]);
  return { posts: posts.length, categories: categories.length, reads: reads.length };
}

beforeAll(async () => {
  testApp = await buildTestApp({ env: { RATE_LIMIT_MULTIPLIER: "1000" } });
  const company = await buildCompany(testApp.db);
  const team = await buildTeam(testApp.db, { companyId: company.id });
  admin = await person(team.id, { isAdmin: true, firstName: "Ada", lastName: "Admin" });
  manager = await person(team.id, { role: "manager" });
  employee = await person(team.id);
  colleague = await person(team.id);
  const otherCompany = await buildCompany(testApp.db);
  const otherTeam = await buildTeam(testApp.db, { companyId: otherCompany.id });
  otherAdmin = await person(otherTeam.id, { isAdmin: true });
  otherEmployee = await person(otherTeam.id);
  general = await createCategory("General");
  otherCompanyCategory = await createCategory("Elsewhere", otherAdmin);
});
afterAll(async () => {
  await testApp?.close();
});

describe("news categories", () => {
  it("lets an admin create, rename and delete an unused category; names are unique ignoring case", async () => {
    const { client } = testApp;
    const created = await client.post("/api/news/categories/", { name: "  Events  " }, { token: admin.token });
    expect(created.statusCode, created.body).toBe(200);
    const { category } = NewsCategoryResponseSchema.parse(created.json());
    expect(category).toMatchObject({ name: "Events", news_count: 0 });

    const duplicate = await client.post("/api/news/categories/", { name: "EVENTS" }, { token: admin.token });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({
      code: "news_category.name_taken",
      error: 'The category "EVENTS" already exists.',
    });
    // Another company may use the same name.
    expect(
      (await client.post("/api/news/categories/", { name: "events" }, { token: otherAdmin.token })).statusCode,
    ).toBe(200);

    const renamed = await client.patch(
      `/api/news/categories/${category.id}/`,
      { name: "Company events" },
      { token: admin.token },
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().category).toMatchObject({ id: category.id, name: "Company events" });
    const clash = await client.patch(
      `/api/news/categories/${category.id}/`,
      { name: "general" },
      { token: admin.token },
    );
    expect(clash.statusCode).toBe(409);
    expect(clash.json().code).toBe("news_category.name_taken");
    // Renaming to its own name in another case is fine.
    const recased = await client.patch(
      `/api/news/categories/${category.id}/`,
      { name: "COMPANY EVENTS" },
      { token: admin.token },
    );
    expect(recased.statusCode, recased.body).toBe(200);

    const deleted = await client.delete(`/api/news/categories/${category.id}/`, { token: admin.token });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const listed = await client.get("/api/news/categories/", { token: admin.token });
    expect(NewsCategoryListResponseSchema.parse(listed.json()).categories.map((row) => row.id)).not.toContain(
      category.id,
    );
  });

  it("refuses to delete a category in use (drafts count) with 409 and a clear message", async () => {
    const category = await createCategory(unique("Used"));
    await createNews({ category_id: category, published_at: null });
    const before = await rowCounts();
    const response = await testApp.client.delete(`/api/news/categories/${category}/`, { token: admin.token });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: "news_category.in_use",
      error: "This category still has news. Move its news to another category or delete them first.",
    });
    expect(await rowCounts()).toEqual(before);
  });

  it("lets everyone in the company list the categories, counting only the posts they see", async () => {
    const category = await createCategory(unique("Counted"));
    await createNews({ category_id: category });
    await createNews({ category_id: category, published_at: null });
    const asEmployee = NewsCategoryListResponseSchema.parse(
      (await testApp.client.get("/api/news/categories/", { token: employee.token })).json(),
    );
    const asAdmin = NewsCategoryListResponseSchema.parse(
      (await testApp.client.get("/api/news/categories/", { token: admin.token })).json(),
    );
    expect(asEmployee.categories.find((row) => row.id === category)?.news_count).toBe(1);
    expect(asAdmin.categories.find((row) => row.id === category)?.news_count).toBe(2);
    expect(asEmployee.categories.map((row) => row.id)).not.toContain(otherCompanyCategory);
  });

  it("answers 403 to employees and managers for every category write, and changes nothing", async () => {
    const category = await createCategory(unique("Guarded"));
    const before = await rowCounts();
    for (const caller of [employee, manager]) {
      const { client } = testApp;
      expect(
        (await client.post("/api/news/categories/", { name: unique("Mine") }, { token: caller.token })).statusCode,
      ).toBe(403);
      expect(
        (await client.patch(`/api/news/categories/${category}/`, { name: unique("Mine") }, { token: caller.token }))
          .statusCode,
      ).toBe(403);
      expect((await client.delete(`/api/news/categories/${category}/`, { token: caller.token })).statusCode).toBe(403);
    }
    expect(await rowCounts()).toEqual(before);
  });

  it("answers 404 for another company's category, an unknown or a malformed id", async () => {
    const { client } = testApp;
    for (const id of [otherCompanyCategory, "00000000-0000-4000-8000-000000000000", "not-an-id"]) {
      const renamed = await client.patch(
        `/api/news/categories/${id}/`,
        { name: unique("Taken") },
        { token: admin.token },
      );
      expect(renamed.statusCode, id).toBe(404);
      expect(renamed.json().code).toBe("news_category.not_found");
      expect((await client.delete(`/api/news/categories/${id}/`, { token: admin.token })).statusCode, id).toBe(404);
    }
    // Nor can a post be filed under it.
    const filed = await client.post(
      "/api/news/",
      { title: "Elsewhere", category_id: otherCompanyCategory },
      { token: admin.token },
    );
    expect(filed.statusCode).toBe(404);
    expect(filed.json().code).toBe("news_category.not_found");
  });

  it("validates the name", async () => {
    const { client } = testApp;
    const empty = await client.post("/api/news/categories/", { name: "   " }, { token: admin.token });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toMatchObject({ name: "Please enter a category name." });
    const long = await client.post("/api/news/categories/", { name: "x".repeat(51) }, { token: admin.token });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toMatchObject({ name: "The category name must be at most 50 characters." });
  });
});

describe("POST, PATCH and DELETE /api/news/", () => {
  it("lets an admin publish a post, answered with its rendered body, author and category", async () => {
    const post = await createNews({ title: "Welcome", body: "Hello **team**.", pinned: true });
    expect(post).toMatchObject({
      title: "Welcome",
      category: { id: general, name: "General" },
      body: "Hello **team**.",
      body_html: "<p>Hello <strong>team</strong>.</p>\n",
      video: null,
      pinned: true,
      author_name: "Ada Admin",
      published_at: testApp.clock().toISOString(),
      status: "published",
      read: false,
      can_edit: true,
    });
    const asEmployee = await testApp.client.get(`/api/news/${post.id}/`, { token: employee.token });
    expect(asEmployee.statusCode).toBe(200);
    expect(asEmployee.json().news).toMatchObject({ id: post.id, can_edit: false, read: true });
  });

  it("answers 403 to employees and managers for every post write, and changes nothing", async () => {
    const post = await createNews();
    const before = await rowCounts();
    for (const caller of [employee, manager]) {
      const { client } = testApp;
      const created = await client.post("/api/news/", { title: "Mine", category_id: general }, { token: caller.token });
      expect(created.statusCode).toBe(403);
      expect(created.json().code).toBe("auth.forbidden");
      expect((await client.patch(`/api/news/${post.id}/`, { title: "Mine" }, { token: caller.token })).statusCode).toBe(
        403,
      );
      expect((await client.delete(`/api/news/${post.id}/`, { token: caller.token })).statusCode).toBe(403);
    }
    expect(await rowCounts()).toEqual(before);
  });

  it("answers 404 to another company for every call on a post, and 401 without sign-in", async () => {
    const post = await createNews();
    const { client } = testApp;
    for (const caller of [otherAdmin, otherEmployee]) {
      expect((await client.get(`/api/news/${post.id}/`, { token: caller.token })).statusCode).toBe(404);
    }
    const before = await rowCounts();
    const patched = await client.patch(`/api/news/${post.id}/`, { title: "Theirs" }, { token: otherAdmin.token });
    expect(patched.statusCode).toBe(404);
    expect(patched.json().code).toBe("news.not_found");
    expect((await client.delete(`/api/news/${post.id}/`, { token: otherAdmin.token })).statusCode).toBe(404);
    expect(await rowCounts()).toEqual(before);
    expect((await listAs(otherAdmin)).news.map((item) => item.id)).not.toContain(post.id);
    expect((await client.get(`/api/news/${post.id}/`)).statusCode).toBe(401);
    expect((await client.get("/api/news/not-an-id/", { token: admin.token })).statusCode).toBe(404);
  });

  it("lets an admin edit, re-categorise, pin, remove the video and delete a post", async () => {
    const post = await createNews({ video: "https://youtu.be/dQw4w9WgXcQ" });
    const events = await createCategory(unique("Events"));
    const patched = await testApp.client.patch(
      `/api/news/${post.id}/`,
      { title: "Edited", body: "# New", category_id: events, pinned: true, video: null },
      { token: admin.token },
    );
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().news).toMatchObject({
      title: "Edited",
      body_html: "<h1>New</h1>\n",
      category: { id: events },
      pinned: true,
      video: null,
    });

    const deleted = await testApp.client.delete(`/api/news/${post.id}/`, { token: admin.token });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await testApp.client.get(`/api/news/${post.id}/`, { token: admin.token })).statusCode).toBe(404);
    expect((await testApp.client.delete(`/api/news/${post.id}/`, { token: admin.token })).statusCode).toBe(404);
  });

  it("validates the fields with clear messages", async () => {
    const { client } = testApp;
    const missing = await client.post("/api/news/", { body: "x", category_id: general }, { token: admin.token });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toMatchObject({ title: "Please give the news post a title." });
    const long = await client.post(
      "/api/news/",
      { title: "x".repeat(201), body: "y".repeat(20_001), category_id: general },
      { token: admin.token },
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toMatchObject({
      title: "The title must be at most 200 characters.",
      body: "The text must be at most 20,000 characters.",
    });
    const noCategory = await client.post("/api/news/", { title: "x" }, { token: admin.token });
    expect(noCategory.statusCode).toBe(400);
    expect(noCategory.json().fields).toMatchObject({ category_id: "Please choose a category." });
    for (const published_at of ["tomorrow", "2026-02-31T09:00:00Z", "2026-12-01T09:00:00", "1800-01-01T09:00:00Z"]) {
      const badTime = await client.post(
        "/api/news/",
        { title: "x", category_id: general, published_at },
        { token: admin.token },
      );
      expect(badTime.statusCode, published_at).toBe(400);
      expect(badTime.json().fields, published_at).toHaveProperty("published_at");
    }
    const nothing = await client.patch(`/api/news/${(await createNews()).id}/`, {}, { token: admin.token });
    expect(nothing.statusCode).toBe(400);
  });
});

describe("videos", () => {
  it.each([
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ", "youtube", "dQw4w9WgXcQ"],
    ["https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s", "youtube", "dQw4w9WgXcQ"],
    ["https://m.youtube.com/watch?v=dQw4w9WgXcQ", "youtube", "dQw4w9WgXcQ"],
    ["https://www.youtube.com/shorts/dQw4w9WgXcQ", "youtube", "dQw4w9WgXcQ"],
    ["https://youtu.be/dQw4w9WgXcQ?si=abc", "youtube", "dQw4w9WgXcQ"],
    ["youtu.be/dQw4w9WgXcQ", "youtube", "dQw4w9WgXcQ"],
    ["https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ", "youtube", "dQw4w9WgXcQ"],
    ["https://vimeo.com/76979871", "vimeo", "76979871"],
    ["https://player.vimeo.com/video/76979871", "vimeo", "76979871"],
  ])("accepts %s as %s video %s, shown through the privacy-friendly player", async (link, provider, id) => {
    const post = await createNews({ video: link });
    expect(post.video).toMatchObject({ provider, id });
    const embed =
      provider === "youtube"
        ? `https://www.youtube-nocookie.com/embed/${id}`
        : `https://player.vimeo.com/video/${id}?dnt=1`;
    expect(post.video?.embed_url).toBe(embed);
  });

  it("keeps the hash of an unlisted Vimeo video", async () => {
    const post = await createNews({ video: "https://vimeo.com/76979871/abcdef1234" });
    expect(post.video).toMatchObject({
      url: "https://vimeo.com/76979871/abcdef1234",
      embed_url: "https://player.vimeo.com/video/76979871?h=abcdef1234&dnt=1",
    });
  });

  it.each([
    "https://example.com/watch?v=dQw4w9WgXcQ",
    "https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
    "https://www.youtube.com/watch?v=short",
    "https://www.youtube.com/channel/UC123",
    "https://vimeo.com/about",
    "javascript:alert(1)",
    "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
    "ftp://youtube.com/watch?v=dQw4w9WgXcQ",
    "https://user:pass@youtube.com/watch?v=dQw4w9WgXcQ",
    "not a link",
  ])("refuses %s with 400 and a clear message", async (link) => {
    const before = await rowCounts();
    const response = await testApp.client.post(
      "/api/news/",
      { title: "Video", category_id: general, video: link },
      { token: admin.token },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: "news.video_invalid",
      error: "Use a YouTube or Vimeo link.",
      fields: { video: "Use a YouTube or Vimeo link." },
    });
    expect(await rowCounts()).toEqual(before);
  });

  it("refuses a bad video on edit too", async () => {
    const post = await createNews();
    const response = await testApp.client.patch(
      `/api/news/${post.id}/`,
      { video: "https://evil.example/v" },
      { token: admin.token },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("news.video_invalid");
  });
});

describe("Markdown comes out inert", () => {
  const tagWithHandler = /<[a-z][^>]*\son[a-z]+\s*=/i;
  it.each([
    ["a script tag", "Hi <script>alert(1)</script>"],
    ["an event handler", '<b onmouseover="alert(1)">hover</b>'],
    ["an image with onerror", "<img src=x onerror=alert(1)>"],
    ["a javascript: link", "[click](javascript:alert(1))"],
    ["a javascript: link in another case", "[click](JavaScript:alert(1))"],
    ["a javascript: autolink", "<javascript:alert(1)>"],
    ["a data: link", "[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)"],
    ["a data: image", "![x](data:image/png;base64,iVBORw0KGgo=)"],
    ["an iframe from another host", '<iframe src="https://evil.example/"></iframe>'],
    ["a markdown image with a handler in its title", '![x](https://evil.example/x.png "a\\" onerror=\\"alert(1)")'],
    ["an svg", "<svg onload=alert(1)><circle/></svg>"],
    ["a style tag", "<style>body{display:none}</style>"],
  ])("%s", async (_name, body) => {
    const post = await createNews({ body });
    const html = post.body_html;
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<iframe/i);
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toMatch(/<svg/i);
    expect(html).not.toMatch(/<style/i);
    expect(html).not.toMatch(tagWithHandler);
    expect(html).not.toMatch(/href\s*=\s*"?\s*(javascript|data|vbscript):/i);
  });

  it("opens links in a new tab with rel=noopener noreferrer", async () => {
    const post = await createNews({ body: "See [our site](https://example.com) or https://example.org." });
    expect(post.body_html).toContain(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">our site</a>',
    );
    expect(post.body_html).toContain(
      '<a href="https://example.org" target="_blank" rel="noopener noreferrer">https://example.org</a>',
    );
  });
});

describe("drafts and scheduled posts", () => {
  it("shows drafts and scheduled posts to admins only, until their time comes", async () => {
    const category = await createCategory(unique("Timed"));
    const draft = await createNews({ category_id: category, published_at: null });
    // Five minutes ahead: the access tokens (15 minutes) stay valid when the clock moves there.
    const later = new Date(testApp.clock().getTime() + 300_000).toISOString();
    const scheduled = await createNews({ category_id: category, published_at: later });
    expect(draft).toMatchObject({ status: "draft", published_at: null });
    expect(scheduled).toMatchObject({ status: "scheduled", published_at: later });

    const filter = `?category=${category}`;
    expect((await listAs(employee, filter)).news).toEqual([]);
    expect((await listAs(manager, filter)).news).toEqual([]);
    for (const caller of [employee, manager]) {
      for (const id of [draft.id, scheduled.id]) {
        const response = await testApp.client.get(`/api/news/${id}/`, { token: caller.token });
        expect(response.statusCode).toBe(404);
        expect(response.json().code).toBe("news.not_found");
      }
    }
    expect((await listAs(admin, filter)).news.map((item) => item.id)).toEqual([draft.id, scheduled.id]);

    testApp.clock.advance(300_000);
    try {
      const seen = (await listAs(employee, filter)).news;
      expect(seen.map((item) => item.id)).toEqual([scheduled.id]);
      expect(seen[0]?.status).toBe("published");
      expect((await testApp.client.get(`/api/news/${scheduled.id}/`, { token: employee.token })).statusCode).toBe(200);

      // Unpublished again: back to a draft the employee cannot see.
      const unpublished = await testApp.client.patch(
        `/api/news/${scheduled.id}/`,
        { published_at: null },
        { token: admin.token },
      );
      expect(unpublished.json().news.status).toBe("draft");
      expect((await listAs(employee, filter)).news).toEqual([]);
    } finally {
      testApp.clock.advance(-300_000);
    }
  });
});

describe("GET /api/news/", () => {
  it("flips read for the caller alone once they open a post", async () => {
    const category = await createCategory(unique("Read"));
    const post = await createNews({ category_id: category });
    const filter = `?category=${category}`;
    expect((await listAs(employee, filter)).news.map((item) => item.read)).toEqual([false]);
    expect((await testApp.client.get(`/api/news/${post.id}/`, { token: employee.token })).statusCode).toBe(200);
    expect((await testApp.client.get(`/api/news/${post.id}/`, { token: employee.token })).statusCode).toBe(200);
    expect((await listAs(employee, filter)).news.map((item) => item.read)).toEqual([true]);
    expect((await listAs(colleague, filter)).news.map((item) => item.read)).toEqual([false]);
    const reads = await testApp.db.select().from(newsReads).where(eq(newsReads.newsId, post.id));
    expect(reads).toHaveLength(1);
  });

  it("lists pinned posts first, then newest, page by page without gaps or duplicates", async () => {
    const category = await createCategory(unique("Paged"));
    const at = (minutes: number) => new Date(testApp.clock().getTime() - minutes * 60_000).toISOString();
    const made: NewsItem[] = [];
    // Several share one time: the id breaks the tie.
    for (const [minutes, pinned] of [
      [50, false],
      [10, false],
      [30, true],
      [10, false],
      [20, false],
      [5, true],
      [10, false],
      [40, false],
      [30, true],
      [1, false],
    ] as const) {
      made.push(await createNews({ category_id: category, published_at: at(minutes), pinned }));
    }
    const drafts = [
      await createNews({ category_id: category, published_at: null }),
      await createNews({ category_id: category, published_at: null, pinned: true }),
      await createNews({ category_id: category, published_at: null }),
    ];
    // Pinned first; then drafts (admins only), then newest first; the id breaks ties (as PostgreSQL orders uuids).
    const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    const order = (items: NewsItem[]) =>
      [...items]
        .sort(
          (a, b) =>
            Number(b.pinned) - Number(a.pinned) ||
            Number(b.published_at === null) - Number(a.published_at === null) ||
            byText(b.published_at ?? "", a.published_at ?? "") ||
            byText(b.id, a.id),
        )
        .map((item) => item.id);

    const filter = `&category=${category}`;
    for (const limit of [1, 2, 3, 20]) {
      const asEmployee = (await walkAs(employee, limit, filter)).map((item) => item.id);
      expect(asEmployee).toEqual(order(made));
      const asAdmin = (await walkAs(admin, limit, filter)).map((item) => item.id);
      expect(asAdmin).toEqual(order([...made, ...drafts]));
      expect(new Set(asAdmin).size).toBe(made.length + drafts.length);
    }
    const first = await listAs(employee, `?limit=3${filter}`);
    expect(first.news.map((item) => item.pinned)).toEqual([true, true, true]);
    expect(first.categories.find((row) => row.id === category)?.news_count).toBe(made.length);
  });

  it("filters by category and answers the company's categories beside the posts", async () => {
    const sport = await createCategory(unique("Sport"));
    const post = await createNews({ category_id: sport });
    const answer = await listAs(employee, `?category=${sport}`);
    expect(answer.news.map((item) => item.id)).toEqual([post.id]);
    expect(answer.categories.map((row) => row.id)).toContain(general);
    expect(answer.categories.map((row) => row.id)).not.toContain(otherCompanyCategory);
    expect((await listAs(employee, `?category=${otherCompanyCategory}`)).news).toEqual([]);
  });

  it("answers 400 to a cursor it did not make and to a malformed category", async () => {
    for (const cursor of ["nonsense", Buffer.from(JSON.stringify(["2", "", "x"])).toString("base64url")]) {
      const response = await testApp.client.get(`/api/news/?cursor=${cursor}`, { token: employee.token });
      expect(response.statusCode).toBe(400);
    }
    const badTime = Buffer.from(
      JSON.stringify(["1", "2026-02-31T00:00:00.000000Z", "00000000-0000-4000-8000-000000000000"]),
    ).toString("base64url");
    expect((await testApp.client.get(`/api/news/?cursor=${badTime}`, { token: employee.token })).statusCode).toBe(400);
    const badCategory = await testApp.client.get("/api/news/?category=x", { token: employee.token });
    expect(badCategory.statusCode).toBe(400);
  });
});
