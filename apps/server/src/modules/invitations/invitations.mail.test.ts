/**
 * The journeys of issue 3 end to end over real SMTP: sign up by e-mail, create or join a
 * company, and invitations arriving in the invitee's mailbox with a link that works.
 */
import { describe, expect, it } from "vitest";
import { type TestClient, testAppPerTest } from "../../test/app.ts";
import { mailPeerPerFile } from "../../test/mail-peer.ts";
import { buildCompanyWithAdmin } from "../companies/test-kit.ts";

const APP_URL = "http://ideas.example.test";

const peer = mailPeerPerFile();
const testApps = testAppPerTest();
let sequence = 0;

function start() {
  return testApps.start({ env: { SMTP_URL: peer.url, APP_URL } });
}

function uniqueEmail(name: string) {
  sequence += 1;
  return `${name}-${sequence}-${Date.now()}@example.com`;
}

/** Signs up through the real endpoints, reading the code from the e-mail; the client keeps the proof cookie. */
async function signUpByEmail(client: TestClient, email: string): Promise<string> {
  const requested = await client.post("/api/request-verification-code/", {
    email,
    password: "Sunshine-2026",
    first_name: "Cora",
    last_name: "Creator",
  });
  expect(requested.statusCode).toBe(200);
  const code = /\b(\d{6})\b/.exec((await peer.waitForMail(email)).text)?.[1];
  const verified = await client.post("/api/verify-email-register/", { email, code });
  expect(verified.statusCode).toBe(200);
  return verified.json().userId;
}

/** The token of the invitation link in a received e-mail, checking text and HTML carry the same link. */
function linkTokenOf(mail: { text: string; html: string | null }): string {
  const escapedUrl = APP_URL.replaceAll(".", "\\.");
  const match = new RegExp(`${escapedUrl}/accept-invitation/([\\w-]{43})`).exec(mail.text);
  expect(match, mail.text).not.toBeNull();
  expect(mail.html).toContain(`${APP_URL}/accept-invitation/${match![1]}`);
  return match![1]!;
}

describe("invitation e-mails", () => {
  it("reach the members invited when a company is created, with a link that signs them in", async () => {
    const app = await start();
    const creatorEmail = uniqueEmail("creator");
    const inviteeEmail = uniqueEmail("invitee");
    const userId = await signUpByEmail(app.client, creatorEmail);

    const created = await app.client.post("/api/create-company/", {
      name: `Hooli ${sequence}`,
      password: "JoinHooli1",
      adminId: userId,
      teams: [
        { name: "Core", invitedMembers: [] },
        {
          name: "Labs",
          invitedMembers: [
            { firstName: "Ivy", lastName: "Invitee", email: inviteeEmail, role: "manager", isAdmin: false },
          ],
        },
      ],
      creatorRole: "employee",
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ success: true, message: "Company created.", is_admin: true });

    const mail = await peer.waitForMail(inviteeEmail);
    expect(mail.subject).toBe(`You're invited to join Hooli ${sequence} on Ideaport`);
    expect(mail.text).toContain(
      `Cora Creator invited you to join the team "Labs" at Hooli ${sequence} on Ideaport, as its manager.`,
    );
    expect(mail.html).toContain("on Ideaport, as its manager.</p>");
    const token = linkTokenOf(mail);

    const details = await app.client.get(`/api/invitations/${token}/`);
    expect(details.json()).toMatchObject({ team_name: "Labs", email: inviteeEmail, role: "manager" });
    const accepted = await app.client.post(`/api/invitations/${token}/accept/`, {
      first_name: "Ivy",
      last_name: "Invitee",
      password: "Password123!",
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().user).toMatchObject({
      email: inviteeEmail,
      role: "manager",
      team: [{ name: "Labs", is_manager: true }],
    });
  });

  it("reach people invited later from Team Settings", async () => {
    const app = await start();
    const { team, admin } = await buildCompanyWithAdmin(app.db, { name: `Pied Piper ${sequence}` });
    const inviteeEmail = uniqueEmail("later");
    const invited = await app.client.post(
      `/api/teams/${team.id}/invitations/`,
      { firstName: "Lou", lastName: "Later", email: inviteeEmail, role: "employee", isAdmin: true },
      { token: await app.tokenFor(admin) },
    );
    expect(invited.statusCode).toBe(200);

    const mail = await peer.waitForMail(inviteeEmail);
    // The rights given are said before the person accepts.
    expect(mail.text).toMatch(
      /to join the team "[^"]+" at Pied Piper \d+ on Ideaport, as a member, with administrator rights\./,
    );
    const token = linkTokenOf(mail);
    const accepted = await app.client.post(`/api/invitations/${token}/accept/`, {
      first_name: "Lou",
      last_name: "Later",
      password: "Password123!",
    });
    expect(accepted.json()).toMatchObject({ is_admin: true, role: "employee", company_id: team.companyId });
  });
});

describe("joining with the company password after signing up by e-mail", () => {
  it("associates the new account with the chosen team and signs it in", async () => {
    const app = await start();
    const { company, team } = await buildCompanyWithAdmin(app.db);
    const userId = await signUpByEmail(app.client, uniqueEmail("joiner"));
    expect(
      (await app.client.post("/api/verify-company/", { companyName: company.name, companyPassword: company.password }))
        .statusCode,
    ).toBe(200);
    const joined = await app.client.post("/api/associate-company/", {
      userId,
      companyName: company.name,
      displayName: "Cora C.",
      team: team.id,
      role: "employee",
      requesting_admin: false,
    });
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toMatchObject({ success: true, userId, company_id: company.id, displayName: "Cora C." });
  });
});
