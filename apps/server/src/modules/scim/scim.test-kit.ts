import { CreateScimTokenResponseSchema } from "@ideaport/shared";
import { expect } from "vitest";
import type { TestApp } from "../../test/app.ts";
import { buildCompany, buildPerson, buildTeam } from "../../test/factories.ts";

/** A company with its default team and an admin who has made a SCIM token through the API. */
export async function buildProvisionedCompany(app: TestApp, name = "Acme") {
  const company = await buildCompany(app.db, { name: `${name} ${Math.random().toString(36).slice(2, 8)}` });
  const defaultTeam = await buildTeam(app.db, { companyId: company.id, name: "Everyone" });
  const admin = await buildPerson(app, { teamId: defaultTeam.id, role: "admin", isAdmin: true });
  const created = await app.client.post("/api/company/scim-tokens/", { name: `${name} IdP` }, { token: admin.token });
  expect(created.statusCode, created.body).toBe(200);
  const { id, token } = CreateScimTokenResponseSchema.parse(created.json());
  return { company, defaultTeam, admin, tokenId: id, token, scim: scimClient(app, token) };
}

/** SCIM requests as an identity provider sends them: bearer token, `application/scim+json`, no CSRF token. */
export function scimClient(app: TestApp, token: string | null) {
  async function send(method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", path: string, body?: unknown) {
    const response = await app.app.inject({
      method,
      url: `/scim/v2${path}`,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { "content-type": "application/scim+json" }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    const text = response.body;
    return {
      status: response.statusCode,
      headers: response.headers,
      // Every answer with a body is SCIM JSON, read by the tests as loosely as an identity provider does.
      // biome-ignore lint/suspicious/noExplicitAny: the steps assert the shapes themselves
      body: (text ? JSON.parse(text) : null) as Record<string, any>,
    };
  }
  return {
    get: (path: string) => send("GET", path),
    post: (path: string, body: unknown) => send("POST", path, body),
    put: (path: string, body: unknown) => send("PUT", path, body),
    patch: (path: string, body: unknown) => send("PATCH", path, body),
    delete: (path: string) => send("DELETE", path),
  };
}

export type ScimClient = ReturnType<typeof scimClient>;

export const PATCH_OP = "urn:ietf:params:scim:api:messages:2.0:PatchOp";
export const USER_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:User";
export const GROUP_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:Group";
export const ERROR_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:Error";
export const LIST_RESPONSE = "urn:ietf:params:scim:api:messages:2.0:ListResponse";
