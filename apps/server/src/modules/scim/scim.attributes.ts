/**
 * What SCIM bodies mean for Ideaport, as pure functions: a User resource (POST, PUT) and PATCH
 * operations become the changes to a person (names, e-mail, external id, active); a Group's PATCH
 * operations become a rename and member changes. Identity providers differ in spelling: Entra
 * sends `"active": "False"` and ops in capitals (`"Replace"`), paths with the schema's URN, and
 * dotted keys in a value (`{"name.givenName": "Ada"}`); all of them read the same here.
 */
import { AppError, EMAIL_PATTERN, type ScimPatchOperation } from "@ideaport/shared";

/** The person's attributes SCIM can set; absent: unchanged. */
export interface UserChanges {
  /** The identity provider's name for the person (Entra: the UPN; Okta: the login). */
  userName?: string;
  /** The person's work (or primary) address from `emails`: their sign-in e-mail. */
  email?: string;
  externalId?: string | null;
  givenName?: string;
  familyName?: string;
  displayName?: string | null;
  active?: boolean;
}

/** A whole User resource (create, replace): userName is required. */
export type UserResource = UserChanges & { userName: string };

/** The sign-in e-mail of a resource: its work address, else its userName when that is an e-mail address. */
export function emailOfResource(resource: UserResource): string {
  if (resource.email !== undefined) return resource.email;
  if (EMAIL_PATTERN.test(resource.userName)) return resource.userName;
  throw new AppError("scim.invalid_value", { values: { attribute: "emails" } });
}

/** What a Group PATCH does: a new name or external id, and members added, removed or replacing all. */
export interface GroupChanges {
  displayName?: string;
  externalId?: string | null;
  add: string[];
  remove: string[];
  /** The whole new member list (replace), or undefined. */
  replaceMembers?: string[];
  /** True for a remove of every member (`remove` with path `members` and no value). */
  removeAll: boolean;
}

const USER_SCHEMA = /^urn:ietf:params:scim:schemas:core:2\.0:user:/i;
const GROUP_SCHEMA = /^urn:ietf:params:scim:schemas:core:2\.0:group:/i;
/** Attributes of the User schemas Ideaport does not keep: accepted and left aside. */
const IGNORED_USER_ATTRIBUTES = new Set([
  "schemas",
  "title",
  "nickname",
  "profileurl",
  "usertype",
  "preferredlanguage",
  "locale",
  "timezone",
  "phonenumbers",
  "addresses",
  "ims",
  "photos",
  "entitlements",
  "roles",
  "x509certificates",
  "password",
  "name.formatted",
  "name.middlename",
  "name.honorificprefix",
  "name.honorificsuffix",
]);
/** Read-only attributes: a request that sets them answers 400 mutability. */
const READ_ONLY = new Set(["id", "meta", "groups"]);
const MAX_NAME = 100;
const MAX_EMAIL = 254;
const MAX_EXTERNAL_ID = 255;

type Op = "add" | "replace" | "remove";

/** A PATCH operation's op, in any case; anything else is 400 invalidSyntax. */
function opOf(operation: ScimPatchOperation): Op {
  const op = operation.op.toLowerCase();
  if (op === "add" || op === "replace" || op === "remove") return op;
  throw new AppError("scim.invalid_syntax");
}

/** A string of at most `max` characters, trimmed; 400 invalidValue otherwise. */
function textOf(value: unknown, attribute: string, max: number, options: { allowEmpty?: boolean } = {}): string {
  if (typeof value !== "string") throw new AppError("scim.invalid_value", { values: { attribute } });
  const text = value.trim();
  if (text.length > max || (!options.allowEmpty && text.length === 0)) {
    throw new AppError("scim.invalid_value", { values: { attribute } });
  }
  return text;
}

function emailOf(value: unknown, attribute: string): string {
  const email = textOf(value, attribute, MAX_EMAIL);
  if (!EMAIL_PATTERN.test(email)) throw new AppError("scim.invalid_value", { values: { attribute } });
  return email;
}

