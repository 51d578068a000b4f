/** Invitations to join a team. */
import { MEMBER_ROLES } from "@ideaport/shared";
import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, descending, instant, isOneOf, ofSameCompany, personNames } from "./columns.ts";
import { companyKeys, type MemberRole, teams, users } from "./companies.ts";

/** An invitation to join a team, accepted at /accept-invitation/{token}. */
export const invitations = pgTable(
  "invitations",
  {
    ...companyKeys(),
    teamId: uuid("team_id").notNull(),
    email: text("email").notNull(),
    ...personNames(),
    role: text("role").$type<MemberRole>().notNull().default("employee"),
    isAdmin: boolean("is_admin").notNull().default(false),
    tokenHash: text("token_hash").notNull(),
    invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: instant("expires_at").notNull(),
    acceptedAt: instant("accepted_at"),
    revokedAt: instant("revoked_at"),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("invitations_token_hash_unique").on(table.tokenHash),
    index("invitations_team_email_idx").on(table.teamId, sql`lower(${table.email})`),
    index("invitations_company_created_idx").on(table.companyId, descending(table.createdAt)),
    ofSameCompany("invitations_team_fk", table.teamId, table.companyId, teams).onDelete("cascade"),
    check("invitations_role_check", isOneOf(table.role, MEMBER_ROLES)),
  ],
);

export type InvitationRow = typeof invitations.$inferSelect;
