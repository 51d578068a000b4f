import {
  AssociateCompanyResponseSchema,
  CreateCompanyResponseSchema,
  companiesEndpoints,
  type EndpointResponse,
  type LoginResponse,
  LoginResponseSchema,
} from "@ideaport/shared";

/**
 * `POST /api/create-company/` and `POST /api/associate-company/` as the contract declares them,
 * read leniently: the company exists once the server says so, even if its answer lacks the login
 * fields, and the dialog must then say 'Company created, but failed to log you in automatically.
 * Please log in manually.' instead of failing inside the API client.
 */
export const createCompanyLenient = {
  ...companiesEndpoints.createCompany,
  response: CreateCompanyResponseSchema.partial(),
};
export const associateCompanyLenient = {
  ...companiesEndpoints.associateCompany,
  response: AssociateCompanyResponseSchema.partial(),
};

export type CompanyTeam = EndpointResponse<typeof companiesEndpoints.verifyCompany>["teams"][number];

/** The login fields of a create/join answer, or null when any is missing (no automatic sign-in then). */
export function loginFieldsOf(answer: unknown): LoginResponse | null {
  const parsed = LoginResponseSchema.safeParse(answer);
  return parsed.success ? parsed.data : null;
}