/** SCIM's boolean, or Entra's string of one ("True", "False"). */
function booleanOf(value: unknown, attribute: string): boolean {
  if (typeof value === "boolean") return value;
  if (typeof value === "string" && /^(true|false)$/i.test(value)) return value.toLowerCase() === "true";
  throw new AppError("scim.invalid_value", { values: { attribute } });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The one address of an `emails` list: the primary, else the work one, else the first. */
function emailOfList(value: unknown): string | undefined {
  if (!Array.isArray(value)) throw new AppError("scim.invalid_value", { values: { attribute: "emails" } });
  if (value.length === 0) return undefined;
  const entries = value.filter(isObject);
  const chosen =
    entries.find((entry) => entry.primary === true || entry.primary === "true") ??
    entries.find((entry) => typeof entry.type === "string" && entry.type.toLowerCase() === "work") ??
    entries[0];
  if (!chosen) throw new AppError("scim.invalid_value", { values: { attribute: "emails" } });
  return emailOf(chosen.value, "emails.value");
}

/** A path without its schema URN, lower-cased: `name.givenname`, `emails[type eq "work"].value`. */
function normalPath(path: string, schema: RegExp): string {
  return path.trim().replace(schema, "").toLowerCase();
}

/** Sets one attribute of a person from a path (`add`/`replace`) or removes it (`remove`). */
function applyUserPath(changes: UserChanges, op: Op, rawPath: string, value: unknown): void {
  if (/^urn:ietf:params:scim:schemas:extension:/i.test(rawPath)) return;
  const path = normalPath(rawPath, USER_SCHEMA);
  if (IGNORED_USER_ATTRIBUTES.has(path) || IGNORED_USER_ATTRIBUTES.has(path.split(/[[.]/)[0]!)) return;
  if (READ_ONLY.has(path.split(/[[.]/)[0]!)) throw new AppError("scim.mutability", { values: { attribute: rawPath } });
  if (op === "remove") {
    if (path === "externalid") changes.externalId = null;
    else if (path === "displayname") changes.displayName = null;
    else if (["username", "active", "name", "name.givenname", "name.familyname", "emails"].includes(path)) {
      throw new AppError("scim.mutability", { values: { attribute: rawPath } });
    } else throw new AppError("scim.no_target", { values: { path: rawPath } });
    return;
  }
  switch (path) {
    case "username":
      changes.userName = textOf(value, "userName", MAX_EMAIL);
      return;
    case "externalid":
      changes.externalId = value === null ? null : textOf(value, "externalId", MAX_EXTERNAL_ID);
      return;
    case "displayname":
      changes.displayName = textOf(value, "displayName", MAX_NAME);
      return;
    case "active":
      changes.active = booleanOf(value, "active");
      return;
    case "name":
      if (!isObject(value)) throw new AppError("scim.invalid_value", { values: { attribute: "name" } });
      for (const [key, part] of Object.entries(value)) applyUserPath(changes, op, `name.${key}`, part);
      return;
    case "name.givenname":
      changes.givenName = textOf(value, "name.givenName", MAX_NAME, { allowEmpty: true });
      return;
    case "name.familyname":
      changes.familyName = textOf(value, "name.familyName", MAX_NAME, { allowEmpty: true });
      return;
    case "emails": {
      const email = emailOfList(value);
      if (email !== undefined) changes.email = email;
      return;
    }
    case "emails.value":
      changes.email = emailOf(value, "emails.value");
      return;
  }
  // `emails[type eq "work"].value` or `emails[primary eq true].value`: Ideaport keeps one address.
  if (/^emails\[[^\]]*\]\.value$/.test(path)) {
    changes.email = emailOf(value, rawPath);
    return;
  }
  if (/^emails\[[^\]]*\]$/.test(path)) {
    const email = isObject(value) ? value.value : value;
    changes.email = emailOf(email, rawPath);
    return;
  }
  throw new AppError("scim.no_target", { values: { path: rawPath } });
}

/** The attributes of an object value (no path): each key is a path, dotted keys included. */
function applyUserObject(changes: UserChanges, op: Op, value: unknown): void {
  if (!isObject(value)) throw new AppError("scim.no_target", { values: { path: "" } });
  // Okta repeats the resource's id in a value; an explicit `id` path is refused as read-only.
  for (const [key, part] of Object.entries(value)) if (key !== "id") applyUserPath(changes, op, key, part);
}

/** The changes a User PATCH makes, in the order of its operations. */
export function userChangesOfPatch(operations: readonly ScimPatchOperation[]): UserChanges {
  const changes: UserChanges = {};
  for (const operation of operations) {
    const op = opOf(operation);
    if (operation.path === undefined || operation.path.trim() === "") {
      // A remove must say what it removes.
      if (op === "remove") throw new AppError("scim.no_target", { values: { path: "" } });
      applyUserObject(changes, op, operation.value);
    } else {
      if (op !== "remove" && operation.value === undefined) {
        throw new AppError("scim.invalid_value", { values: { attribute: operation.path } });
      }
      applyUserPath(changes, op, operation.path, operation.value);
    }
  }
  return changes;
}

/** A whole User resource (POST, PUT); 400 invalidValue without a userName. */
export function userOfResource(body: Record<string, unknown>): UserResource {
  const changes: UserChanges = {};
  for (const [key, value] of Object.entries(body)) {
    // What a resource body repeats of the server's own (its id, meta, groups) is not a change.
    if (READ_ONLY.has(key.toLowerCase()) || value === null || value === undefined) continue;
    applyUserPath(changes, "replace", key, value);
  }
  if (changes.userName === undefined) throw new AppError("scim.invalid_value", { values: { attribute: "userName" } });
  return { ...changes, userName: changes.userName };
}

/** Member ids of a `members` value: `[{ "value": "…" }]` (or one such object). */
function memberIdsOf(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  return list.map((member) => {
    const id = isObject(member) ? member.value : undefined;
    if (typeof id !== "string" || id.length === 0 || id.length > 100) {
      throw new AppError("scim.invalid_value", { values: { attribute: "members" } });
    }
    return id;
  });
}

/** The member a `members[value eq "…"]` path names, or undefined for another path. */
function memberOfPath(path: string): string | undefined {
  const match = /^members\[\s*value\s+eq\s+"([^"]{1,100})"\s*\]$/i.exec(path.trim());
  return match?.[1];
}

