import { EmailPreferencesResponseSchema } from "@ideaport/shared";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminRequests, emailDigestItems, mailOutbox } from "../../db/schema/index.ts";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { mailPeerPerFile, type ReceivedMail } from "../../test/mail-peer.ts";
import { buildIdeasWorld, type IdeasWorld, ideasApiFor, type Person } from "../ideas/ideas.test-kit.ts";
import { EVERY_EVENT, putEmailPreferences } from "./email-notifications.test-kit.ts";

const APP_URL = "https://ideas.example.com";

/** An administrator or manager is offered the requests they decide too. */
const EVERY_EVENT_FOR_DECIDERS = { ...EVERY_EVENT, admin_requests: "immediate" } as const;

let testApp: TestApp;
const peer = mailPeerPerFile();
let world: IdeasWorld;
let ideas: ReturnType<typeof ideasApiFor>;

beforeAll(async () => {
  testApp = await buildTestApp({ env: { SMTP_URL: peer.url, APP_URL, RATE_LIMIT_MULTIPLIER: "1000" } });
  world = await buildIdeasWorld(testApp);
  ideas = ideasApiFor(testApp);
});

afterAll(async () => {
  await testApp.close();
});

async function preferencesOf(person: Person) {
  const response = await testApp.client.get("/api/email-preferences/", { token: person.token });
  expect(response.statusCode, response.body).toBe(200);
  return EmailPreferencesResponseSchema.parse(response.json()).preferences;
}

/** The address in `List-Unsubscribe: <…>` (folded header lines joined). */
function unsubscribeUrlOf(mail: ReceivedMail): string {
  const header = mail.headers["list-unsubscribe"] ?? "";
  return /<([^>]+)>/.exec(header.replace(/\s+/g, ""))![1]!;
}

/** Mail clients post the RFC 8058 form, with no cookie, no CSRF token and no sign-in. */
function postOneClick(url: string) {
  const { pathname, search } = new URL(url);
  return testApp.app.inject({
    method: "POST",
    url: `${pathname}${search}`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: "List-Unsubscribe=One-Click",
  });
}

