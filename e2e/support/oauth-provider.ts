import Provider from "oidc-provider";
import { testOAuthProviderConfiguration } from "../../apps/server/src/test/oauth-provider.ts";
import { E2E_OAUTH_CLIENT, E2E_OAUTH_ISSUER, E2E_OAUTH_PORT, E2E_PORT } from "./environment.ts";

/** A real OAuth 2.0 / OpenID Connect provider (oidc-provider) for the calendar connection's and the single sign-on journeys. */
export async function startOAuthProvider(): Promise<() => Promise<void>> {
  const provider = new Provider(
    E2E_OAUTH_ISSUER,
    testOAuthProviderConfiguration({
      clientId: E2E_OAUTH_CLIENT.id,
      clientSecret: E2E_OAUTH_CLIENT.secret,
      redirectUri: `http://localhost:${E2E_PORT}/auth/calendar/callback`,
      // The single sign-on journey (tests/sso.spec.ts) uses the same provider as a company's identity provider.
      moreRedirectUris: [`http://localhost:${E2E_PORT}/api/auth/sso/callback/`],
    }),
  );
  const server = provider.listen(E2E_OAUTH_PORT);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.once("listening", () => resolve());
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
