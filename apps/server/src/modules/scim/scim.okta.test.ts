/**
 * A provisioning run as Okta sends it: the requests of Okta's SCIM 2.0 test flow (connectivity,
 * get by filter, create, get, replace with PUT, deactivate and reactivate with a value-only
 * PATCH, group push: create, rename with the id in the value, members added and removed by a
 * `members[value eq "…"]` path, delete). Each step asserts the status and the body.
 */
import { describe, expect, it } from "vitest";
import { buildTestApp, startedForSuite } from "../../test/app.ts";
import { DEFAULT_USER_PASSWORD } from "../../test/factories.ts";
import { buildProvisionedCompany, GROUP_SCHEMA, LIST_RESPONSE, PATCH_OP, USER_SCHEMA } from "./scim.test-kit.ts";

const OKTA_USER = {
  schemas: [USER_SCHEMA],
  userName: "test.user@okta.example",
  name: { givenName: "Test", familyName: "User" },
  emails: [{ primary: true, value: "test.user@okta.example", type: "work" }],
  displayName: "Test User",
  locale: "en-US",
  externalId: "00ujl29u0le5T6Aj10h7",
  groups: [],
  password: "1mz050nq",
  active: true,
};

describe("an Okta provisioning run", () => {
  const app = startedForSuite(() => buildTestApp());
  let world: Awaited<ReturnType<typeof buildProvisionedCompany>>;
  let userId: string;
  let groupId: string;

  it("GET /Users?count=1&startIndex=1: the connectivity test lists the company's admin", async () => {
    world = await buildProvisionedCompany(app, "Initech");
    const answer = await world.scim.get("/Users?count=1&startIndex=1");
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ schemas: [LIST_RESPONSE], totalResults: 1, startIndex: 1, itemsPerPage: 1 });
    expect(answer.body.Resources[0].userName).toBe(world.admin.email);
  });

  it('GET /Users?filter=userName eq "test.user@okta.example": not there yet', async () => {
    const filter = encodeURIComponent('userName eq "test.user@okta.example"');
    const answer = await world.scim.get(`/Users?filter=${filter}&startIndex=1&count=100`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ totalResults: 0, Resources: [] });
  });

  it("POST /Users: creates the person (the password Okta sends is not kept)", async () => {
    const answer = await world.scim.post("/Users", OKTA_USER);
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      userName: "test.user@okta.example",
      externalId: "00ujl29u0le5T6Aj10h7",
      name: { givenName: "Test", familyName: "User" },
      displayName: "Test User",
      active: true,
    });
    expect(answer.body).not.toHaveProperty("password");
    userId = answer.body.id;
    // Neither Okta's password nor any other signs in: they use SSO or "Forgot password".
    for (const password of ["1mz050nq", DEFAULT_USER_PASSWORD, ""]) {
      const login = await app.client.post("/api/auth/login/", { email: "test.user@okta.example", password });
      expect(login.statusCode).not.toBe(200);
    }
  });

  it("GET /Users/{id} and by filter (any case): the person", async () => {
    expect((await world.scim.get(`/Users/${userId}`)).body).toMatchObject({ id: userId, active: true });
    const filter = encodeURIComponent('userName eq "TEST.USER@okta.example"');
    const answer = await world.scim.get(`/Users?filter=${filter}`);
    expect(answer.body.totalResults).toBe(1);
    expect(answer.body.Resources[0].id).toBe(userId);
  });

  it('GET /Users?filter=externalId eq "…": the person', async () => {
    const answer = await world.scim.get(`/Users?filter=${encodeURIComponent('externalId eq "00ujl29u0le5T6Aj10h7"')}`);
    expect(answer.body.totalResults).toBe(1);
  });

  it("PUT /Users/{id}: the profile update replaces the names", async () => {
    const answer = await world.scim.put(`/Users/${userId}`, {
      ...OKTA_USER,
      id: userId,
      name: { givenName: "Another", familyName: "User" },
      displayName: "Another User",
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      name: { givenName: "Another", familyName: "User" },
      displayName: "Another User",
    });
  });

  it('PATCH {"op":"replace","value":{"active":false}}: deactivated', async () => {
    const answer = await world.scim.patch(`/Users/${userId}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: "replace", value: { active: false } }],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.active).toBe(false);
  });

  it('PATCH {"op":"replace","value":{"active":true}}: reactivated', async () => {
    const answer = await world.scim.patch(`/Users/${userId}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: "replace", value: { active: true } }],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.active).toBe(true);
  });

  it("POST /Groups: group push creates the team", async () => {
    const answer = await world.scim.post("/Groups", {
      schemas: [GROUP_SCHEMA],
      displayName: "Test SCIMv2",
      members: [],
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ displayName: "Test SCIMv2", members: [] });
    groupId = answer.body.id;
  });

  it("GET /Groups?startIndex=1&count=100 and by displayName: the company's teams", async () => {
    const all = await world.scim.get("/Groups?startIndex=1&count=100");
    expect(all.body.Resources.map((group: { displayName: string }) => group.displayName)).toEqual([
      "Everyone",
      "Test SCIMv2",
    ]);
    const filter = encodeURIComponent('displayName eq "test scimv2"');
    expect((await world.scim.get(`/Groups?filter=${filter}`)).body.Resources[0].id).toBe(groupId);
  });

  it("PATCH a value with the id and a new displayName: renamed", async () => {
    const answer = await world.scim.patch(`/Groups/${groupId}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: "replace", value: { id: groupId, displayName: "Test SCIMv2 renamed" } }],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.displayName).toBe("Test SCIMv2 renamed");
  });

  it("PATCH add members: the person joins", async () => {
    const answer = await world.scim.patch(`/Groups/${groupId}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: "add", path: "members", value: [{ value: userId, display: "test.user@okta.example" }] }],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.members).toEqual([expect.objectContaining({ value: userId })]);
  });

  it('PATCH remove members[value eq "…"]: the person leaves', async () => {
    const answer = await world.scim.patch(`/Groups/${groupId}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: "remove", path: `members[value eq "${userId}"]` }],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.members).toEqual([]);
  });

  it("PATCH replace members: the list becomes exactly the one given", async () => {
    const answer = await world.scim.patch(`/Groups/${groupId}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: "replace", path: "members", value: [{ value: userId }, { value: world.admin.id }] }],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.members.map((member: { value: string }) => member.value).sort()).toEqual(
      [userId, world.admin.id].sort(),
    );
  });

  it("DELETE /Groups/{id}: 204; its members keep their other team", async () => {
    expect((await world.scim.delete(`/Groups/${groupId}`)).status).toBe(204);
    const person = await world.scim.get(`/Users/${userId}`);
    expect(person.body.groups.map((group: { display: string }) => group.display)).toEqual(["Everyone"]);
  });

  it("the person shows in the company's users list, as an active employee", async () => {
    const list = await app.client.get("/api/company/users/?q=okta.example", { token: world.admin.token });
    expect(list.statusCode).toBe(200);
    expect(list.json().users).toEqual([
      expect.objectContaining({ email: "test.user@okta.example", role: "employee", is_active: true }),
    ]);
  });
});
