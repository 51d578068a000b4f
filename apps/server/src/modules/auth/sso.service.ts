/**
 * Single sign-on with OpenID Connect, per company: its settings (admins), the login page's
 * look-up, and the sign-in itself. A sign-in's state, nonce and PKCE verifier stay in the
 * database for SSO_SIGN_IN_TTL_MS, scoped to the company whose provider it went to; the callback
 * checks everything, finds or creates the person, and hands the browser a single-use ticket
 * (SSO_TICKET_TTL_MS, stored hashed) that /login/sso exchanges for a session, so the browser never
 * sees the provider's tokens.
 */
import { hkdfSync } from "node:crypto";
import {
  AppError,
  type CompanySso,
  emailDomainOf,
  ROUTES,
  type SsoFailure,
  type UpdateCompanySsoRequest,
} from "@ideaport/shared";
import { authorize, type CompanyCaller } from "../../core/caller.ts";
import type { ServiceDependencies } from "../../core/module-options.ts";
import { isUniqueViolation } from "../../core/sql.ts";
import { hashOfUnknownPassword } from "../../lib/password.ts";
import { createSecretBox } from "../../lib/secret-box.ts";
import { createSecretToken, hashSecretToken } from "../../lib/secret-token.ts";
import { recordAudit, recordCallerAudit } from "../audit/audit.service.ts";
import { addTeamMember } from "../teams/teams.service.ts";
import { normalizeEmail, type SessionDevice } from "./auth.service.ts";
import { createSsoOidc, SsoDiscoveryError, SsoSignInError } from "./sso.oidc.ts";
import {
  attachToCompany,
  deleteExpiredSsoRows,
  findAccountByEmail,
  findCompanySso,
  findDomainsOfOtherCompanies,
  findEmailOfUser,
  findFirstTeamOfCompany,
  findSsoProviderOfCompany,
  findSsoProviderOfDomain,
  insertSsoSignIn,
  insertSsoTicket,
  insertSsoUser,
  replaceSsoDomains,
  takeSsoSignIn,
  upsertSsoProvider,
  useSsoTicket,
} from "./sso.repository.ts";

/** How long a sign-in may stay at the provider before its state is refused. */
export const SSO_SIGN_IN_TTL_MS = 10 * 60 * 1000;
/** How long the callback's ticket may wait for /login/sso to exchange it. */
export const SSO_TICKET_TTL_MS = 60 * 1000;

export interface SsoServiceDependencies extends ServiceDependencies {
  appUrl: string;
  /** The server secret the key of the client secrets derives from. */
  serverSecret: string;
  allowPrivateNetworks: boolean;
}

/** Where the provider sends the browser back. */
export function ssoRedirectUriOf(appUrl: string): string {
  return `${appUrl}/api/auth/sso/callback/`;
}

/** A name part from an ID token, or from the e-mail's local part when the provider gave none. */
function namesOf(
  identity: { givenName: string | null; familyName: string | null; name: string | null },
  email: string,
) {
  const local = email.slice(0, email.lastIndexOf("@"));
  const firstName = (identity.givenName ?? identity.name?.split(" ")[0] ?? local).slice(0, 100);
  const lastName = (identity.familyName ?? identity.name?.split(" ").slice(1).join(" ") ?? "").slice(0, 100);
  const displayName = (identity.name ?? [firstName, lastName].filter(Boolean).join(" ")).slice(0, 100) || local;
  return { firstName, lastName, displayName };
}