/** Applies one attribute of a Group PATCH. */
function applyGroupPath(changes: GroupChanges, op: Op, rawPath: string, value: unknown): void {
  const path = normalPath(rawPath, GROUP_SCHEMA);
  const member = memberOfPath(path);
  if (member !== undefined) {
    if (op === "remove") changes.remove.push(member);
    else throw new AppError("scim.invalid_syntax");
    return;
  }
  switch (path) {
    case "displayname":
      if (op === "remove") throw new AppError("scim.mutability", { values: { attribute: rawPath } });
      changes.displayName = textOf(value, "displayName", MAX_NAME);
      return;
    case "externalid":
      changes.externalId = op === "remove" || value === null ? null : textOf(value, "externalId", MAX_EXTERNAL_ID);
      return;
    case "members":
      if (op === "add") changes.add.push(...memberIdsOf(value));
      else if (op === "replace") changes.replaceMembers = memberIdsOf(value ?? []);
      else if (value === undefined) changes.removeAll = true;
      else changes.remove.push(...memberIdsOf(value));
      return;
    case "schemas":
      return;
    case "id":
    case "meta":
      throw new AppError("scim.mutability", { values: { attribute: rawPath } });
  }
  throw new AppError("scim.no_target", { values: { path: rawPath } });
}

/** The changes a Group PATCH makes. */
export function groupChangesOfPatch(operations: readonly ScimPatchOperation[]): GroupChanges {
  const changes: GroupChanges = { add: [], remove: [], removeAll: false };
  for (const operation of operations) {
    const op = opOf(operation);
    if (operation.path === undefined || operation.path.trim() === "") {
      if (op === "remove" || !isObject(operation.value)) throw new AppError("scim.no_target", { values: { path: "" } });
      for (const [key, part] of Object.entries(operation.value)) {
        if (key !== "id") applyGroupPath(changes, op, key, part);
      }
    } else {
      applyGroupPath(changes, op, operation.path, operation.value);
    }
  }
  return changes;
}

/** A whole Group resource (POST, PUT): its name, external id and members. */
export function groupOfResource(body: Record<string, unknown>): {
  displayName: string;
  externalId: string | null;
  members: string[] | undefined;
} {
  return {
    displayName: textOf(body.displayName, "displayName", MAX_NAME),
    externalId:
      body.externalId === undefined || body.externalId === null
        ? null
        : textOf(body.externalId, "externalId", MAX_EXTERNAL_ID),
    members: body.members === undefined || body.members === null ? undefined : memberIdsOf(body.members),
  };
}
