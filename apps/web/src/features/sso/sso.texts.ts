import { defineMessages, type SsoFailure } from "@ideaport/shared";

/** Company Settings → Sign-in: the company's identity provider. */
export const SSO_SETTINGS_TEXTS = defineMessages({
  tab: { id: "sso.settings.tab", defaultMessage: "Sign-in" },
  title: { id: "sso.settings.title", defaultMessage: "Single sign-on" },
  description: {
    id: "sso.settings.description",
    defaultMessage:
      "Let your people sign in with your company's identity provider (Microsoft Entra ID, Okta, Google Workspace, Keycloak or any OpenID Connect provider). Register Ideaport there as a web application with this redirect URI:",
  },
  loading: { id: "sso.settings.loading", defaultMessage: "Loading the sign-in settings..." },
  issuer: { id: "sso.settings.issuer", defaultMessage: "Issuer URL" },
  issuerHint: {
    id: "sso.settings.issuerHint",
    defaultMessage: "The address your provider names as its issuer, such as https://login.example.com/realms/staff.",
  },
  clientId: { id: "sso.settings.clientId", defaultMessage: "Client ID" },
  clientSecret: { id: "sso.settings.clientSecret", defaultMessage: "Client secret" },
  clientSecretSaved: {
    id: "sso.settings.clientSecretSaved",
    defaultMessage:
      "A client secret is saved and is never shown again. Leave this empty to keep it, or enter a new one to replace it.",
  },
  clientSecretNew: {
    id: "sso.settings.clientSecretNew",
    defaultMessage: "Once saved, the secret is kept encrypted and never shown again.",
  },
  domains: { id: "sso.settings.domains", defaultMessage: "E-mail domains" },
  domainsHint: {
    id: "sso.settings.domainsHint",
    defaultMessage:
      "People with an e-mail address on these domains sign in through your provider, separated by commas. You can add the domain of your own e-mail address; each domain belongs to one company.",
  },
  required: { id: "sso.settings.required", defaultMessage: "Require single sign-on" },
  requiredHint: {
    id: "sso.settings.requiredHint",
    defaultMessage:
      "Password sign-in is then refused for these domains. Administrators keep their password, so they can still get in if the identity provider fails.",
  },
  save: { id: "sso.settings.save", defaultMessage: "Save sign-in settings" },
  saved: { id: "sso.settings.saved", defaultMessage: "Single sign-on is saved." },
});

/** The login form's offer and the /login/sso page. */
export const SSO_LOGIN_TEXTS = defineMessages({
  offer: {
    id: "sso.login.offer",
    defaultMessage: "Your company signs you in with its identity provider.",
  },
  offerRequired: {
    id: "sso.login.offerRequired",
    defaultMessage:
      "Your company signs you in with its identity provider. Only administrators can still use a password.",
  },
  continue: { id: "sso.login.continue", defaultMessage: "Continue with single sign-on" },
  pageTitle: { id: "sso.login.pageTitle", defaultMessage: "Single sign-on" },
  working: { id: "sso.login.working", defaultMessage: "Signing you in..." },
  failedTitle: { id: "sso.login.failedTitle", defaultMessage: "You are not signed in" },
  tryAgain: { id: "sso.login.tryAgain", defaultMessage: "Back to Log In" },
  startFailed: {
    id: "sso.login.startFailed",
    defaultMessage: "Single sign-on could not be started. Please try again.",
  },
});

/** Why a sign-in through the provider ended without a session, as /login/sso says it (`#error=<code>`). */
export const SSO_FAILURE_TEXTS = defineMessages({
  state_invalid: {
    id: "sso.failure.stateInvalid",
    defaultMessage: "This sign-in took too long or was already used. Please sign in again.",
  },
  denied: { id: "sso.failure.denied", defaultMessage: "The sign-in was cancelled at your identity provider." },
  token_invalid: {
    id: "sso.failure.tokenInvalid",
    defaultMessage:
      "Your identity provider's answer could not be verified, so you were not signed in. Please try again or ask your administrator.",
  },
  email_unverified: {
    id: "sso.failure.emailUnverified",
    defaultMessage: "Your identity provider did not confirm your e-mail address, so you were not signed in.",
  },
  domain_not_claimed: {
    id: "sso.failure.domainNotClaimed",
    defaultMessage: "Your e-mail address does not belong to this company's single sign-on. Ask your administrator.",
  },
  account_in_other_company: {
    id: "sso.failure.accountInOtherCompany",
    defaultMessage: "Your Ideaport account belongs to another company. Sign in with your password instead.",
  },
  account_inactive: { id: "sso.failure.accountInactive", defaultMessage: "This account has been deactivated." },
  provider_unreachable: {
    id: "sso.failure.providerUnreachable",
    defaultMessage: "Your identity provider could not be reached. Please try again later.",
  },
} satisfies Record<SsoFailure, unknown>);
