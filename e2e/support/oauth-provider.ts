import Provider from "oidc-provider";
import { E2E_OAUTH_CLIENT, E2E_OAUTH_ISSUER, E2E_OAUTH_PORT, E2E_PORT } from "./environment.ts";

/**
 * A real OAuth 2.0 / OpenID Connect provider for the calendar connection's journey: oidc-provider
 * with one confidential client, PKCE required, and its development sign-in and consent pages
 * (any login and password are accepted).
 */
export async function startOAuthProvider(): Promise<() => Promise<void>> {
  const provider = new Provider(E2E_OAUTH_ISSUER, {
    clients: [
      {
        client_id: E2E_OAUTH_CLIENT.id,
        client_secret: E2E_OAUTH_CLIENT.secret,
        redirect_uris: [`http://localhost:${E2E_PORT}/auth/calendar/callback`],
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    pkce: { required: () => true },
    scopes: ["openid", "offline_access"],
    findAccount: async (_context, accountId) => ({ accountId, claims: async () => ({ sub: accountId }) }),
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
  });
  const server = provider.listen(E2E_OAUTH_PORT);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.once("listening", () => resolve());
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
