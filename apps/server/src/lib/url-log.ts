/**
 * A request's URL as the log shows it: without the secrets some links carry. A password-reset
 * or invitation token and a calendar feed's token stand in the path; an unsubscribe token, an
 * OAuth code and its state in the query. Anyone who reads the log must not be able to use them.
 */
const SECRET_PATH_SEGMENTS = [
  /^(\/api\/password-reset\/|\/password-reset\/)[^/?]+/,
  /^(\/api\/invitations\/|\/accept-invitation\/)[^/?]+/,
  /^(\/calendar\/)[^/?]+(?=\.ics)/,
];

const SECRET_QUERY_PARAMETERS = new Set(["token", "code", "state"]);

export const REDACTED = "[redacted]";

export function urlForLog(url: string): string {
  const queryAt = url.indexOf("?");
  let path = queryAt === -1 ? url : url.slice(0, queryAt);
  for (const pattern of SECRET_PATH_SEGMENTS) path = path.replace(pattern, `$1${REDACTED}`);
  if (queryAt === -1) return path;
  const query = url
    .slice(queryAt + 1)
    .split("&")
    .map((pair) => {
      const name = pair.split("=", 1)[0] ?? "";
      return SECRET_QUERY_PARAMETERS.has(decodeURIComponentSafely(name)) ? `${name}=${REDACTED}` : pair;
    })
    .join("&");
  return `${path}?${query}`;
}

function decodeURIComponentSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
