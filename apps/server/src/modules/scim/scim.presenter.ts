/** Ideaport's people and teams as SCIM resources (RFC 7643), and SCIM's list and error shapes. */
import type { TeamRow, UserRow } from "../../db/schema/index.ts";

export const USER_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:User";
export const GROUP_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:Group";
export const LIST_RESPONSE_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:ListResponse";
export const ERROR_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:Error";

/** A person as a SCIM User: the one work e-mail is the sign-in address; userName is it unless the provider named them otherwise. */
export function presentScimUser(user: UserRow, teams: readonly { id: string; name: string }[], baseUrl: string) {
  return {
    schemas: [USER_SCHEMA],
    id: user.id,
    ...(user.scimExternalId === null ? {} : { externalId: user.scimExternalId }),
    userName: user.scimUserName ?? user.email,
    name: {
      givenName: user.firstName,
      familyName: user.lastName,
      formatted: `${user.firstName} ${user.lastName}`.trim(),
    },
    displayName: user.displayName,
    emails: [{ value: user.email, type: "work", primary: true }],
    active: user.isActive,
    groups: teams.map((team) => ({ value: team.id, display: team.name, $ref: `${baseUrl}/Groups/${team.id}` })),
    meta: {
      resourceType: "User",
      created: user.createdAt.toISOString(),
      lastModified: user.updatedAt.toISOString(),
      location: `${baseUrl}/Users/${user.id}`,
    },
  };
}

/** A team as a SCIM Group with its members. */
export function presentScimGroup(
  team: TeamRow,
  members: readonly { id: string; displayName: string }[],
  baseUrl: string,
) {
  return {
    schemas: [GROUP_SCHEMA],
    id: team.id,
    ...(team.scimExternalId === null ? {} : { externalId: team.scimExternalId }),
    displayName: team.name,
    members: members.map((member) => ({
      value: member.id,
      display: member.displayName,
      $ref: `${baseUrl}/Users/${member.id}`,
    })),
    meta: {
      resourceType: "Group",
      created: team.createdAt.toISOString(),
      lastModified: team.updatedAt.toISOString(),
      location: `${baseUrl}/Groups/${team.id}`,
    },
  };
}

/** A SCIM ListResponse: the page's resources, the total matching, and where the page starts (1-based). */
export function presentListResponse<Resource>(resources: Resource[], total: number, startIndex: number) {
  return {
    schemas: [LIST_RESPONSE_SCHEMA],
    totalResults: total,
    startIndex,
    itemsPerPage: resources.length,
    Resources: resources,
  };
}

/** A SCIM error: its status as a string, its scimType when there is one, and a readable detail. */
export function presentScimError(status: number, detail: string, scimType?: string) {
  return { schemas: [ERROR_SCHEMA], status: String(status), ...(scimType ? { scimType } : {}), detail };
}