describe("e-mail for notifications", () => {
  let approvalMail: ReceivedMail;

  it("mails an approval at once: the bell's sentence, a link to the idea and one-click unsubscribe", async () => {
    const idea = await ideas.ideaIn(
      "approved",
      { author: world.alice, manager: world.alphaManager, admin: world.admin },
      { title: "Solar roof" },
    );

    approvalMail = await peer.waitForMail(world.alice.email);

    expect(approvalMail.subject).toBe('Mona Manager approved your idea "Solar roof"');
    expect(approvalMail.text).toContain('Hello Alice Author,\n\nMona Manager approved your idea "Solar roof".');
    expect(approvalMail.text).toContain(`Open in Ideaport: ${APP_URL}/app/employee-ideas?idea=${idea.id}`);
    expect(approvalMail.text).toContain(
      `You get an e-mail for every event of "Approvals of my ideas". Choose how often in Profile Settings: ${APP_URL}/app/settings/profile`,
    );
    const unsubscribeUrl = unsubscribeUrlOf(approvalMail);
    expect(unsubscribeUrl).toMatch(
      /^https:\/\/ideas\.example\.com\/api\/email-preferences\/unsubscribe\/\?token=[\w.-]+$/,
    );
    expect(approvalMail.text).toContain(`Unsubscribe from these e-mails: ${unsubscribeUrl}`);
    expect(approvalMail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    // Only the approval is mailed along the way ("under review" stays in the bell).
    expect(peer.mailTo(world.alice.email)).toHaveLength(1);
  });

  it("mails a comment on one's idea to its author, not to the commenter", async () => {
    const idea = await ideas.createIdea(world.anton, { title: "Bike racks" });
    const response = await testApp.client.post(
      `/api/project-ideas/${idea.id}/comments/`,
      { body: "Great idea!" },
      { token: world.alice.token },
    );
    expect(response.statusCode, response.body).toBe(200);

    const mail = await peer.waitForMail(world.anton.email);
    expect(mail.subject).toBe('Alice Author commented on your idea "Bike racks"');
    expect(mail.text).toContain(`You get an e-mail for every event of "Comments on my ideas".`);
    expect(peer.mailTo(world.alice.email)).toHaveLength(1);
  });

  it("mails a merge to the merged idea's author, as a decision not to take their idea forward", async () => {
    const kept = await ideas.createIdea(world.alice, { title: "Covered bike racks" });
    const duplicate = await ideas.createIdea(world.anton, { title: "Bike shelter" });
    const merged = await testApp.client.post(
      `/api/project-ideas/${duplicate.id}/merge/`,
      { into: kept.id },
      { token: world.alphaManager.token },
    );
    expect(merged.statusCode, merged.body).toBe(200);

    const mail = await peer.waitForMail(world.anton.email);
    const sentence = 'Mona Manager merged your idea into "Covered bike racks", where you are named as a contributor';
    expect(mail.subject).toBe(sentence);
    expect(mail.text).toContain(`Hello Anton Teammate,\n\n${sentence}.`);
    // The link opens the idea it joined, where its author is named.
    expect(mail.text).toContain(`Open in Ideaport: ${APP_URL}/app/employee-ideas?idea=${kept.id}`);
    expect(mail.text).toContain(
      `You get an e-mail for every event of "Decisions not to take my ideas forward". Choose how often in Profile Settings: ${APP_URL}/app/settings/profile`,
    );
    expect(mail.text).toContain(`Unsubscribe from these e-mails: ${unsubscribeUrlOf(mail)}`);
    // The author of the idea kept is not mailed about it.
    expect(peer.mailTo(world.alice.email).map((received) => received.subject)).not.toContain(sentence);
  });

  it("sends nothing at once for a category on none, a daily or a weekly digest", async () => {
    const put = await putEmailPreferences(testApp, world.bob, {
      ...EVERY_EVENT,
      approvals: "none",
      comments: "daily",
      rejections: "weekly",
    });
    expect(put.statusCode, put.body).toBe(200);

    const approved = await ideas.ideaIn(
      "approved",
      { author: world.bob, manager: world.betaManager, admin: world.admin },
      { title: "Quiet approval" },
    );
    await ideas.ideaIn("rejected", { author: world.bob, manager: world.betaManager, admin: world.admin });
    const comment = await testApp.client.post(
      `/api/project-ideas/${approved.id}/comments/`,
      { body: "Nice." },
      { token: world.betaManager.token },
    );
    expect(comment.statusCode, comment.body).toBe(200);
    // A revision request, still on "every event", is mailed; it was caused last, so the mails
    // caused before it would have arrived first.
    await ideas.ideaIn("needs_revision", { author: world.bob, manager: world.betaManager, admin: world.admin });

    const mail = await peer.waitForMail(world.bob.email);
    expect(mail.subject).toMatch(
      /^Bert Manager asked you to revise your idea "Idea number \d+": "Please add numbers\."$/,
    );
    expect(peer.mailTo(world.bob.email)).toHaveLength(1);
    const waiting = await testApp.db
      .select({ category: emailDigestItems.category })
      .from(emailDigestItems)
      .where(and(eq(emailDigestItems.userId, world.bob.id), isNull(emailDigestItems.digestId)));
    expect(waiting.map((item) => item.category).sort()).toEqual(["comments", "rejections"]);
  });

  it("mails the answer to a request for administrator rights to the requester, once, as an answer to their request", async () => {
    const [request] = await testApp.db
      .insert(adminRequests)
      .values({ companyId: world.company.id, requesterId: world.bob.id })
      .returning();
    const response = await testApp.client.post(
      "/api/admin-request-response/",
      { requestId: request!.id, adminId: world.admin.id, approved: false },
      { token: world.admin.token },
    );
    expect(response.statusCode, response.body).toBe(200);

    let mail = await peer.waitForMail(world.bob.email);
    while (!mail.subject.includes("your request")) mail = await peer.waitForMail(world.bob.email);
    expect(mail.subject).toBe("Ada Admin denied your request for administrator rights");
    expect(mail.text).toContain(
      'You get an e-mail for every event of "Answers to my requests for administrator or team manager rights".',
    );
    expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    const bell = await testApp.client.get(`/api/notifications/${world.bob.id}/?limit=100`, { token: world.bob.token });
    expect(
      bell
        .json()
        .notifications.filter((item: { related_request_id: string | null }) => item.related_request_id === request!.id),
    ).toEqual([expect.objectContaining({ content: "Ada Admin denied your request for administrator rights." })]);
  });

  it("cuts a long subject after a whole word, with an ellipsis; the mail itself says the whole sentence", async () => {
    const idea = await ideas.createIdea(world.anton, { title: "Longer lunch breaks" });
    await ideas.step(world.alphaManager, idea.id, "under_review");
    const note =
      "Please add how the longer breaks would be covered at the front desk, who answers the phones meanwhile, and what customers would notice.";
    await ideas.step(world.alphaManager, idea.id, "needs_revision", note);

    const sentence = `Mona Manager asked you to revise your idea "Longer lunch breaks": "${note}"`;
    let mail = await peer.waitForMail(world.anton.email);
    while (!mail.text.includes(sentence)) mail = await peer.waitForMail(world.anton.email);
    expect(mail.subject).toBe(
      'Mona Manager asked you to revise your idea "Longer lunch breaks": "Please add how the longer breaks would be covered at the front desk, who answers…',
    );
  });
});

describe("e-mail preferences", () => {
  it("answers every category they are offered at every event for someone who never chose", async () => {
    expect(await preferencesOf(world.anton)).toEqual(EVERY_EVENT);
    expect(await preferencesOf(world.alphaManager)).toEqual(EVERY_EVENT_FOR_DECIDERS);
    expect(await preferencesOf(world.loneAdmin)).toEqual(EVERY_EVENT_FOR_DECIDERS);
  });

  it("refuses an employee's choice for the requests only administrators and managers decide", async () => {
    const response = await putEmailPreferences(testApp, world.anton, {
      ...EVERY_EVENT,
      comments: "weekly",
      admin_requests: "none",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      error: "E-mails about administrator and team manager requests go only to administrators and managers.",
    });
    expect(await preferencesOf(world.anton)).toEqual(EVERY_EVENT);
  });

  it("saves a person's choices", async () => {
    const chosen = { ...EVERY_EVENT_FOR_DECIDERS, comments: "weekly", admin_requests: "none" } as const;
    const response = await putEmailPreferences(testApp, world.loneAdmin, chosen);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ preferences: chosen });
    expect(await preferencesOf(world.loneAdmin)).toEqual(chosen);
  });

  it.each([
    [
      "an unknown frequency",
      { ...EVERY_EVENT, comments: "hourly" },
      "Choose every event, a daily digest, a weekly digest or none.",
    ],
    ["a missing category", { approvals: "none" }, "Choose every event, a daily digest, a weekly digest or none."],
    ["an unknown category", { ...EVERY_EVENT, newsletters: "none" }, "Choose how often each kind of e-mail is sent."],
  ])("answers 400 for %s and changes nothing", async (_label, body, message) => {
    const before = await preferencesOf(world.anton);
    const response = await putEmailPreferences(testApp, world.anton, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false });
    expect(JSON.stringify(response.json())).toContain(message);
    expect(await preferencesOf(world.anton)).toEqual(before);
  });

  it("answers 401 without sign-in", async () => {
    expect((await testApp.client.get("/api/email-preferences/")).statusCode).toBe(401);
    expect((await putEmailPreferences(testApp, { ...world.anton, token: "" }, EVERY_EVENT)).statusCode).toBe(401);
  });

  it("keeps each company's people to their own preferences", async () => {
    await putEmailPreferences(testApp, world.anton, { ...EVERY_EVENT, rejections: "daily" });
    const outsider = await putEmailPreferences(testApp, world.outsider, { ...EVERY_EVENT, rejections: "none" });
    expect(outsider.statusCode, outsider.body).toBe(200);
    expect((await preferencesOf(world.anton)).rejections).toBe("daily");
    expect((await preferencesOf(world.outsider)).rejections).toBe("none");
  });
});

