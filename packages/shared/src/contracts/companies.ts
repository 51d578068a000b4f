import { z } from "zod";
import { defineEndpoint } from "../api/contract.ts";
import { schemaIssue, schemaMessage } from "../i18n/schema-messages.ts";
import { VALIDATION_MESSAGES as M } from "../messages.ts";
import { LoginResponseSchema } from "./auth.ts";
import { EMAIL_PATTERN, nameField, partialUpdateSchema, requiredText, SuccessSchema } from "./common.ts";
import { SETTINGS_MESSAGES } from "./settings.ts";
import { TeamNameSchema, TeamSummarySchema } from "./teams.ts";
import { LanguageSchema, MemberRoleSchema, UserSchema } from "./users.ts";

/**
 * A member invited to a team: first name, last name and e-mail required, a plausible address, a role
 * of employee or manager, and whether to grant admin rights.
 */
export const InvitedMemberSchema = z.object({
  firstName: requiredText(M.inviteFieldsRequired, 100),
  lastName: requiredText(M.inviteFieldsRequired, 100),
  email: requiredText(M.inviteFieldsRequired, 254).regex(EMAIL_PATTERN, schemaMessage(M.inviteEmailInvalid)),
  role: MemberRoleSchema,
  isAdmin: z.boolean(),
});
export type InvitedMember = z.infer<typeof InvitedMemberSchema>;

export const NewTeamSchema = z
  .object({ name: TeamNameSchema, invitedMembers: z.array(InvitedMemberSchema).max(200) })
  .superRefine((team, ctx) => {
    const seen = new Set<string>();
    team.invitedMembers.forEach((member, index) => {
      const key = member.email.toLowerCase();
      if (seen.has(key)) {
        ctx.addIssue({
          code: "custom",
          message: schemaMessage(M.inviteAlreadyInvited),
          path: ["invitedMembers", index, "email"],
        });
      }
      seen.add(key);
    });
  });

/** A company's name and join password, when joining or creating it: both required, in the same words. */
const companyName = requiredText(M.companyNameAndPasswordRequired, 100);
const companyNameAndPasswordRequired = schemaMessage(M.companyNameAndPasswordRequired);
const companyPassword = z
  .string({ error: companyNameAndPasswordRequired })
  .min(1, companyNameAndPasswordRequired)
  .max(200);

/**
 * Creating a company: name and join password required, at least one team, team names unique
 * whatever their case, each e-mail invited at most once per team whatever its case.
 */
export const CreateCompanyRequestSchema = z
  .object({
    name: companyName,
    password: companyPassword,
    adminId: z.string().min(1).max(100),
    teams: z.array(NewTeamSchema).min(1, schemaMessage(M.atLeastOneTeam)).max(100),
    creatorRole: MemberRoleSchema,
  })
  .superRefine((company, ctx) => {
    // Each name as first written, by its case-insensitive key: a repeat is refused in those words.
    const seen = new Map<string, string>();
    company.teams.forEach((team, index) => {
      const key = team.name.trim().toLowerCase();
      const first = seen.get(key);
      if (first !== undefined) {
        ctx.addIssue(schemaIssue(M.teamAlreadyExists, { name: first }, ["teams", index, "name"]));
      } else seen.set(key, team.name.trim());
    });
  });
export type CreateCompanyRequest = z.infer<typeof CreateCompanyRequestSchema>;

export const CreateCompanyResponseSchema = LoginResponseSchema.extend({
  success: z.literal(true),
  message: z.string(),
  user: UserSchema,
});

export const VerifyCompanyRequestSchema = z.object({ companyName, companyPassword });
export const CompanyTeamSchema = z.object({ id: z.string(), name: z.string() });
export const VerifyCompanyResponseSchema = SuccessSchema.extend({ teams: z.array(CompanyTeamSchema) });

const teamRequiredToJoin = schemaMessage(M.teamRequiredToJoin);

/** Joining a company after verifying its name and password; `team` is the chosen team's id. */
export const AssociateCompanyRequestSchema = z.object({
  userId: z.string().min(1).max(100),
  companyName,
  displayName: z.string().trim().min(1, schemaMessage(SETTINGS_MESSAGES.displayNameRequired)).max(100),
  team: z.string({ error: teamRequiredToJoin }).min(1, teamRequiredToJoin).max(100),
  role: MemberRoleSchema,
  requesting_admin: z.boolean(),
});
export const AssociateCompanyResponseSchema = LoginResponseSchema.extend({
  success: z.literal(true),
  /** What the joiner should know, when something awaits approval (e.g. the manager role). */
  message: z.string().optional(),
  user: UserSchema,
});

// ---------------------------------------------------------------------------------------------
// Company settings (admins)
// ---------------------------------------------------------------------------------------------

export const CompanyDetailsSchema = z.object({
  id: z.string(),
  name: z.string(),
  member_count: z.number().int(),
  teams: z.array(TeamSummarySchema),
  /** What the company's people read when they have not chosen a language. */
  default_language: LanguageSchema,
});
export type CompanyDetails = z.infer<typeof CompanyDetailsSchema>;

export const CompanyResponseSchema = SuccessSchema.extend({ company: CompanyDetailsSchema });

const companyPasswordRequired = schemaMessage(SETTINGS_MESSAGES.companyPasswordRequired);

/** Renames the company, changes its join password and/or the language its people read by default. */
export const UpdateCompanyRequestSchema = partialUpdateSchema(
  {
    name: nameField(SETTINGS_MESSAGES.companyNameRequired),
    password: z.string({ error: companyPasswordRequired }).min(1, companyPasswordRequired).max(200),
    default_language: LanguageSchema,
  },
  SETTINGS_MESSAGES.nothingToUpdate,
);
export type UpdateCompanyRequest = z.infer<typeof UpdateCompanyRequestSchema>;

/**
 * Joining or creating a company before sign-in ends, and the company's own settings. The join
 * and create calls keep their paths exactly, trailing slash included, because existing clients
 * call them.
 */
export const companiesEndpoints = {
  verifyCompany: defineEndpoint({
    method: "POST",
    path: "/api/verify-company/",
    body: VerifyCompanyRequestSchema,
    response: VerifyCompanyResponseSchema,
    auth: false,
  }),
  associateCompany: defineEndpoint({
    method: "POST",
    path: "/api/associate-company/",
    body: AssociateCompanyRequestSchema,
    response: AssociateCompanyResponseSchema,
    auth: false,
  }),
  createCompany: defineEndpoint({
    method: "POST",
    path: "/api/create-company/",
    body: CreateCompanyRequestSchema,
    response: CreateCompanyResponseSchema,
    auth: false,
  }),
  /** Company settings: admins. */
  company: defineEndpoint({ method: "GET", path: "/api/company/", response: CompanyResponseSchema }),
  updateCompany: defineEndpoint({
    method: "PATCH",
    path: "/api/company/",
    body: UpdateCompanyRequestSchema,
    response: CompanyResponseSchema,
  }),
} as const;
