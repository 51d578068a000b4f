import { defineMessages, type MessageDescriptor, type TokenScope } from "@ideaport/shared";

/** Profile Settings → API tokens: a person's own tokens for scripts and tools. */
export const API_TOKEN_TEXTS = defineMessages({
  title: { id: "apiTokens.title", defaultMessage: "API tokens" },
  description: {
    id: "apiTokens.description",
    defaultMessage:
      "Let your own scripts and tools use Ideaport's API as you: each token can do only what its scopes allow, and never more than you can. Send it as “Authorization: Bearer …”.",
  },
  tokensTable: { id: "apiTokens.table", defaultMessage: "Your API tokens" },
  columnName: { id: "apiTokens.column.name", defaultMessage: "Name" },
  columnScopes: { id: "apiTokens.column.scopes", defaultMessage: "Scopes" },
  columnCreated: { id: "apiTokens.column.created", defaultMessage: "Created" },
  columnExpires: { id: "apiTokens.column.expires", defaultMessage: "Expires" },
  columnLastUsed: { id: "apiTokens.column.lastUsed", defaultMessage: "Last used" },
  columnActions: { id: "apiTokens.column.actions", defaultMessage: "Actions" },
  neverUsed: { id: "apiTokens.neverUsed", defaultMessage: "Never" },
  noTokens: { id: "apiTokens.none", defaultMessage: "No API tokens yet." },
  loading: { id: "apiTokens.loading", defaultMessage: "Loading API tokens..." },
  loadFailed: { id: "apiTokens.loadFailed", defaultMessage: "The API tokens could not be loaded." },
  createToken: { id: "apiTokens.create", defaultMessage: "Create token" },
  createTitle: { id: "apiTokens.create.title", defaultMessage: "Create an API token" },
  tokenName: { id: "apiTokens.create.name", defaultMessage: "Token name" },
  tokenNameHint: {
    id: "apiTokens.create.nameHint",
    defaultMessage: "For you to recognise it later, e.g. “Weekly ideas report”.",
  },
  expiry: { id: "apiTokens.create.expiry", defaultMessage: "Expires" },
  expiryOption: {
    id: "apiTokens.create.expiryOption",
    defaultMessage: "In {days, plural, one {# day} other {# days}}",
  },
  scopes: { id: "apiTokens.create.scopes", defaultMessage: "Scopes" },
  scopesHint: { id: "apiTokens.create.scopesHint", defaultMessage: "What the token may do, as you." },
  scopeCode: {
    id: "apiTokens.create.scopeCode",
    defaultMessage: "Scope {scope}",
    description: "The scope's code, as the API documentation names it",
  },
  create: { id: "apiTokens.create.submit", defaultMessage: "Create" },
  createdTitle: { id: "apiTokens.created.title", defaultMessage: "Your new API token" },
  createdWarning: {
    id: "apiTokens.created.warning",
    defaultMessage: "Copy it now: this is the only time it is shown. Ideaport keeps only a fingerprint of it.",
  },
  tokenLabel: { id: "apiTokens.created.token", defaultMessage: "Token" },
  copyToken: { id: "apiTokens.created.copy", defaultMessage: "Copy the token" },
  done: { id: "apiTokens.created.done", defaultMessage: "Done" },
  revoke: { id: "apiTokens.revoke", defaultMessage: "Revoke" },
  revokeNamed: { id: "apiTokens.revokeNamed", defaultMessage: "Revoke {name}" },
  revokeTitle: { id: "apiTokens.revoke.title", defaultMessage: "Revoke {name}?" },
  revokeQuestion: {
    id: "apiTokens.revoke.question",
    defaultMessage: "The next request made with this token will be refused. This cannot be undone.",
  },
  revoked: { id: "apiTokens.revoked", defaultMessage: "{name} has been revoked." },
});

/** What each scope lets a token do, as the create dialog offers it. */
export const TOKEN_SCOPE_TEXTS: Record<TokenScope, MessageDescriptor> = defineMessages({
  "ideas:read": { id: "apiTokens.scope.ideasRead", defaultMessage: "Read ideas, comments and the action board" },
  "ideas:write": {
    id: "apiTokens.scope.ideasWrite",
    defaultMessage: "Submit, change, comment on and vote for ideas",
  },
  "challenges:read": { id: "apiTokens.scope.challengesRead", defaultMessage: "Read challenges" },
  "notifications:read": {
    id: "apiTokens.scope.notificationsRead",
    defaultMessage: "Read your notifications and mark them read",
  },
  "portal:read": {
    id: "apiTokens.scope.portalRead",
    defaultMessage: "Read news, points, leaderboards and rewards",
  },
  admin: { id: "apiTokens.scope.admin", defaultMessage: "Administer the company: analytics, audit log, news, rewards" },
});