describe("one-click unsubscribe", () => {
  it("turns that category off for that person alone, without sign-in or CSRF token", async () => {
    const mail = peer.mailTo(world.alice.email)[0]!;
    await putEmailPreferences(testApp, world.anton, EVERY_EVENT);
    const outbox = await testApp.db.select({ id: mailOutbox.id }).from(mailOutbox);

    const response = await postOneClick(unsubscribeUrlOf(mail));

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message:
        'You will no longer get e-mails about "Approvals of my ideas". You can turn them on again in Profile Settings.',
    });
    expect(await preferencesOf(world.alice)).toEqual({ ...EVERY_EVENT, approvals: "none" });
    expect(await preferencesOf(world.anton)).toEqual(EVERY_EVENT);
    // Nothing else happened: no mail was written.
    expect(await testApp.db.select({ id: mailOutbox.id }).from(mailOutbox)).toHaveLength(outbox.length);
  });

  it("answers 400 for a changed or made-up token and changes nothing", async () => {
    const url = new URL(unsubscribeUrlOf(peer.mailTo(world.anton.email)[0]!));
    const token = url.searchParams.get("token")!;
    const [header, payload, signature] = token.split(".");
    // The same token claiming Alice's comments instead of Anton's.
    const claims = JSON.parse(Buffer.from(payload!, "base64url").toString());
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: world.alice.id })).toString("base64url")}.${signature}`;
    for (const bad of [forged, "not-a-token", `${token}x`]) {
      url.searchParams.set("token", bad);
      const response = await postOneClick(url.toString());
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        success: false,
        error: "This unsubscribe link is not valid.",
      });
    }
    expect((await preferencesOf(world.alice)).comments).toBe("immediate");
    expect((await preferencesOf(world.anton)).comments).toBe("immediate");
  });

  it("shows the web app's page for the link opened in a browser, changing nothing", async () => {
    const url = new URL(unsubscribeUrlOf(peer.mailTo(world.anton.email)[0]!));
    const response = await testApp.app.inject({ method: "GET", url: `${url.pathname}${url.search}` });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/unsubscribe?token=${encodeURIComponent(url.searchParams.get("token")!)}`);
    expect((await preferencesOf(world.anton)).comments).toBe("immediate");
  });
});