export function createSsoService(deps: SsoServiceDependencies) {
  const { db, clock } = deps;
  // The client secrets and verifiers are sealed under a key of their own, derived from the server secret.
  const box = createSecretBox(
    Buffer.from(hkdfSync("sha256", deps.serverSecret, "", "ideaport single sign-on secrets", 32)),
  );
  const redirectUri = ssoRedirectUriOf(deps.appUrl);
  const oidc = createSsoOidc({ allowPrivateNetworks: deps.allowPrivateNetworks }, redirectUri);

  async function present(companyId: string): Promise<CompanySso> {
    const sso = await findCompanySso(db, companyId);
    return {
      configured: sso !== null,
      issuer: sso?.provider.issuer ?? null,
      client_id: sso?.provider.clientId ?? null,
      has_client_secret: sso !== null,
      domains: sso?.domains ?? [],
      required: sso?.provider.isRequired ?? false,
      redirect_uri: redirectUri,
    };
  }

  /** The redirect to /login/sso with a ticket or a failure, in the fragment (never sent to a server). */
  const loginPage = (fragment: Record<string, string>) =>
    `${deps.appUrl}${ROUTES.ssoLogin}#${new URLSearchParams(fragment).toString()}`;

  return {
    redirectUri,

    /** The company's single sign-on, without its secret. Admins only. */
    async settings(caller: CompanyCaller): Promise<CompanySso> {
      authorize(caller, "settings.company");
      return present(caller.companyId);
    },

    /**
     * Sets up or changes the company's provider. The issuer must answer as an OpenID provider
     * (through the outbound rules); every domain must be free, and a domain the company does not
     * hold yet must be the one of the admin's own verified e-mail address. Audited.
     */
    async update(caller: CompanyCaller, input: UpdateCompanySsoRequest): Promise<CompanySso> {
      authorize(caller, "settings.company");
      const domains = [...new Set(input.domains)];
      const existing = await findCompanySso(db, caller.companyId);
      const held = new Set(existing?.domains ?? []);
      const admin = await findEmailOfUser(db, caller.id);
      const ownDomain = admin?.emailVerifiedAt ? emailDomainOf(admin.email) : null;
      if (domains.some((domain) => !held.has(domain) && domain !== ownDomain)) {
        throw new AppError("sso.domain_not_yours");
      }
      if ((await findDomainsOfOtherCompanies(db, caller.companyId, domains)).length > 0) {
        throw new AppError("sso.domain_taken");
      }
      const newSecret = input.client_secret?.trim();
      const secretEncrypted = newSecret ? box.seal(newSecret) : existing?.provider.clientSecretEncrypted;
      if (!secretEncrypted) throw new AppError("sso.client_secret_required");
      const issuer = input.issuer.trim();
      try {
        await oidc.discover(issuer);
      } catch (error) {
        if (error instanceof SsoDiscoveryError) {
          throw new AppError(error.reason === "refused" ? "sso.issuer_refused" : "sso.issuer_unreachable");
        }
        throw error;
      }
      const now = clock();
      try {
        await db.transaction(async (tx) => {
          await upsertSsoProvider(
            tx,
            {
              companyId: caller.companyId,
              issuer,
              clientId: input.client_id.trim(),
              clientSecretEncrypted: secretEncrypted,
              isRequired: input.required,
            },
            now,
          );
          await replaceSsoDomains(tx, caller.companyId, domains, now);
          await recordCallerAudit(tx, caller, {
            action: "sso.configured",
            targetType: "company",
            targetId: caller.companyId,
            details: {
              issuer,
              clientId: input.client_id.trim(),
              domains,
              required: input.required,
              clientSecretChanged: Boolean(newSecret),
            },
          });
        });
      } catch (error) {
        // Another company claimed one of the domains in the meantime.
        if (isUniqueViolation(error)) throw new AppError("sso.domain_taken");
        throw error;
      }
      return present(caller.companyId);
    },

    /** Whether an e-mail's domain signs in through an identity provider, and whether it must. */
    async lookup(email: string): Promise<{ sso: boolean; required: boolean }> {
      const provider = await findSsoProviderOfDomain(db, emailDomainOf(normalizeEmail(email)));
      return { sso: provider !== null, required: provider?.isRequired ?? false };
    },

    /** Starts a sign-in at the provider of the e-mail's domain; 404 `sso.not_configured` when there is none. */
    async start(email: string): Promise<string> {
      const provider = await findSsoProviderOfDomain(db, emailDomainOf(normalizeEmail(email)));
      const clientSecret = provider ? box.open(provider.clientSecretEncrypted) : null;
      if (!provider || clientSecret === null) throw new AppError("sso.not_configured");
      let begun: Awaited<ReturnType<typeof oidc.begin>>;
      try {
        begun = await oidc.begin(
          { issuer: provider.issuer, clientId: provider.clientId, clientSecret },
          normalizeEmail(email),
        );
      } catch {
        throw new AppError("sso.issuer_unreachable");
      }
      const now = clock();
      await deleteExpiredSsoRows(db, now);
      await insertSsoSignIn(db, {
        companyId: provider.companyId,
        stateHash: hashSecretToken(begun.state),
        nonce: begun.nonce,
        codeVerifierEncrypted: box.seal(begun.codeVerifier),
        expiresAt: new Date(now.getTime() + SSO_SIGN_IN_TTL_MS),
      });
      return begun.authorizationUrl;
    },

    /**
     * The provider's answer: checks it, finds or creates the person, and answers where the
     * browser goes next: /login/sso with a ticket, or with the failure. Every outcome of a known
     * sign-in is audited in its company.
     */
    async callback(query: URLSearchParams, device: SessionDevice): Promise<string> {
      const state = query.get("state");
      const pending = state ? await takeSsoSignIn(db, hashSecretToken(state), clock()) : null;
      const provider = pending ? await findSsoProviderOfCompany(db, pending.companyId) : null;
      const clientSecret = provider ? box.open(provider.clientSecretEncrypted) : null;
      const codeVerifier = pending ? box.open(pending.codeVerifierEncrypted) : null;
      if (!pending || !provider || clientSecret === null || codeVerifier === null || !state) {
        return loginPage({ error: "state_invalid" satisfies SsoFailure });
      }
      const companyId = pending.companyId;
      const audit = (
        action: "auth.sso_sign_in_succeeded" | "auth.sso_sign_in_failed",
        entry: {
          userId?: string | null;
          details: Record<string, unknown>;
        },
      ) =>
        recordAudit(db, {
          companyId,
          actorId: entry.userId ?? null,
          action,
          targetType: "user",
          targetId: entry.userId ?? null,
          details: entry.details,
          ipAddress: device.ipAddress,
        });
      const fail = async (failure: SsoFailure, details: Record<string, unknown> = {}, userId: string | null = null) => {
        await audit("auth.sso_sign_in_failed", { userId, details: { reason: failure, ...details } });
        return loginPage({ error: failure });
      };

      let identity: Awaited<ReturnType<typeof oidc.finish>>;
      try {
        identity = await oidc.finish({ issuer: provider.issuer, clientId: provider.clientId, clientSecret }, query, {
          state,
          nonce: pending.nonce,
          codeVerifier,
        });
      } catch (error) {
        if (error instanceof SsoSignInError) return fail(error.failure, { detail: error.message.slice(0, 200) });
        throw error;
      }
      if (!identity.email || !identity.emailVerified) {
        return fail("email_unverified", { email: identity.email });
      }
      const email = normalizeEmail(identity.email);
      const domainOwner = await findSsoProviderOfDomain(db, emailDomainOf(email));
      if (domainOwner?.companyId !== companyId) return fail("domain_not_claimed", { email });

      const account = await findAccountByEmail(db, email);
      if (account && account.companyId !== null && account.companyId !== companyId) {
        return fail("account_in_other_company", { email });
      }
      if (account && !account.isActive) return fail("account_inactive", { email }, account.id);

      const now = clock();
      const ticket = createSecretToken();
      const userId = await db.transaction(async (tx) => {
        let id = account?.id;
        const names = namesOf(identity, email);
        if (!id) {
          // A person of a claimed domain signing in for the first time: an employee of the company,
          // with a password nobody knows, in the company's first team.
          id = await insertSsoUser(tx, {
            companyId,
            email,
            ...names,
            passwordHash: await hashOfUnknownPassword(),
            emailVerifiedAt: now,
          });
        } else if (account?.companyId === null) {
          await attachToCompany(tx, companyId, id);
        }
        if (!account?.companyId) {
          const teamId = await findFirstTeamOfCompany(tx, companyId);
          if (teamId) await addTeamMember(tx, { companyId, teamId, userId: id, isManager: false });
          await recordAudit(tx, {
            companyId,
            actorId: id,
            action: "user.joined_company",
            targetType: "user",
            targetId: id,
            details: { teamId, role: "employee", via: "sso" },
            ipAddress: device.ipAddress,
          });
        }
        await insertSsoTicket(tx, {
          companyId,
          userId: id,
          tokenHash: hashSecretToken(ticket),
          expiresAt: new Date(now.getTime() + SSO_TICKET_TTL_MS),
        });
        return id;
      });
      await audit("auth.sso_sign_in_succeeded", {
        userId,
        details: { subject: identity.subject, created: !account },
      });
      return loginPage({ ticket });
    },

    /** Uses a ticket once: its person, still active; `sso.ticket_invalid` otherwise. */
    async redeemTicket(ticket: string): Promise<string> {
      const used = await useSsoTicket(db, hashSecretToken(ticket), clock());
      if (!used) throw new AppError("sso.ticket_invalid");
      const account = await findEmailOfUser(db, used.userId);
      if (!account?.isActive || account.companyId !== used.companyId) throw new AppError("auth.account_inactive");
      return used.userId;
    },
  };
}

export type SsoService = ReturnType<typeof createSsoService>;
