import { ROUTES } from "@ideaport/shared";
import * as oauth from "oauth4webapi";
import type { CalendarProviderConfig } from "../../config/calendar-env.ts";

/** Tokens as the provider answered them. */
export interface ProviderTokens {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date | null;
  scope: string | null;
}

/** Why a step of the authorization-code flow failed, in the terms settings and the callback page use. */
export type OAuthFailure = "denied" | "state_invalid" | "code_rejected";

/** True when the provider answered with an OAuth error (`invalid_grant`...), not when it was unreachable. */
export function isRefusedByProvider(error: unknown): boolean {
  return error instanceof oauth.ResponseBodyError;
}

export class CalendarOAuthError extends Error {
  constructor(
    readonly failure: OAuthFailure,
    message: string,
  ) {
    super(message);
    this.name = "CalendarOAuthError";
  }
}

/**
 * The OAuth 2.0 authorization-code flow with PKCE (S256) and `state` against the configured
 * provider, through oauth4webapi: the authorization URL, the callback's validation (state, `iss`,
 * error responses), the code exchange and the refresh.
 */
export function createCalendarOAuthClient(provider: CalendarProviderConfig, appUrl: string, clock: () => Date) {
  const authorizationServer: oauth.AuthorizationServer = {
    issuer: provider.issuer,
    authorization_endpoint: provider.authorizationUrl,
    token_endpoint: provider.tokenUrl,
  };
  const client: oauth.Client = { client_id: provider.clientId };
  const clientAuth = provider.clientSecret ? oauth.ClientSecretBasic(provider.clientSecret) : oauth.None();
  const redirectUri = `${appUrl}${ROUTES.calendarCallback}`;
  // Plain http only where the operator configured it so (a provider on the same host, tests).
  const requestOptions = provider.tokenUrl.startsWith("http:") ? { [oauth.allowInsecureRequests]: true } : {};

  function tokensOf(answer: oauth.TokenEndpointResponse): ProviderTokens {
    return {
      accessToken: answer.access_token,
      refreshToken: answer.refresh_token ?? null,
      expiresAt: answer.expires_in === undefined ? null : new Date(clock().getTime() + answer.expires_in * 1000),
      scope: answer.scope ?? null,
    };
  }

  return {
    redirectUri,
    /** A new state and PKCE verifier, and the authorization URL carrying them. */
    async begin() {
      const state = oauth.generateRandomState();
      const codeVerifier = oauth.generateRandomCodeVerifier();
      const url = new URL(provider.authorizationUrl);
      url.searchParams.set("response_type", "code");
      url.searchParams.set("client_id", provider.clientId);
      url.searchParams.set("redirect_uri", redirectUri);
      url.searchParams.set("scope", provider.scope);
      url.searchParams.set("state", state);
      url.searchParams.set("code_challenge", await oauth.calculatePKCECodeChallenge(codeVerifier));
      url.searchParams.set("code_challenge_method", "S256");
      // Providers that need it to issue a refresh token (Google) read these; others ignore them.
      url.searchParams.set("access_type", "offline");
      url.searchParams.set("prompt", "consent");
      return { state, codeVerifier, authorizationUrl: url.toString() };
    },

    /** Checks the callback's parameters against the expected state and exchanges the code. */
    async finish(callbackQuery: URLSearchParams, expected: { state: string; codeVerifier: string }) {
      let parameters: URLSearchParams;
      try {
        parameters = oauth.validateAuthResponse(authorizationServer, client, callbackQuery, expected.state);
      } catch (error) {
        if (error instanceof oauth.AuthorizationResponseError) {
          throw new CalendarOAuthError(error.error === "access_denied" ? "denied" : "code_rejected", error.error);
        }
        throw new CalendarOAuthError("state_invalid", error instanceof Error ? error.message : "invalid response");
      }
      try {
        const response = await oauth.authorizationCodeGrantRequest(
          authorizationServer,
          client,
          clientAuth,
          parameters,
          redirectUri,
          expected.codeVerifier,
          requestOptions,
        );
        return tokensOf(await oauth.processAuthorizationCodeResponse(authorizationServer, client, response));
      } catch (error) {
        throw new CalendarOAuthError("code_rejected", error instanceof Error ? error.message : "token request failed");
      }
    },

    /** New tokens for a refresh token; throws when the provider refuses it. */
    async refresh(refreshToken: string): Promise<ProviderTokens> {
      const response = await oauth.refreshTokenGrantRequest(
        authorizationServer,
        client,
        clientAuth,
        refreshToken,
        requestOptions,
      );
      const tokens = tokensOf(await oauth.processRefreshTokenResponse(authorizationServer, client, response));
      return { ...tokens, refreshToken: tokens.refreshToken ?? refreshToken };
    },
  };
}

export type CalendarOAuthClient = ReturnType<typeof createCalendarOAuthClient>;
