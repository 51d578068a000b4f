import { describe, expect, it } from "vitest";
import { createOutbox, type OutboxEntry, type OutboxStorage, type SendResult } from "./outbox.ts";

/** IndexedDB's place in these tests: a map that outlives the outbox, as the database outlives a page. */
function deviceStorage(): OutboxStorage & { map: Map<string, OutboxEntry> } {
  const map = new Map<string, OutboxEntry>();
  return {
    map,
    all: async () => [...map.values()],
    put: async (entry) => {
      map.set(entry.key, structuredClone(entry));
    },
    remove: async (key) => {
      map.delete(key);
    },
    clear: async () => map.clear(),
  };
}

const entry = (key: string, createdAt: number, userId = "u1"): OutboxEntry => ({
  key,
  userId,
  kind: "idea",
  body: { title: `Idea ${key}` },
  createdAt,
});

describe("the outbox", () => {
  it("keeps writes across a reload (a new outbox on the same device storage), oldest first", async () => {
    const storage = deviceStorage();
    const before = createOutbox(storage);
    await before.add(entry("b", 2));
    await before.add(entry("a", 1));
    const afterReload = createOutbox(storage);
    expect(afterReload.pending()).toEqual([]);
    expect((await afterReload.reload()).map((each) => each.key)).toEqual(["a", "b"]);
  });

  it("sends each write once, in order, with its key, and forgets what the server took", async () => {
    const storage = deviceStorage();
    const box = createOutbox(storage);
    await box.add(entry("first", 1));
    await box.add(entry("second", 2));
    const sent: string[] = [];
    await box.flush("u1", async (write) => {
      sent.push(write.key);
      return "sent";
    });
    expect(sent).toEqual(["first", "second"]);
    expect(box.pending()).toEqual([]);
    expect(storage.map.size).toBe(0);
  });

  it("stops at the first write that must wait and keeps it and the later ones for the next try", async () => {
    const storage = deviceStorage();
    const box = createOutbox(storage);
    for (const [key, at] of [
      ["a", 1],
      ["b", 2],
      ["c", 3],
    ] as const)
      await box.add(entry(key, at));
    const tries: string[] = [];
    const answers: Record<string, SendResult> = { a: "sent", b: "wait", c: "sent" };
    await box.flush("u1", async (write) => {
      tries.push(write.key);
      return answers[write.key] ?? "wait";
    });
    expect(tries).toEqual(["a", "b"]);
    expect(box.pending().map((each) => each.key)).toEqual(["b", "c"]);
    // The network is back: the same keys go again.
    await box.flush("u1", async (write) => {
      tries.push(write.key);
      return "sent";
    });
    expect(tries).toEqual(["a", "b", "b", "c"]);
    expect(box.pending()).toEqual([]);
  });

  it("a write refused for good leaves the outbox instead of blocking the others", async () => {
    const box = createOutbox(deviceStorage());
    await box.add(entry("refused", 1));
    await box.add(entry("fine", 2));
    const sent: string[] = [];
    await box.flush("u1", async (write) => {
      if (write.key === "refused") return "refused";
      sent.push(write.key);
      return "sent";
    });
    expect(sent).toEqual(["fine"]);
    expect(box.pending()).toEqual([]);
  });

  it("sends only the signed-in person's writes, and two flushes at once send a write once", async () => {
    const box = createOutbox(deviceStorage());
    await box.add(entry("mine", 1, "u1"));
    await box.add(entry("theirs", 2, "u2"));
    const sent: string[] = [];
    const send = async (write: OutboxEntry): Promise<SendResult> => {
      sent.push(write.key);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return "sent";
    };
    await Promise.all([box.flush("u1", send), box.flush("u1", send)]);
    expect(sent).toEqual(["mine"]);
    expect(box.pending().map((each) => each.key)).toEqual(["theirs"]);
  });

  it("sign-out clears every waiting write and tells the screens", async () => {
    const box = createOutbox(deviceStorage());
    let changes = 0;
    box.subscribe(() => {
      changes += 1;
    });
    await box.add(entry("a", 1));
    await box.clear();
    expect(box.pending()).toEqual([]);
    expect(changes).toBeGreaterThanOrEqual(2);
  });
});
