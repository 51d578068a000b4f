import {
  AssociateCompanyResponseSchema,
  api,
  CreateCompanyResponseSchema,
  type EndpointResponse,
  type LoginResponse,
  LoginResponseSchema,
} from "@ideaport/shared";

/**
 * `POST /api/create-company/` and `POST /api/associate-company/` as the contract declares them,
 * read leniently: the company exists once the server says so, even if its answer lacks the login
 * fields, and the dialog must then say 'Company created, but failed to log you in automatically.
 * Please log in manually.' (spec section 8) instead of failing inside the API client.
 */
export const createCompanyLenient = { ...api.createCompany, response: CreateCompanyResponseSchema.partial() };
export const associateCompanyLenient = {
  ...api.associateCompany,
  response: AssociateCompanyResponseSchema.partial(),
};

export type CompanyTeam = EndpointResponse<typeof api.verifyCompany>["teams"][number];

/** The login fields of a create/join answer, or null when any is missing (no automatic sign-in then). */
export function loginFieldsOf(answer: unknown): LoginResponse | null {
  const parsed = LoginResponseSchema.safeParse(answer);
  return parsed.success ? parsed.data : null;
}
