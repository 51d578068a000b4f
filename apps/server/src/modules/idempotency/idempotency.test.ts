import { randomUUID } from "node:crypto";
import { CommentResponseSchema, IdeaResponseSchema, VoteResponseSchema } from "@ideaport/shared";
import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { comments, ideas, idempotencyKeys, votes } from "../../db/schema/index.ts";
import { startedForSuite } from "../../test/app.ts";
import { startIdeasSuite } from "../ideas/ideas.test-kit.ts";
import { createIdempotencyService, IDEMPOTENCY_KEY_LIFETIME_MS } from "./idempotency.service.ts";

describe("Idempotency-Key on the brain dump, comments and votes", () => {
  const suite = startedForSuite(startIdeasSuite);

  const DESCRIPTION = "Written on the shop floor, sent when the network allowed.";
  const withKey = (key: string, token: string) => ({ token, headers: { "idempotency-key": key } });

  async function ideasTitled(title: string): Promise<number> {
    const [row] = await suite.db.select({ n: count() }).from(ideas).where(eq(ideas.title, title));
    return row?.n ?? 0;
  }

  it("creates an idea once: the repeat answers the first answer, marked as a repeat", async () => {
    const { client, world } = suite;
    const key = randomUUID();
    const body = { title: "Shelf labels readable from the aisle", description: DESCRIPTION };
    const first = await client.post("/api/project-ideas/", body, withKey(key, world.alice.token));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    const repeat = await client.post("/api/project-ideas/", body, withKey(key, world.alice.token));
    expect(repeat.statusCode).toBe(200);
    expect(repeat.headers["idempotent-replayed"]).toBe("true");
    expect(repeat.body).toBe(first.body);
    expect(IdeaResponseSchema.parse(repeat.json()).idea.title).toBe(body.title);
    expect(await ideasTitled(body.title)).toBe(1);
  });

  it("without a key, every request runs", async () => {
    const { client, world } = suite;
    const body = { title: "Two identical ideas on purpose", description: DESCRIPTION };
    await client.post("/api/project-ideas/", body, { token: world.alice.token });
    await client.post("/api/project-ideas/", body, { token: world.alice.token });
    expect(await ideasTitled(body.title)).toBe(2);
  });

  it("comments and votes once per key", async () => {
    const { client, world, api } = suite;
    const idea = await api.createIdea(world.alice, { title: "Idea to comment on twice", description: DESCRIPTION });
    const commentKey = randomUUID();
    const commentPath = `/api/project-ideas/${idea.id}/comments/`;
    const comment = { body: "Yes, and the night shift too." };
    const firstComment = await client.post(commentPath, comment, withKey(commentKey, world.anton.token));
    expect(firstComment.statusCode, firstComment.body).toBe(200);
    const repeatComment = await client.post(commentPath, comment, withKey(commentKey, world.anton.token));
    expect(repeatComment.body).toBe(firstComment.body);
    expect(CommentResponseSchema.parse(repeatComment.json()).comment.body).toBe(comment.body);
    const [comments_] = await suite.db.select({ n: count() }).from(comments).where(eq(comments.ideaId, idea.id));
    expect(comments_?.n).toBe(1);

    const voteKey = randomUUID();
    const votePath = `/api/project-ideas/${idea.id}/vote/`;
    const firstVote = await client.post(votePath, undefined, withKey(voteKey, world.anton.token));
    expect(firstVote.statusCode, firstVote.body).toBe(200);
    const repeatVote = await client.post(votePath, undefined, withKey(voteKey, world.anton.token));
    expect(repeatVote.statusCode).toBe(200);
    expect(VoteResponseSchema.parse(repeatVote.json())).toMatchObject({ votes: 1, has_voted: true });
    const [votes_] = await suite.db.select({ n: count() }).from(votes).where(eq(votes.ideaId, idea.id));
    expect(votes_?.n).toBe(1);
  });

  it("the same key with another body answers 422 with a readable message and changes nothing", async () => {
    const { client, world } = suite;
    const key = randomUUID();
    await client.post(
      "/api/project-ideas/",
      { title: "The first body", description: DESCRIPTION },
      withKey(key, world.alice.token),
    );
    const other = await client.post(
      "/api/project-ideas/",
      { title: "Another body", description: DESCRIPTION },
      withKey(key, world.alice.token),
    );
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({
      success: false,
      code: "idempotency.key_reused",
      error: "This Idempotency-Key was already used for a different request. Send a new key with a new request.",
    });
    expect(await ideasTitled("Another body")).toBe(0);
  });

  it("a key that is not 1 to 255 visible characters answers 400 and creates nothing", async () => {
    const { client, world } = suite;
    const response = await client.post(
      "/api/project-ideas/",
      { title: "Idea with a bad key", description: DESCRIPTION },
      withKey("x".repeat(256), world.alice.token),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "idempotency.key_invalid" });
    expect(await ideasTitled("Idea with a bad key")).toBe(0);
  });

  it("a key is each person's own: a colleague and another company's person with the same key run their writes", async () => {
    const { client, world } = suite;
    const key = randomUUID();
    const body = { title: "Same key, three people", description: DESCRIPTION };
    for (const person of [world.alice, world.anton, world.outsider]) {
      const response = await client.post("/api/project-ideas/", body, withKey(key, person.token));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers["idempotent-replayed"]).toBeUndefined();
      expect(IdeaResponseSchema.parse(response.json()).idea.author.id).toBe(person.id);
    }
    expect(await ideasTitled(body.title)).toBe(3);
  });

  it("two repeats sent together run the write once: the other waits (409) or answers the first answer", async () => {
    const { client, world } = suite;
    const key = randomUUID();
    const body = { title: "Sent twice at the same moment", description: DESCRIPTION };
    const answers = await Promise.all(
      [1, 2, 3].map(() => client.post("/api/project-ideas/", body, withKey(key, world.alice.token))),
    );
    expect(await ideasTitled(body.title)).toBe(1);
    const succeeded = answers.filter((answer) => answer.statusCode === 200);
    expect(succeeded.length).toBeGreaterThanOrEqual(1);
    expect(new Set(succeeded.map((answer) => answer.body)).size).toBe(1);
    for (const answer of answers.filter((each) => each.statusCode !== 200)) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toMatchObject({
        code: "idempotency.in_flight",
        error: "A request with this Idempotency-Key is still being processed. Try again in a moment.",
      });
    }
  });

  it("a refused write's answer is kept too: its repeat is refused the same way", async () => {
    const { client, world } = suite;
    const key = randomUUID();
    const path = `/api/project-ideas/${randomUUID()}/comments/`;
    const first = await client.post(path, { body: "On an idea that is not there" }, withKey(key, world.alice.token));
    expect(first.statusCode).toBe(404);
    const repeat = await client.post(path, { body: "On an idea that is not there" }, withKey(key, world.alice.token));
    expect(repeat.statusCode).toBe(404);
    expect(repeat.body).toBe(first.body);
  });

  it("after 24 hours a key runs again, and the hourly prune deletes the old keys", async () => {
    const { client, world, clock, db } = suite;
    const key = randomUUID();
    const body = { title: "A key used again the next day", description: DESCRIPTION };
    await client.post("/api/project-ideas/", body, withKey(key, world.alice.token));
    clock.advance(IDEMPOTENCY_KEY_LIFETIME_MS + 60_000);
    const token = await suite.tokenFor({ id: world.alice.id, companyId: world.company.id });
    const nextDay = await client.post("/api/project-ideas/", body, withKey(key, token));
    expect(nextDay.statusCode, nextDay.body).toBe(200);
    expect(nextDay.headers["idempotent-replayed"]).toBeUndefined();
    expect(await ideasTitled(body.title)).toBe(2);

    clock.advance(IDEMPOTENCY_KEY_LIFETIME_MS + 60_000);
    const pruned = await createIdempotencyService({ db, clock }).prune();
    expect(pruned).toBeGreaterThan(0);
    const [left] = await db
      .select({ n: count() })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.companyId, world.company.id), eq(idempotencyKeys.userId, world.alice.id)));
    expect(left?.n).toBe(0);
  });
});
