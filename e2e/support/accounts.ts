import { randomBytes } from "node:crypto";
import { type APIRequestContext, type APIResponse, expect, request as playwrightRequest } from "@playwright/test";
import { E2E_PORT } from "./environment.ts";
import { verificationCodeOf, waitForMail } from "./mailbox.ts";

/** Company join password of the seeded demo company (apps/server/src/seed/demo.ts). */
export const DEMO_COMPANY = { name: "Acme Corp", password: "AcmeJoin123!" } as const;

/** A person who does not exist yet, with an address no other test (or run) uses. */
export interface NewPerson {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  displayName: string;
}

/** A fresh person: `label` keeps the address readable in the mail file, the suffix keeps it unique. */
export function newPerson(label: string, firstName = "Casey"): NewPerson {
  const suffix = `${Date.now().toString(36)}${randomBytes(3).toString("hex")}`;
  const lastName = `Tester${suffix.slice(-4).toUpperCase()}`;
  return {
    firstName,
    lastName,
    email: `${label}-${suffix}@e2e.example`,
    password: `Pw-${suffix}!`,
    displayName: `${firstName} ${lastName}`,
  };
}

/** An API session that behaves like the web client: cookies kept, the CSRF header on every POST. */
export class ApiSession {
  private bearer: Record<string, string> = {};
  /** The signed-in person's id (after `signIn`). */
  userId = "";

  private constructor(
    private readonly context: APIRequestContext,
    private readonly csrfToken: string,
  ) {}

  /** A session of the suite's server, or of the server at `baseUrl`. */
  static async open(baseUrl = `http://localhost:${E2E_PORT}`): Promise<ApiSession> {
    const context = await playwrightRequest.newContext({ baseURL: baseUrl });
    const answer = await context.get("/api/csrf-token/");
    expect(answer.ok()).toBe(true);
    const { csrfToken } = (await answer.json()) as { csrfToken: string };
    return new ApiSession(context, csrfToken);
  }

  /** A session signed in as `email`: every later call carries its access token. */
  static async signIn(email: string, password: string, baseUrl?: string): Promise<ApiSession> {
    const session = await ApiSession.open(baseUrl);
    const { access, userId } = await session.post<{ access: string; userId: string }>("/api/auth/login/", {
      email,
      password,
    });
    session.bearer = { Authorization: `Bearer ${access}` };
    session.userId = userId;
    return session;
  }

  async post<T>(path: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
    const answer = await this.context.post(path, {
      data: body,
      headers: { "X-CSRFToken": this.csrfToken, ...this.bearer, ...headers },
    });
    const text = await answer.text();
    if (!answer.ok()) throw new Error(`POST ${path} answered ${answer.status()}: ${text}`);
    return JSON.parse(text) as T;
  }

  /** A POST as it is answered, whatever its status: the status and the JSON body. */
  async postRaw(path: string, body: unknown): Promise<{ status: number; body: { code?: string; error?: string } }> {
    const answer = await this.context.post(path, {
      data: body,
      headers: { "X-CSRFToken": this.csrfToken, ...this.bearer },
    });
    return { status: answer.status(), body: (await answer.json()) as { code?: string; error?: string } };
  }

  async patch<T>(path: string, body: unknown): Promise<T> {
    const answer = await this.context.patch(path, {
      data: body,
      headers: { "X-CSRFToken": this.csrfToken, ...this.bearer },
    });
    const text = await answer.text();
    if (!answer.ok()) throw new Error(`PATCH ${path} answered ${answer.status()}: ${text}`);
    return JSON.parse(text) as T;
  }

  async put<T>(path: string, body: unknown): Promise<T> {
    const answer = await this.context.put(path, {
      data: body,
      headers: { "X-CSRFToken": this.csrfToken, ...this.bearer },
    });
    const text = await answer.text();
    if (!answer.ok()) throw new Error(`PUT ${path} answered ${answer.status()}: ${text}`);
    return JSON.parse(text) as T;
  }

  /** A GET as it is answered, whatever its status. */
  get(path: string): Promise<APIResponse> {
    return this.context.get(path, { headers: this.bearer });
  }

  dispose(): Promise<void> {
    return this.context.dispose();
  }
}

/** Sign-up through the API, code read from the mail: the account exists and has no company yet. */
export async function registerThroughApi(person: NewPerson): Promise<{ userId: string }> {
  const session = await ApiSession.open();
  try {
    return await registerWith(session, person);
  } finally {
    await session.dispose();
  }
}

