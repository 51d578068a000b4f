import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { AppError, api } from "@ideaport/shared";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "../config/env.ts";
import { hasApiToken, tokenScopeOfRequest } from "./authentication.ts";

export const CSRF_COOKIE = "csrftoken";
export const CSRF_HEADER = "x-csrftoken";
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/**
 * Browsers post CSP reports themselves and cannot add a header. Mail clients post one-click
 * unsubscribes (RFC 8058) from the `List-Unsubscribe` header with no cookie and no header of
 * ours; what protects that route is the signed token in its address, which only the person's own
 * e-mail carries, and all it can do is turn that person's e-mails off.
 */
const EXEMPT_PATHS = new Set([api.cspReport.path, api.unsubscribeEmail.path]);

/**
 * CSRF protection by signed double submit: GET /api/csrf-token/ answers a
 * token and sets it as the `csrftoken` cookie; every mutating /api request sends it back in
 * the X-CSRFToken header. The token is signed, so a cookie planted by a sibling domain fails.
 */
export const csrfProtection = fp(
  async (app: FastifyInstance, options: { config: Config }) => {
    const key = createHmac("sha256", options.config.jwtSecret).update("csrf").digest();
    const secure = options.config.appUrl.startsWith("https://");

    const sign = (nonce: string) => createHmac("sha256", key).update(nonce).digest("base64url");
    const isValid = (token: string) => {
      const [nonce, signature] = token.split(".");
      if (!nonce || !signature) return false;
      return safeEqual(signature, sign(nonce));
    };

    app.get(api.csrfToken.path, { schema: { hide: true } }, async (request, reply) => {
      const existing = request.cookies[CSRF_COOKIE];
      const token = existing && isValid(existing) ? existing : createToken(sign);
      reply.setCookie(CSRF_COOKIE, token, { path: "/", httpOnly: true, sameSite: "strict", secure });
      return { csrfToken: token };
    });

    app.addHook("onRequest", async (request) => {
      if (SAFE_METHODS.has(request.method)) return;
      const path = request.url.split("?")[0] ?? "";
      if (!path.startsWith("/api/") || EXEMPT_PATHS.has(path)) return;
      // A request with an API token on a route that accepts tokens is authenticated by that header
      // alone, which a cross-site page cannot send; cookies never act on it. Any other route keeps
      // the check, so a token beside session cookies (a refresh, a sign-out) opens nothing.
      if (hasApiToken(request) && tokenScopeOfRequest(request)) return;
      const header = request.headers[CSRF_HEADER];
      const cookie = request.cookies[CSRF_COOKIE];
      if (typeof header !== "string" || !cookie || !safeEqual(header, cookie) || !isValid(header)) {
        throw new AppError("csrf.invalid");
      }
    });
  },
  { name: "csrf", dependencies: ["@fastify/cookie"] },
);

function createToken(sign: (nonce: string) => string): string {
  const nonce = randomBytes(24).toString("base64url");
  return `${nonce}.${sign(nonce)}`;
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
