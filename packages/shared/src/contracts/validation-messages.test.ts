import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  LoginRequestSchema,
  PasswordResetRequestSchema,
  RegistrationRequestSchema,
  VerifyEmailRequestSchema,
} from "./auth.ts";
import { AssociateCompanyRequestSchema, CreateCompanyRequestSchema, InvitedMemberSchema } from "./companies.ts";

function firstMessage(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

const registration = { email: "a@b.co", password: "longenough", first_name: "F", last_name: "L" };
const member = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", role: "employee", isAdmin: false };
const company = {
  name: "Acme",
  password: "secret",
  adminId: "u1",
  creatorRole: "manager",
  teams: [{ name: "Product", invitedMembers: [] }],
};

describe("validation messages, word for word as the forms show them", () => {
  it.each([
    ["login: email missing", LoginRequestSchema, { password: "x" }, "Email is required"],
    ["login: email empty", LoginRequestSchema, { email: "", password: "x" }, "Email is required"],
    [
      "login: email invalid",
      LoginRequestSchema,
      { email: "nope", password: "x" },
      "Please enter a valid email address",
    ],
    ["login: password missing", LoginRequestSchema, { email: "a@b.co", password: "" }, "Password is required"],
    ["sign-up: first name", RegistrationRequestSchema, { ...registration, first_name: " " }, "First name is required"],
    ["sign-up: last name", RegistrationRequestSchema, { ...registration, last_name: "" }, "Last name is required"],
    ["sign-up: email invalid", RegistrationRequestSchema, { ...registration, email: "a@b" }, "Email is invalid"],
    [
      "sign-up: password short",
      RegistrationRequestSchema,
      { ...registration, password: "short" },
      "Password must be at least 8 characters",
    ],
    [
      "sign-up: password missing",
      RegistrationRequestSchema,
      { email: "a@b.co", first_name: "F", last_name: "L" },
      "Password is required",
    ],
    ["code missing", VerifyEmailRequestSchema, { email: "a@b.co", code: "" }, "Verification code is required"],
    ["code format", VerifyEmailRequestSchema, { email: "a@b.co", code: "12a456" }, "Code must be 6 digits"],
    ["code length", VerifyEmailRequestSchema, { email: "a@b.co", code: "1234567" }, "Code must be 6 digits"],
    ["reset: empty email", PasswordResetRequestSchema, { email: "" }, "Please enter your email address"],
    [
      "create: no name",
      CreateCompanyRequestSchema,
      { ...company, name: "" },
      "Company name and password are required when creating a new company.",
    ],
    [
      "create: no password",
      CreateCompanyRequestSchema,
      { ...company, password: "" },
      "Company name and password are required when creating a new company.",
    ],
    [
      "create: no team",
      CreateCompanyRequestSchema,
      { ...company, teams: [] },
      "Please define at least one team for the new company.",
    ],
    [
      "create: empty team name",
      CreateCompanyRequestSchema,
      { ...company, teams: [{ name: " ", invitedMembers: [] }] },
      "Please enter a team name.",
    ],
    [
      "create: duplicate team",
      CreateCompanyRequestSchema,
      {
        ...company,
        teams: [
          { name: "Ops", invitedMembers: [] },
          { name: "ops", invitedMembers: [] },
        ],
      },
      'Team "Ops" already exists.',
    ],
    [
      "join: no team",
      AssociateCompanyRequestSchema,
      { userId: "u", companyName: "Acme", displayName: "A", team: "", role: "employee", requesting_admin: false },
      "Please select a team to join.",
    ],
    [
      "invite: missing names",
      InvitedMemberSchema,
      { ...member, firstName: "" },
      "First name, last name, and email are required.",
    ],
    ["invite: bad email", InvitedMemberSchema, { ...member, email: "ada@" }, "Please enter a valid email address."],
    [
      "invite: duplicate, any case",
      CreateCompanyRequestSchema,
      { ...company, teams: [{ name: "P", invitedMembers: [member, { ...member, email: "ADA@example.com" }] }] },
      "This email address has already been invited to this team.",
    ],
  ] as const)("%s", (_name, schema, value, expected) => {
    expect(firstMessage(schema, value)).toBe(expected);
  });

  it("accepts valid payloads and trims text", () => {
    expect(LoginRequestSchema.parse({ email: " a@b.co ", password: "x" }).email).toBe("a@b.co");
    expect(CreateCompanyRequestSchema.safeParse(company).success).toBe(true);
  });
});
