/**
 * An e-mail as nodemailer sends it, read with just enough MIME (headers, multipart, base64 and
 * quoted-printable): its decoded subject, text/plain and text/html bodies, and top-level headers
 * (names lower-cased, folded lines joined). The server's tests read their SMTP peer's mail with it
 * (mail-peer.ts), the end-to-end suite the file its own peer writes.
 */
export function readMimeMessage(raw: string): {
  subject: string;
  text: string;
  html: string | null;
  headers: Record<string, string>;
} {
  const { headers, body } = splitPart(raw);
  const parts = flattenParts(headers, body);
  const text = parts.find((part) => part.type === "text/plain")?.content ?? "";
  const html = parts.find((part) => part.type === "text/html")?.content ?? null;
  return {
    subject: decodeEncodedWords(headers.get("subject") ?? ""),
    text,
    html,
    headers: Object.fromEntries(headers),
  };
}

function splitPart(raw: string): { headers: Map<string, string>; body: string } {
  const normalized = raw.replace(/\r\n/g, "\n");
  const end = normalized.indexOf("\n\n");
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? "" : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, " ").split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function flattenParts(headers: Map<string, string>, body: string): Array<{ type: string; content: string }> {
  const contentType = headers.get("content-type") ?? "text/plain";
  const type = contentType.split(";")[0]!.trim().toLowerCase();
  if (type.startsWith("multipart/")) {
    const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
    if (!boundary) return [];
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((section) => !section.startsWith("--"))
      .flatMap((section) => {
        const part = splitPart(section.replace(/^\n/, ""));
        return flattenParts(part.headers, part.body);
      });
  }
  const encoding = (headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  return [{ type, content: decodeBody(body, encoding).replace(/\n$/, "") }];
}

function decodeBody(body: string, encoding: string): string {
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") {
    const bytes = body
      .replace(/=\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return body;
}

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`) in a header. */
function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([bq])\?([^?]*)\?=/gi, (_, _charset: string, kind: string, data: string) => {
      if (kind.toLowerCase() === "b") return Buffer.from(data, "base64").toString("utf8");
      const bytes = data
        .replace(/_/g, " ")
        .replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
      return Buffer.from(bytes, "latin1").toString("utf8");
    });
}
