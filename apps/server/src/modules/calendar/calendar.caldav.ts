/**
 * The few CalDAV (RFC 4791, over WebDAV RFC 4918) requests the sync needs: put one event as its
 * own resource, list the resources Ideaport wrote, delete one. Every resource Ideaport writes is
 * named `ideaport-…ics`, so the person's own events in the same calendar are never touched.
 */

const RESOURCE_PREFIX = "ideaport-";

/** The resource name of an event: its UID, made safe for a path (`challenge-deadline-<id>@ideaport` → `ideaport-challenge-deadline-<id>.ics`). */
export function resourceNameOf(uid: string): string {
  return `${RESOURCE_PREFIX}${uid.replace(/@ideaport$/, "").replace(/[^A-Za-z0-9_-]/g, "-")}.ics`;
}

export class CalDavError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "CalDavError";
  }
}

export function createCalDavClient(options: { collectionUrl: string; accessToken: string }) {
  const collection = options.collectionUrl.endsWith("/") ? options.collectionUrl : `${options.collectionUrl}/`;
  const authorization = `Bearer ${options.accessToken}`;

  async function send(method: string, url: string, init: { body?: string; headers?: Record<string, string> } = {}) {
    const response = await fetch(url, {
      method,
      headers: { authorization, ...init.headers },
      body: init.body,
      signal: AbortSignal.timeout(15_000),
    });
    return response;
  }

  return {
    /** Creates or replaces the event's resource; answers its name. */
    async put(uid: string, document: string): Promise<string> {
      const name = resourceNameOf(uid);
      const response = await send("PUT", `${collection}${name}`, {
        body: document,
        headers: { "content-type": "text/calendar; charset=utf-8" },
      });
      if (!response.ok) throw new CalDavError(response.status, `CalDAV PUT ${name} answered ${response.status}`);
      return name;
    },

    /** The names of the resources Ideaport wrote in the collection. */
    async listOwn(): Promise<string[]> {
      const response = await send("PROPFIND", collection, {
        body: '<?xml version="1.0" encoding="utf-8"?><d:propfind xmlns:d="DAV:"><d:prop><d:getetag/></d:prop></d:propfind>',
        headers: { depth: "1", "content-type": "application/xml; charset=utf-8" },
      });
      if (response.status !== 207)
        throw new CalDavError(response.status, `CalDAV PROPFIND answered ${response.status}`);
      const xml = await response.text();
      const names = [...xml.matchAll(/<(?:[A-Za-z0-9]+:)?href>([^<]+)<\/(?:[A-Za-z0-9]+:)?href>/g)].map((match) =>
        decodeURIComponent(match[1]!.trim().split("/").pop() ?? ""),
      );
      return names.filter((name) => name.startsWith(RESOURCE_PREFIX) && name.endsWith(".ics"));
    },

    /** Deletes one of Ideaport's resources; one already gone is fine. */
    async remove(name: string): Promise<void> {
      const response = await send("DELETE", `${collection}${encodeURIComponent(name)}`);
      if (!response.ok && response.status !== 404) {
        throw new CalDavError(response.status, `CalDAV DELETE ${name} answered ${response.status}`);
      }
    },
  };
}
