/**
 * A real OAuth 2.0 / OpenID Connect authorization server for tests: oidc-provider on a free
 * port, with one confidential client, PKCE required, and its development sign-in and consent
 * screens, which `approve` and `deny` go through as a browser would (cookies, redirects, forms).
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, type JWTPayload, SignJWT } from "jose";
import Provider, { type Configuration } from "oidc-provider";

export interface TestOAuthProvider {
  issuer: string;
  authorizationUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** Signs in as `accountId` and consents; answers the query the provider sends back to the redirect URI. */
  approve(authorizationUrl: string, accountId?: string): Promise<string>;
  /** Signs in and refuses consent (aborts); answers the query sent back. */
  deny(authorizationUrl: string): Promise<string>;
  /** Gives an account claims of its own (`email_verified: false`...) from now on. */
  setClaims(accountId: string, claims: Record<string, unknown>): void;
  /**
   * Changes the claims of the next ID token the token endpoint answers and signs it again, with
   * the provider's own key or, with `foreignKey`, a key the provider does not publish.
   */
  rewriteNextIdToken(change: (claims: JWTPayload) => JWTPayload, options?: { foreignKey?: boolean }): void;
  /** Revokes every grant's refresh tokens, as a person removing the app's access at the provider would. */
  revokeRefreshTokens(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The claims of an account whose login is an e-mail address: that address, verified, and a name
 * made of its local part ("ann.lee@acme.test" is Ann Lee).
 */
export function defaultClaimsOf(accountId: string): Record<string, unknown> {
  if (!accountId.includes("@")) return {};
  const words = accountId
    .slice(0, accountId.indexOf("@"))
    .split(/[._-]+/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  return {
    email: accountId,
    email_verified: true,
    given_name: words[0],
    family_name: words.slice(1).join(" ") || "Example",
    name: [words[0], words.slice(1).join(" ") || "Example"].join(" "),
  };
}

/**
 * How the test providers are set up, here and in the end-to-end suite: one confidential client,
 * PKCE required, refresh tokens, and the development sign-in and consent screens, where any login
 * and password are accepted.
 */
export function testOAuthProviderConfiguration(client: {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** More addresses the client may return to (the single sign-on callback beside the calendar's). */
  moreRedirectUris?: string[];
  /** Claims of an account beyond those `defaultClaimsOf` gives it. */
  claimsOf?: (accountId: string) => Record<string, unknown> | undefined;
}): Configuration {
  return {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: [client.redirectUri, ...(client.moreRedirectUris ?? [])],
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    pkce: { required: () => true },
    scopes: ["openid", "offline_access", "email", "profile"],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "given_name", "family_name"] },
    // The e-mail and names go into the ID token itself, as identity providers configured for sign-in do.
    conformIdTokenClaims: false,
    findAccount: async (_context, accountId) => ({
      accountId,
      claims: async () => ({ sub: accountId, ...defaultClaimsOf(accountId), ...client.claimsOf?.(accountId) }),
    }),
    issueRefreshToken: async () => true,
    features: { devInteractions: { enabled: true } },
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      IdToken: 3600,
      RefreshToken: 86_400,
      Grant: 86_400,
      Session: 86_400,
      Interaction: 600,
    },
  };
}

