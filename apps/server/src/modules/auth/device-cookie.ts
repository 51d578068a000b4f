/**
 * Device cookies: after a successful sign-in the browser gets a signed, HttpOnly cookie naming
 * that browser for that account. A sign-in carrying a valid one is held back only by that
 * device's own failures, never by guesses made at the account from elsewhere, so nobody can lock
 * the owner out by guessing. One cookie per account (its name is a keyed hash of the e-mail),
 * sent only to the login route; its value is a random device id and an HMAC of the account and
 * that id under a key derived from the server secret, so it cannot be forged or moved to another
 * account.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { api, DEVICE_COOKIE_MAX_AGE_SECONDS } from "@ideaport/shared";
import type { FastifyReply, FastifyRequest } from "fastify";
import { normalizeEmail } from "./auth.service.ts";

const COOKIE_NAME_PREFIX = "ideaport_device_";

export interface DeviceCookies {
  /** The device id of the request's valid cookie for this account, or undefined. */
  read(request: FastifyRequest, email: string): string | undefined;
  /** Sets (or renews) the cookie for this account, keeping the device id it already had. */
  issue(reply: FastifyReply, email: string, device: string | undefined): void;
}

export function createDeviceCookies(secret: string, options: { secure: boolean }): DeviceCookies {
  const key = createHmac("sha256", secret).update("ideaport device cookie").digest();
  const accountOf = (email: string) =>
    createHmac("sha256", key)
      .update(`account:${normalizeEmail(email)}`)
      .digest("base64url");
  const nameOf = (account: string) => `${COOKIE_NAME_PREFIX}${account.slice(0, 16)}`;
  const signatureOf = (account: string, device: string) =>
    createHmac("sha256", key).update(`${account}:${device}`).digest();

  return {
    read(request, email) {
      const account = accountOf(email);
      const value = request.cookies[nameOf(account)];
      const [device, signature, ...rest] = value?.split(".") ?? [];
      if (!device || !signature || rest.length > 0 || device.length > 64) return undefined;
      const expected = signatureOf(account, device);
      const given = Buffer.from(signature, "base64url");
      return given.length === expected.length && timingSafeEqual(given, expected) ? device : undefined;
    },
    issue(reply, email, device) {
      const account = accountOf(email);
      const id = device ?? randomBytes(16).toString("base64url");
      reply.setCookie(nameOf(account), `${id}.${signatureOf(account, id).toString("base64url")}`, {
        path: api.login.path,
        httpOnly: true,
        sameSite: "strict",
        secure: options.secure,
        maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
      });
    },
  };
}
