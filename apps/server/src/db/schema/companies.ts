/**
 * Companies, their teams and people, and who belongs to which team; `companyId()`, the owning-company
 * column every company-owned table carries, and `companyKeys()`, that column with the row's id.
 */
import type { OnboardingStatus } from "@ideaport/shared";
import { type MEMBER_ROLES, ONBOARDING_STATUSES, ROLES, SOURCE_LANGUAGE } from "@ideaport/shared";
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, unique, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, instant, isOneOf, language, ofSameCompany, personNames, timestamps } from "./columns.ts";

export const USER_ROLES = ROLES;

export type UserRole = (typeof USER_ROLES)[number];

export type MemberRole = (typeof MEMBER_ROLES)[number];

/** The points rules an admin can edit: what each kind of contribution earns (company settings). */
export interface PointsRules {
  submit: number;
  approved: number;
  comment: number;
  challenge_answer: number;
}

/** Company settings, stored as one jsonb document so new settings need no migration. */
export interface CompanySettings {
  points: PointsRules;
  /** The AI analysis: whether idea text may go to the configured language model (off when absent). */
  ai?: { send_idea_text: boolean };
  /** Tags: whether people other than admins may add new tags to the vocabulary (on when absent). */
  tags?: { people_may_add: boolean };
}

export const DEFAULT_POINTS_RULES: PointsRules = { submit: 10, approved: 50, comment: 2, challenge_answer: 5 };

export const DEFAULT_COMPANY_SETTINGS: CompanySettings = { points: DEFAULT_POINTS_RULES };

/** The owning company; the row goes when the company goes. */
export const companyId = () =>
  uuid("company_id")
    .notNull()
    .references(() => companies.id, { onDelete: "cascade" });

/** The keys a company-owned row starts with: its id and its owning company. */
export const companyKeys = () => ({ id: id(), companyId: companyId() });

/** The person a row belongs to; the row goes when the person goes. */
export const ownerId = () =>
  uuid("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });

export const companies = pgTable(
  "companies",
  {
    id: id(),
    name: text("name").notNull(),
    /** The join password, hashed with argon2id. */
    passwordHash: text("password_hash").notNull(),
    settings: jsonb("settings").$type<CompanySettings>().notNull().default(DEFAULT_COMPANY_SETTINGS),
    /** What the company's people read when they have not chosen a language. */
    defaultLanguage: language("default_language").notNull().default(SOURCE_LANGUAGE),
    ...timestamps(),
  },
  (table) => [uniqueIndex("companies_name_lower_unique").on(sql`lower(${table.name})`)],
);

export const teams = pgTable(
  "teams",
  {
    ...companyKeys(),
    name: text("name").notNull(),
    /** The identity provider's id of a group provisioned as this team (SCIM `externalId`), else null. */
    scimExternalId: text("scim_external_id"),
    /** Teams with history are archived rather than deleted; ideas and points keep pointing at them. */
    archivedAt: instant("archived_at"),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex("teams_company_name_lower_unique").on(table.companyId, sql`lower(${table.name})`),
    unique("teams_id_company_unique").on(table.id, table.companyId),
  ],
);

export const users = pgTable(
  "users",
  {
    id: id(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    ...personNames(),
    displayName: text("display_name").notNull(),
    role: text("role").$type<UserRole>().notNull().default("employee"),
    isAdmin: boolean("is_admin").notNull().default(false),
    /** Null between e-mail verification and joining or creating a company. */
    companyId: uuid("company_id").references(() => companies.id, { onDelete: "set null" }),
    onboardingStatus: text("onboarding_status").$type<OnboardingStatus>().notNull().default("awaiting_initial_tour"),
    isActive: boolean("is_active").notNull().default(true),
    emailVerifiedAt: instant("email_verified_at"),
    lastLoginAt: instant("last_login_at"),
    /**
     * Raised by sign-out, password change and password reset: access tokens carry the generation
     * they were signed in, and a token of an older generation is refused at once.
     */
    sessionGeneration: integer("session_generation").notNull().default(0),
    /** The language the person chose; null follows their company's default. */
    language: language("language"),
    /**
     * When the person's personal data was erased (by themself or an administrator): the row stays
     * so their ideas and comments keep an author, named as a former colleague; it never signs in
     * or becomes active again.
     */
    erasedAt: instant("erased_at"),
    /** The identity provider's id of a person it provisioned (SCIM `externalId`), else null. */
    scimExternalId: text("scim_external_id"),
    /** The identity provider's userName of the person when it is not their e-mail address, else null. */
    scimUserName: text("scim_user_name"),
    /**
     * When the identity provider deleted the person (SCIM DELETE): they are deactivated, kept for
     * their ideas, and SCIM no longer finds them until it creates them again.
     */
    scimDeletedAt: instant("scim_deleted_at"),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex("users_email_lower_unique").on(sql`lower(${table.email})`),
    uniqueIndex("users_company_scim_external_id_unique")
      .on(table.companyId, table.scimExternalId)
      .where(sql`${table.scimExternalId} is not null`),
    uniqueIndex("users_company_scim_user_name_lower_unique")
      .on(table.companyId, sql`lower(${table.scimUserName})`)
      .where(sql`${table.scimUserName} is not null`),
    index("users_company_idx").on(table.companyId),
    unique("users_id_company_unique").on(table.id, table.companyId),
    check("users_role_check", isOneOf(table.role, USER_ROLES)),
    check("users_onboarding_status_check", isOneOf(table.onboardingStatus, ONBOARDING_STATUSES)),
  ],
);

/** A user's place in a team. The composite keys keep team, user and company consistent. */
export const teamMemberships = pgTable(
  "team_memberships",
  {
    ...companyKeys(),
    teamId: uuid("team_id").notNull(),
    userId: uuid("user_id").notNull(),
    isManager: boolean("is_manager").notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("team_memberships_team_user_unique").on(table.teamId, table.userId),
    index("team_memberships_user_idx").on(table.userId),
    ofSameCompany("team_memberships_team_fk", table.teamId, table.companyId, teams).onDelete("cascade"),
    ofSameCompany("team_memberships_user_fk", table.userId, table.companyId, users).onDelete("cascade"),
  ],
);

export type CompanyRow = typeof companies.$inferSelect;
export type NewCompanyRow = typeof companies.$inferInsert;
export type TeamRow = typeof teams.$inferSelect;
export type NewTeamRow = typeof teams.$inferInsert;
export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type TeamMembershipRow = typeof teamMemberships.$inferSelect;
