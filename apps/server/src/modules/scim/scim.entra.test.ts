/**
 * A provisioning run as Microsoft Entra ID sends it: the requests of its documented SCIM test flow
 * (create, get, get by filter, patch the e-mail and names, disable, group create, rename, members
 * added and removed, delete), with Entra's own spellings: ops in capitals ("Replace", "Add",
 * "Remove"), `"active": "False"` as a string, `emails[type eq "work"].value` paths, a userName that
 * is no e-mail address (the UPN). Each step reads as request → answer.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { teamMemberships, users } from "../../db/schema/index.ts";
import { buildTestApp, startedForSuite } from "../../test/app.ts";
import { listAudit } from "../audit/audit.service.ts";
import {
  buildProvisionedCompany,
  ERROR_SCHEMA,
  GROUP_SCHEMA,
  LIST_RESPONSE,
  PATCH_OP,
  USER_SCHEMA,
} from "./scim.test-kit.ts";

const ENTERPRISE_USER = "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User";

describe("an Entra ID provisioning run", () => {
  const app = startedForSuite(() => buildTestApp());
  let world: Awaited<ReturnType<typeof buildProvisionedCompany>>;
  let userId: string;
  let groupId: string;

  it("connects: Entra reads the service provider's configuration", async () => {
    world = await buildProvisionedCompany(app, "Contoso");
    const answer = await world.scim.get("/ServiceProviderConfig");
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toContain("application/scim+json");
    expect(answer.body).toMatchObject({ patch: { supported: true }, filter: { supported: true } });
  });

  it("POST /Users: creates Ada, whose userName is her UPN and whose work e-mail is her sign-in address", async () => {
    const answer = await world.scim.post("/Users", {
      schemas: [USER_SCHEMA, ENTERPRISE_USER],
      externalId: "0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef",
      userName: "Test_User_ab6490ee-1e48-479e-a20b-2d77186b5dd1",
      active: true,
      emails: [{ primary: true, type: "work", value: "ada.lovelace@contoso.example" }],
      meta: { resourceType: "User" },
      name: { formatted: "Ada Lovelace", familyName: "Lovelace", givenName: "Ada" },
      roles: [],
      [ENTERPRISE_USER]: { department: "Engineering" },
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      schemas: [USER_SCHEMA],
      externalId: "0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef",
      userName: "Test_User_ab6490ee-1e48-479e-a20b-2d77186b5dd1",
      name: { givenName: "Ada", familyName: "Lovelace" },
      displayName: "Ada Lovelace",
      emails: [{ value: "ada.lovelace@contoso.example", type: "work", primary: true }],
      active: true,
      groups: [{ value: world.defaultTeam.id, display: "Everyone" }],
      meta: { resourceType: "User" },
    });
    userId = answer.body.id;
    expect(answer.headers.location).toBe(answer.body.meta.location);
  });

  it("POST /Users again with the same userName: 409 uniqueness", async () => {
    const answer = await world.scim.post("/Users", {
      schemas: [USER_SCHEMA],
      userName: "test_user_AB6490EE-1e48-479e-a20b-2d77186b5dd1",
      emails: [{ primary: true, type: "work", value: "someone.else@contoso.example" }],
    });
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({
      schemas: [ERROR_SCHEMA],
      status: "409",
      scimType: "uniqueness",
      detail: "The userName is already taken: another person or team has it.",
    });
  });

  it("GET /Users/{id}: answers Ada", async () => {
    const answer = await world.scim.get(`/Users/${userId}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: userId, userName: "Test_User_ab6490ee-1e48-479e-a20b-2d77186b5dd1" });
  });

  it('GET /Users?filter=userName eq "…": one result in a ListResponse', async () => {
    const filter = encodeURIComponent('userName eq "Test_User_ab6490ee-1e48-479e-a20b-2d77186b5dd1"');
    const answer = await world.scim.get(`/Users?filter=${filter}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ schemas: [LIST_RESPONSE], totalResults: 1, startIndex: 1, itemsPerPage: 1 });
    expect(answer.body.Resources[0].id).toBe(userId);
  });

  it('GET /Users?filter=userName eq "non-existent user": zero results', async () => {
    const answer = await world.scim.get(`/Users?filter=${encodeURIComponent('userName eq "non-existent user"')}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      schemas: [LIST_RESPONSE],
      totalResults: 0,
      startIndex: 1,
      itemsPerPage: 0,
      Resources: [],
    });
  });

  it('PATCH "Replace" emails[type eq "work"].value and name.familyName: her address and name change', async () => {
    const answer = await world.scim.patch(`/Users/${userId}`, {
      schemas: [PATCH_OP],
      Operations: [
        { op: "Replace", path: 'emails[type eq "work"].value', value: "ada.king@contoso.example" },
        { op: "Replace", path: "name.familyName", value: "King" },
      ],
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      userName: "Test_User_ab6490ee-1e48-479e-a20b-2d77186b5dd1",
      name: { givenName: "Ada", familyName: "King" },
      displayName: "Ada King",
      emails: [{ value: "ada.king@contoso.example", type: "work", primary: true }],
    });
  });

  it('PATCH "Replace" userName: the UPN changes, the sign-in address stays', async () => {
    const answer = await world.scim.patch(`/Users/${userId}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: "Replace", path: "userName", value: "ada@contoso.onmicrosoft.example" }],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.userName).toBe("ada@contoso.onmicrosoft.example");
    expect(answer.body.emails[0].value).toBe("ada.king@contoso.example");
  });

  it('PATCH "Add" externalId under the schema\'s URN: accepted', async () => {
    const answer = await world.scim.patch(`/Users/${userId}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: "Add", path: `${USER_SCHEMA}:externalId`, value: "ada-object-id" }],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.externalId).toBe("ada-object-id");
  });

  it("POST /Groups: creates the team", async () => {
    const answer = await world.scim.post("/Groups", {
      schemas: [GROUP_SCHEMA, "http://schemas.microsoft.com/2006/11/ResourceManagement/ADSCIM/2.0/Group"],
      externalId: "8aa1a0c0-c4c3-4bc0-b4a5-2ef676900159",
      displayName: "Research",
      meta: { resourceType: "Group" },
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      schemas: [GROUP_SCHEMA],
      displayName: "Research",
      externalId: "8aa1a0c0-c4c3-4bc0-b4a5-2ef676900159",
      members: [],
      meta: { resourceType: "Group" },
    });
    groupId = answer.body.id;
  });

  it('GET /Groups?excludedAttributes=members&filter=displayName eq "Research": found, without members', async () => {
    const filter = encodeURIComponent('displayName eq "Research"');
    const answer = await world.scim.get(`/Groups?excludedAttributes=members&filter=${filter}`);
    expect(answer.status).toBe(200);
    expect(answer.body.totalResults).toBe(1);
    expect(answer.body.Resources[0]).toMatchObject({ id: groupId, displayName: "Research" });
    expect(answer.body.Resources[0]).not.toHaveProperty("members");
  });

  it('PATCH "Replace" displayName: the team is renamed', async () => {
    const answer = await world.scim.patch(`/Groups/${groupId}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: "Replace", path: "displayName", value: "Research & Development" }],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.displayName).toBe("Research & Development");
  });

  it('PATCH "Add" members: Ada joins the team', async () => {
    const answer = await world.scim.patch(`/Groups/${groupId}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: "Add", path: "members", value: [{ $ref: null, value: userId }] }],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.members).toEqual([expect.objectContaining({ value: userId, display: "Ada King" })]);
    const ada = await world.scim.get(`/Users/${userId}`);
    expect(ada.body.groups.map((group: { display: string }) => group.display).sort()).toEqual([
      "Everyone",
      "Research & Development",
    ]);
  });

  it('PATCH "Remove" members with a value list: Ada leaves the team', async () => {
    const answer = await world.scim.patch(`/Groups/${groupId}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: "Remove", path: "members", value: [{ $ref: null, value: userId }] }],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.members).toEqual([]);
  });

  it('PATCH "Replace" active "False" (a string): Ada is deactivated and her sessions end', async () => {
    const signedIn = await app.tokenFor({ id: userId, companyId: world.company.id });
    expect((await app.client.get("/api/users/current/", { token: signedIn })).statusCode).toBe(200);

    const answer = await world.scim.patch(`/Users/${userId}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: "Replace", path: "active", value: "False" }],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.active).toBe(false);
    expect((await app.client.get("/api/users/current/", { token: signedIn })).statusCode).toBe(401);
  });

  it("DELETE /Groups/{id}: 204, and the team is gone", async () => {
    expect((await world.scim.delete(`/Groups/${groupId}`)).status).toBe(204);
    const answer = await world.scim.get(`/Groups/${groupId}`);
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ schemas: [ERROR_SCHEMA], status: "404" });
  });

  it("DELETE /Users/{id}: 204; SCIM finds her no more, and she stays deactivated in the company", async () => {
    expect((await world.scim.delete(`/Users/${userId}`)).status).toBe(204);
    expect((await world.scim.get(`/Users/${userId}`)).status).toBe(404);
    const [row] = await app.db.select().from(users).where(eq(users.id, userId));
    expect(row).toMatchObject({ isActive: false, companyId: world.company.id });
    const membership = await app.db
      .select()
      .from(teamMemberships)
      .where(and(eq(teamMemberships.userId, userId), eq(teamMemberships.teamId, world.defaultTeam.id)));
    expect(membership).toHaveLength(1);
  });

  it("the audit log tells the run, each entry by the token", async () => {
    const entries = await listAudit(app.db, world.company.id, 100);
    const scimEntries = entries.filter((entry) => entry.action.startsWith("scim.")).reverse();
    expect(scimEntries.map((entry) => entry.action)).toEqual([
      "scim.token_created",
      "scim.user_provisioned",
      "scim.user_updated",
      "scim.user_updated",
      "scim.user_updated",
      "scim.group_created",
      "scim.group_renamed",
      "scim.group_changed",
      "scim.group_changed",
      "scim.user_deprovisioned",
      "scim.group_deleted",
      "scim.user_deprovisioned",
    ]);
    for (const entry of scimEntries.slice(1)) {
      expect(entry.actorId).toBeNull();
      expect(entry.details.scim_token).toEqual({ id: world.tokenId, name: "Contoso IdP" });
    }
  });
});
