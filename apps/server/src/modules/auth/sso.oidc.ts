/**
 * OpenID Connect against a company's provider, through oauth4webapi: discovery of the issuer, the
 * authorization URL (authorization code with PKCE S256, `state` and `nonce`), and the callback's
 * validation: the state and `iss`, the code exchange, and the ID token's issuer, audience,
 * expiry, nonce and signature. Every call to the provider goes through the outbound rules.
 */
import type { SsoFailure } from "@ideaport/shared";
import * as oauth from "oauth4webapi";
import {
  createOutboundFetch,
  OutboundCallError,
  type OutboundFailure,
  type OutboundPolicy,
  resolveOutboundTarget,
} from "../../lib/outbound-http.ts";

/** Outbound failures that mean the address itself is not allowed, rather than that nobody answered. */
const REFUSALS = new Set<OutboundFailure>(["protocol_refused", "address_refused", "url_invalid"]);

/** A step of the sign-in the provider or its answer failed; `failure` is what /login/sso shows. */
export class SsoSignInError extends Error {
  constructor(
    readonly failure: SsoFailure,
    message: string,
  ) {
    super(message);
    this.name = "SsoSignInError";
  }
}

/** Why discovering an issuer failed: its address is not allowed, or no OpenID provider answered there. */
export class SsoDiscoveryError extends Error {
  constructor(
    readonly reason: "refused" | "unreachable",
    message: string,
  ) {
    super(message);
    this.name = "SsoDiscoveryError";
  }
}

/** The claims of a validated ID token that sign-in reads. */
export interface SsoIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
  name: string | null;
}

export interface SsoClient {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** The OpenID client of single sign-on under one outbound policy, with the app's callback address. */
export function createSsoOidc(policy: OutboundPolicy, redirectUri: string) {
  const fetcher = createOutboundFetch(policy);
  const requestOptions = {
    [oauth.customFetch]: fetcher as unknown as typeof fetch,
    // Plain http only where the installation allows private networks; the outbound rules refuse it otherwise.
    [oauth.allowInsecureRequests]: policy.allowPrivateNetworks,
  };

  async function discover(issuer: string): Promise<oauth.AuthorizationServer> {
    const issuerUrl = new URL(issuer);
    let response: Response;
    try {
      // The issuer's own address first, so a refused one says so rather than "unreachable".
      await resolveOutboundTarget(issuerUrl, policy);
      response = await oauth.discoveryRequest(issuerUrl, { algorithm: "oidc", ...requestOptions });
    } catch (error) {
      if (error instanceof OutboundCallError && REFUSALS.has(error.failure)) {
        throw new SsoDiscoveryError("refused", error.message);
      }
      throw new SsoDiscoveryError("unreachable", error instanceof Error ? error.message : "discovery failed");
    }
    try {
      const server = await oauth.processDiscoveryResponse(issuerUrl, response);
      if (!server.authorization_endpoint || !server.token_endpoint || !server.jwks_uri) {
        throw new Error("the provider's configuration lacks an endpoint");
      }
      return server;
    } catch (error) {
      throw new SsoDiscoveryError("unreachable", error instanceof Error ? error.message : "not an OpenID provider");
    }
  }

  return {
    /** Reads the issuer's configuration; throws SsoDiscoveryError. */
    discover,

    /** A new state, nonce and PKCE verifier, and the provider's authorization URL carrying them. */
    async begin(client: SsoClient, loginHint: string) {
      const server = await discover(client.issuer);
      const state = oauth.generateRandomState();
      const nonce = oauth.generateRandomNonce();
      const codeVerifier = oauth.generateRandomCodeVerifier();
      const url = new URL(server.authorization_endpoint!);
      url.searchParams.set("response_type", "code");
      url.searchParams.set("client_id", client.clientId);
      url.searchParams.set("redirect_uri", redirectUri);
      url.searchParams.set("scope", "openid email profile");
      url.searchParams.set("state", state);
      url.searchParams.set("nonce", nonce);
      url.searchParams.set("code_challenge", await oauth.calculatePKCECodeChallenge(codeVerifier));
      url.searchParams.set("code_challenge_method", "S256");
      url.searchParams.set("login_hint", loginHint);
      return { state, nonce, codeVerifier, authorizationUrl: url.toString() };
    },

    /**
     * Checks the provider's answer against the sign-in's state, nonce and verifier, exchanges the
     * code, and validates the ID token; answers its identity. Throws SsoSignInError.
     */
    async finish(
      client: SsoClient,
      callbackQuery: URLSearchParams,
      expected: { state: string; nonce: string; codeVerifier: string },
    ): Promise<SsoIdentity> {
      let server: oauth.AuthorizationServer;
      try {
        server = await discover(client.issuer);
      } catch (error) {
        throw new SsoSignInError("provider_unreachable", error instanceof Error ? error.message : "discovery failed");
      }
      const oauthClient: oauth.Client = { client_id: client.clientId };
      let parameters: URLSearchParams;
      try {
        parameters = oauth.validateAuthResponse(server, oauthClient, callbackQuery, expected.state);
      } catch (error) {
        if (error instanceof oauth.AuthorizationResponseError) {
          throw new SsoSignInError(error.error === "access_denied" ? "denied" : "token_invalid", error.error);
        }
        throw new SsoSignInError("state_invalid", error instanceof Error ? error.message : "invalid answer");
      }
      let claims: oauth.IDToken | undefined;
      try {
        const response = await oauth.authorizationCodeGrantRequest(
          server,
          oauthClient,
          oauth.ClientSecretBasic(client.clientSecret),
          parameters,
          redirectUri,
          expected.codeVerifier,
          requestOptions,
        );
        const answer = await oauth.processAuthorizationCodeResponse(server, oauthClient, response, {
          expectedNonce: expected.nonce,
          requireIdToken: true,
        });
        // The ID token came straight from the token endpoint, but its signature is checked too.
        await oauth.validateApplicationLevelSignature(server, response, requestOptions);
        claims = oauth.getValidatedIdTokenClaims(answer);
      } catch (error) {
        if (error instanceof OutboundCallError) throw new SsoSignInError("provider_unreachable", error.message);
        throw new SsoSignInError("token_invalid", error instanceof Error ? error.message : "token refused");
      }
      if (!claims) throw new SsoSignInError("token_invalid", "no ID token");
      const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : null);
      return {
        subject: claims.sub,
        email: text(claims.email),
        emailVerified: claims.email_verified === true,
        givenName: text(claims.given_name),
        familyName: text(claims.family_name),
        name: text(claims.name),
      };
    },
  };
}

export type SsoOidc = ReturnType<typeof createSsoOidc>;