/** Sign-up, then joining the demo company as an employee of `teamName`, all through the API. */
export function createDemoEmployeeThroughApi(person: NewPerson, teamName = "Engineering"): Promise<void> {
  return createEmployeeThroughApi(person, DEMO_COMPANY, teamName);
}

/** A new person, signed up and joined to the demo company as an employee of `teamName`, through the API. */
export async function newDemoEmployee(label: string, firstName?: string, teamName = "Engineering"): Promise<NewPerson> {
  const person = newPerson(label, firstName);
  await createDemoEmployeeThroughApi(person, teamName);
  return person;
}

/** Sign-up, then joining `company` (its name and join password) as an employee of `teamName`, all through the API. */
export function createEmployeeThroughApi(
  person: NewPerson,
  company: { name: string; password: string },
  teamName: string,
): Promise<void> {
  return joinThroughApi(person, company, teamName, "employee");
}

/**
 * Sign-up, joining the demo company asking to manage `teamName`, and the demo administrator
 * (`admin`) approving it from their notifications, all through the API.
 */
export async function createDemoManagerThroughApi(
  person: NewPerson,
  teamName: string,
  admin: { email: string; password: string },
): Promise<void> {
  await joinThroughApi(person, DEMO_COMPANY, teamName, "manager");
  const session = await ApiSession.signIn(admin.email, admin.password);
  try {
    const answer = await session.get(`/api/notifications/${session.userId}/`);
    const { notifications } = (await answer.json()) as {
      notifications: Array<{
        related_request_id: string | null;
        request_kind: string | null;
        actor_name: string | null;
      }>;
    };
    const request = notifications.find(
      (item) => item.request_kind === "manager" && item.actor_name === person.displayName,
    );
    if (!request) throw new Error(`no request of ${person.displayName} in the admin's notifications`);
    await session.post("/api/admin-request-response/", {
      requestId: request.related_request_id,
      adminId: session.userId,
      approved: true,
    });
  } finally {
    await session.dispose();
  }
}

async function joinThroughApi(
  person: NewPerson,
  company: { name: string; password: string },
  teamName: string,
  role: "employee" | "manager",
): Promise<void> {
  const session = await ApiSession.open();
  try {
    const { userId } = await registerWith(session, person);
    const { teams } = await session.post<{ teams: Array<{ id: string; name: string }> }>("/api/verify-company/", {
      companyName: company.name,
      companyPassword: company.password,
    });
    const team = teams.find((candidate) => candidate.name === teamName);
    if (!team) throw new Error(`${company.name} has no team ${teamName}`);
    await session.post("/api/associate-company/", {
      userId,
      companyName: company.name,
      displayName: person.displayName,
      team: team.id,
      role,
      requesting_admin: false,
    });
  } finally {
    await session.dispose();
  }
}

/** The join password `createCompanyAdminThroughApi` gives the company it creates. */
export const companyPasswordOf = (companyName: string) => `Join-${companyName}`;

/** Sign-up, then creating a new company with one team, all through the API: the person is its administrator and the team's manager. */
export async function createCompanyAdminThroughApi(person: NewPerson, companyName: string): Promise<void> {
  const session = await ApiSession.open();
  try {
    const { userId } = await registerWith(session, person);
    await session.post("/api/create-company/", {
      name: companyName,
      password: companyPasswordOf(companyName),
      adminId: userId,
      teams: [{ name: "Operations", invitedMembers: [] }],
      creatorRole: "manager",
    });
  } finally {
    await session.dispose();
  }
}

/**
 * Marks a person's onboarding tours done through the API, so that no tour covers the pages a
 * journey tests (tests/tours.spec.ts runs the tours themselves).
 */
export async function finishToursThroughApi(email: string, password: string): Promise<void> {
  const session = await ApiSession.signIn(email, password);
  try {
    await session.post("/api/user/update-onboarding-status/", { onboarding_status: "admin_overlay_completed" });
  } finally {
    await session.dispose();
  }
}

async function registerWith(session: ApiSession, person: NewPerson): Promise<{ userId: string }> {
  await session.post("/api/request-verification-code/", {
    email: person.email,
    password: person.password,
    first_name: person.firstName,
    last_name: person.lastName,
  });
  const code = verificationCodeOf(await waitForMail(person.email, /verification code/));
  return session.post<{ userId: string }>("/api/verify-email-register/", { email: person.email, code });
}
