import { defineMessages } from "@ideaport/shared";

/** Company Settings → Provisioning: SCIM tokens for the company's identity provider. */
export const PROVISIONING_TEXTS = defineMessages({
  tab: { id: "provisioning.tab", defaultMessage: "Provisioning" },
  title: { id: "provisioning.title", defaultMessage: "Provisioning (SCIM)" },
  description: {
    id: "provisioning.description",
    defaultMessage:
      "Let your identity provider (Microsoft Entra ID, Okta, Google Workspace, Keycloak) add, change and deactivate your people and teams. People it adds need no join password: they sign in with single sign-on, or set a password through Forgot password.",
  },
  baseUrlLabel: { id: "provisioning.baseUrl.label", defaultMessage: "SCIM base URL" },
  baseUrlHint: {
    id: "provisioning.baseUrl.hint",
    defaultMessage: "Paste this address into your identity provider, with a token below as its bearer token.",
  },
  copyBaseUrl: { id: "provisioning.copyBaseUrl", defaultMessage: "Copy the SCIM base URL" },
  copyToken: { id: "provisioning.copyToken", defaultMessage: "Copy the token" },
  tokensHeading: { id: "provisioning.tokens.heading", defaultMessage: "Tokens" },
  tokensTable: { id: "provisioning.tokens.table", defaultMessage: "SCIM tokens" },
  columnName: { id: "provisioning.tokens.name", defaultMessage: "Name" },
  columnCreated: { id: "provisioning.tokens.created", defaultMessage: "Created" },
  columnLastUsed: { id: "provisioning.tokens.lastUsed", defaultMessage: "Last used" },
  columnActions: { id: "provisioning.tokens.actions", defaultMessage: "Actions" },
  neverUsed: { id: "provisioning.tokens.neverUsed", defaultMessage: "Never" },
  noTokens: {
    id: "provisioning.tokens.none",
    defaultMessage: "No tokens yet. Create one for each identity provider that provisions your people.",
  },
  loading: { id: "provisioning.loading", defaultMessage: "Loading tokens..." },
  loadFailed: { id: "provisioning.loadFailed", defaultMessage: "The tokens could not be loaded." },
  createToken: { id: "provisioning.create", defaultMessage: "Create token" },
  createTitle: { id: "provisioning.create.title", defaultMessage: "Create a SCIM token" },
  tokenName: { id: "provisioning.create.name", defaultMessage: "Token name" },
  tokenNameHint: {
    id: "provisioning.create.nameHint",
    defaultMessage: "For you to recognise it later, e.g. “Entra ID production”.",
  },
  create: { id: "provisioning.create.submit", defaultMessage: "Create" },
  createdTitle: { id: "provisioning.created.title", defaultMessage: "Your new token" },
  createdWarning: {
    id: "provisioning.created.warning",
    defaultMessage: "Copy it now: this is the only time it is shown. Ideaport keeps only a fingerprint of it.",
  },
  tokenLabel: { id: "provisioning.created.token", defaultMessage: "Token" },
  done: { id: "provisioning.created.done", defaultMessage: "Done" },
  revoke: { id: "provisioning.revoke", defaultMessage: "Revoke" },
  revokeNamed: { id: "provisioning.revokeNamed", defaultMessage: "Revoke {name}" },
  revokeTitle: { id: "provisioning.revoke.title", defaultMessage: "Revoke {name}?" },
  revokeQuestion: {
    id: "provisioning.revoke.question",
    defaultMessage:
      "Your identity provider's next request with this token will be refused, and people and teams stop being provisioned with it. This cannot be undone.",
  },
  revoked: { id: "provisioning.revoked", defaultMessage: "{name} has been revoked." },
});
