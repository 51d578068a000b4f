import { z } from "zod";
import { defineEndpoint } from "../api/contract.ts";
import { VALIDATION_MESSAGES as M } from "../messages.ts";
import { NewPasswordSchema, SignedInResponseSchema } from "./auth.ts";
import { nameField, SuccessSchema } from "./common.ts";
import { InvitedMemberSchema } from "./companies.ts";
import { MemberRoleSchema } from "./users.ts";

/** Whom an invitation is for, to which team, in which role: what the invitee and Team Settings both see of it. */
const invitationFields = {
  team_name: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: MemberRoleSchema,
};

/** What /accept-invitation/{token} shows before the invitee sets a password. */
export const InvitationDetailsResponseSchema = SuccessSchema.extend({ company_name: z.string(), ...invitationFields });
export type InvitationDetailsResponse = z.infer<typeof InvitationDetailsResponseSchema>;

/** Accepting an invitation: the invitee confirms their names and sets a password, with the rules of sign-up. */
export const AcceptInvitationRequestSchema = z.object({
  first_name: nameField(M.firstNameRequired),
  last_name: nameField(M.lastNameRequired),
  password: NewPasswordSchema,
});
export type AcceptInvitationRequest = z.infer<typeof AcceptInvitationRequestSchema>;

/** The invitee is signed in at once: login fields plus the user. */
export const AcceptInvitationResponseSchema = SignedInResponseSchema;

/** Inviting someone later from Team Settings: the same fields and rules as inviting while creating a company. */
export const CreateInvitationRequestSchema = InvitedMemberSchema;
export type CreateInvitationRequest = z.infer<typeof CreateInvitationRequestSchema>;

/** A pending invitation as Team Settings lists it. */
export const PendingInvitationSchema = z.object({
  id: z.string(),
  team_id: z.string(),
  ...invitationFields,
  is_admin: z.boolean(),
  invited_by_name: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type PendingInvitation = z.infer<typeof PendingInvitationSchema>;

export const InvitationResponseSchema = SuccessSchema.extend({ invitation: PendingInvitationSchema });
export const InvitationListResponseSchema = SuccessSchema.extend({
  invitations: z.array(PendingInvitationSchema),
});

/** Invitations: read and accepted by token without signing in, managed by admins and team managers. */
export const invitationsEndpoints = {
  invitationDetails: defineEndpoint({
    method: "GET",
    path: "/api/invitations/:token/",
    response: InvitationDetailsResponseSchema,
    auth: false,
  }),
  acceptInvitation: defineEndpoint({
    method: "POST",
    path: "/api/invitations/:token/accept/",
    body: AcceptInvitationRequestSchema,
    response: AcceptInvitationResponseSchema,
    auth: false,
  }),
  createInvitation: defineEndpoint({
    method: "POST",
    path: "/api/teams/:teamId/invitations/",
    body: CreateInvitationRequestSchema,
    response: InvitationResponseSchema,
  }),
  teamInvitations: defineEndpoint({
    method: "GET",
    path: "/api/teams/:teamId/invitations/",
    response: InvitationListResponseSchema,
  }),
  revokeInvitation: defineEndpoint({
    method: "DELETE",
    path: "/api/invitations/:invitationId/",
    response: SuccessSchema,
  }),
} as const;