export async function startTestOAuthProvider(options: {
  redirectUri: string;
  moreRedirectUris?: string[];
}): Promise<TestOAuthProvider> {
  const clientId = "ideaport-test";
  const clientSecret = "ideaport-test-secret-that-is-long-enough";
  const claims = new Map<string, Record<string, unknown>>();
  // The signing key is the test's, so a rewritten ID token can be signed as the provider would.
  const signingKeys = await generateKeyPair("RS256", { extractable: true });
  const foreignKeys = await generateKeyPair("RS256", { extractable: true });
  const signingJwk = {
    ...(await exportJWK(signingKeys.privateKey)),
    kid: "test-signing-key",
    alg: "RS256",
    use: "sig",
  };
  let nextIdTokenRewrite: { change: (claims: JWTPayload) => JWTPayload; foreignKey: boolean } | null = null;
  const refreshTokens = new Set<{ destroy(): Promise<void> }>();
  // The issuer names the port, known only once the server listens: a placeholder, then the real one.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const port = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
  const issuer = `http://127.0.0.1:${port}`;

  const provider = new Provider(issuer, {
    ...testOAuthProviderConfiguration({
      clientId,
      clientSecret,
      redirectUri: options.redirectUri,
      moreRedirectUris: options.moreRedirectUris,
      claimsOf: (accountId) => claims.get(accountId),
    }),
    jwks: { keys: [signingJwk] },
  });
  provider.use(async (context, next) => {
    await next();
    const body = context.body as { id_token?: string } | undefined;
    if (context.path !== "/token" || !nextIdTokenRewrite || typeof body?.id_token !== "string") return;
    const { change, foreignKey } = nextIdTokenRewrite;
    nextIdTokenRewrite = null;
    const header = decodeProtectedHeader(body.id_token);
    body.id_token = await new SignJWT(change(decodeJwt(body.id_token)))
      .setProtectedHeader({ alg: "RS256", kid: header.kid ?? signingJwk.kid, typ: header.typ })
      .sign(foreignKey ? foreignKeys.privateKey : signingKeys.privateKey);
  });
  provider.on("refresh_token.saved", (token: { destroy(): Promise<void> }) => refreshTokens.add(token));
  const listening = provider.listen(port, "127.0.0.1");
  await new Promise((resolve) => listening.once("listening", resolve));

  /** A tiny browser: a cookie jar and manual redirects, until the redirect URI is reached. */
  async function browse(startUrl: string, decide: "approve" | "deny", accountId: string): Promise<string> {
    const cookies = new Map<string, string>();
    let url = startUrl;
    let method = "GET";
    let body: string | undefined;
    for (let step = 0; step < 20; step += 1) {
      if (url.startsWith(options.redirectUri)) return new URL(url).search.slice(1);
      const response = await fetch(url, {
        method,
        redirect: "manual",
        headers: {
          cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join("; "),
          ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}),
        },
        body,
      });
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(";");
        const [name, ...value] = pair!.split("=");
        cookies.set(name!.trim(), value.join("="));
      }
      method = "GET";
      body = undefined;
      const location = response.headers.get("location");
      if (location) {
        url = new URL(location, url).toString();
        continue;
      }
      const page = await response.text();
      const interaction = /\/interaction\/([A-Za-z0-9_-]+)/.exec(url);
      if (!interaction) throw new Error(`The provider answered ${response.status} at ${url}: ${page.slice(0, 300)}`);
      const isLogin = /name="login"/.test(page);
      if (decide === "deny" && !isLogin) {
        url = `${issuer}/interaction/${interaction[1]}/abort`;
        continue;
      }
      url = `${issuer}/interaction/${interaction[1]}`;
      method = "POST";
      body = isLogin
        ? new URLSearchParams({ prompt: "login", login: accountId, password: "any" }).toString()
        : new URLSearchParams({ prompt: "consent" }).toString();
    }
    throw new Error("The provider never sent the browser back.");
  }

  return {
    issuer,
    authorizationUrl: `${issuer}/auth`,
    tokenUrl: `${issuer}/token`,
    clientId,
    clientSecret,
    approve: (authorizationUrl, accountId = "person-1") => browse(authorizationUrl, "approve", accountId),
    deny: (authorizationUrl) => browse(authorizationUrl, "deny", "person-1"),
    setClaims(accountId, accountClaims) {
      claims.set(accountId, accountClaims);
    },
    rewriteNextIdToken(change, rewriteOptions = {}) {
      nextIdTokenRewrite = { change, foreignKey: rewriteOptions.foreignKey ?? false };
    },
    async revokeRefreshTokens() {
      for (const token of refreshTokens) await token.destroy();
      refreshTokens.clear();
    },
    close: () => new Promise((resolve) => listening.close(() => resolve())),
  };
}
