import {
  type DigestFrequency,
  EMAIL_CATEGORIES,
  type EmailCategory,
  type EmailFrequency,
  type EmailPreferences,
} from "@ideaport/shared";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { hasRow, isRowOfCompany } from "../../core/rows.ts";
import type { Database } from "../../db/client.ts";
import {
  companies,
  type EmailPreferencesRow,
  emailDigestItems,
  emailDigests,
  emailPreferences,
  notifications,
  teamMemberships,
  users,
} from "../../db/schema/index.ts";

/** The preferences row's field of each category. */
const FIELD_OF = {
  approvals: "approvals",
  revision_requests: "revisionRequests",
  rejections: "rejections",
  comments: "comments",
  admin_requests: "adminRequests",
  request_answers: "requestAnswers",
  actions: "actions",
  redemptions: "redemptions",
} as const satisfies Record<EmailCategory, keyof EmailPreferencesRow>;

/** The frequency of every category in a stored row. */
export function frequenciesOf(row: EmailPreferencesRow): Record<EmailCategory, EmailFrequency> {
  return Object.fromEntries(EMAIL_CATEGORIES.map((category) => [category, row[FIELD_OF[category]]])) as Record<
    EmailCategory,
    EmailFrequency
  >;
}

/** The row's values from the contract's shape (the categories given). */
function valuesOf(preferences: Partial<EmailPreferences>): Partial<EmailPreferencesRow> {
  const values: Partial<Record<(typeof FIELD_OF)[EmailCategory], EmailFrequency>> = {};
  for (const category of EMAIL_CATEGORIES) {
    const frequency = preferences[category];
    if (frequency) values[FIELD_OF[category]] = frequency;
  }
  return values;
}

/** One person's stored preferences in their company, or undefined when they kept the defaults. */
export async function selectPreferences(
  db: Database,
  person: { companyId: string; userId: string },
): Promise<EmailPreferencesRow | undefined> {
  const [row] = await db
    .select()
    .from(emailPreferences)
    .where(and(eq(emailPreferences.userId, person.userId), eq(emailPreferences.companyId, person.companyId)));
  return row;
}

/** Writes the given categories of one person's preferences (the others keep their value). */
export async function upsertPreferences(
  db: Database,
  person: { companyId: string; userId: string },
  preferences: Partial<EmailPreferences>,
): Promise<EmailPreferencesRow> {
  const values = valuesOf(preferences);
  const [row] = await db
    .insert(emailPreferences)
    .values({ userId: person.userId, companyId: person.companyId, ...values })
    .onConflictDoUpdate({
      target: emailPreferences.userId,
      set: { ...values, updatedAt: new Date() },
      // A row of another company is never touched (the person moved): nothing is answered then.
      setWhere: eq(emailPreferences.companyId, person.companyId),
    })
    .returning();
  if (!row) throw new Error("email preferences belong to another company");
  return row;
}

/** The person still belongs to that company. */
export async function isCompanyMember(db: Database, person: { companyId: string; userId: string }): Promise<boolean> {
  return hasRow(db, users, isRowOfCompany(users, person.companyId, person.userId));
}

/** What a mail to a person needs: address, name, language, what decides their links, and their preferences. */
export interface MailRecipient {
  id: string;
  email: string;
  displayName: string;
  /** The language the person chose, and their company's default (`effectiveLanguage` of both is theirs). */
  language: string | null;
  companyLanguage: string;
  role: string;
  isAdmin: boolean;
  managesTeam: boolean;
  preferences: EmailPreferencesRow | null;
}

/** The active people of one company among `userIds`, with their preferences. */
export async function selectMailRecipients(
  db: Database,
  companyId: string,
  userIds: readonly string[],
): Promise<MailRecipient[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      displayName: users.displayName,
      language: users.language,
      companyLanguage: companies.defaultLanguage,
      role: users.role,
      isAdmin: users.isAdmin,
      managesTeam: sql<boolean>`exists (select 1 from ${teamMemberships} where ${teamMemberships.userId} = ${users.id} and ${teamMemberships.isManager})`,
      preferences: emailPreferences,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(emailPreferences, eq(emailPreferences.userId, users.id))
    .where(and(eq(users.companyId, companyId), eq(users.isActive, true), inArray(users.id, [...userIds])));
  return rows;
}

/** Puts notifications aside for their people's digests. */
export async function insertDigestItems(
  db: Database,
  items: ReadonlyArray<{ companyId: string; userId: string; notificationId: string; category: EmailCategory }>,
): Promise<void> {
  if (items.length === 0) return;
  await db.insert(emailDigestItems).values([...items]);
}

/** The categories of a preferences row that are on `frequency` (all defaults are "immediate"). */
export function categoriesOn(row: EmailPreferencesRow | null, frequency: EmailFrequency): EmailCategory[] {
  if (!row) return frequency === "immediate" ? [...EMAIL_CATEGORIES] : [];
  const byCategory = frequenciesOf(row);
  return EMAIL_CATEGORIES.filter((category) => byCategory[category] === frequency);
}

/** People with items waiting in a category they now gather on `frequency`. */
export async function selectDigestRecipientIds(
  db: Database,
  frequency: DigestFrequency,
): Promise<Array<{ userId: string; companyId: string }>> {
  const onFrequency = sql.join(
    EMAIL_CATEGORIES.map(
      (category) =>
        sql`(${emailDigestItems.category} = ${category} and ${emailPreferences[FIELD_OF[category]]} = ${frequency})`,
    ),
    sql` or `,
  );
  return db
    .selectDistinct({ userId: emailDigestItems.userId, companyId: emailDigestItems.companyId })
    .from(emailDigestItems)
    .innerJoin(
      emailPreferences,
      and(
        eq(emailPreferences.userId, emailDigestItems.userId),
        eq(emailPreferences.companyId, emailDigestItems.companyId),
      ),
    )
    .where(and(isNull(emailDigestItems.digestId), sql`(${onFrequency})`));
}

/**
 * Records one person's digest of one period; answers its id, or null when that digest exists
 * already (another instance or an earlier run took it). The unique index makes a racing second
 * insert wait for the first to commit, then do nothing.
 */
export async function claimDigest(
  db: Database,
  digest: { companyId: string; userId: string; frequency: DigestFrequency; period: string },
): Promise<string | null> {
  const [row] = await db
    .insert(emailDigests)
    .values({ ...digest, itemCount: 0 })
    .onConflictDoNothing()
    .returning({ id: emailDigests.id });
  return row?.id ?? null;
}

/** A digest's line: the notification's sentence and the idea it is about. */
export interface DigestLine {
  content: string;
  relatedIdeaId: string | null;
  projectIdeaTitle: string | null;
  createdAt: Date;
}

/** Gives the waiting items of `categories` to the digest, and answers their lines, oldest first. */
export async function takeDigestItems(
  db: Database,
  take: { companyId: string; userId: string; categories: EmailCategory[]; digestId: string },
): Promise<DigestLine[]> {
  if (take.categories.length === 0) return [];
  const taken = await db
    .update(emailDigestItems)
    .set({ digestId: take.digestId })
    .where(
      and(
        eq(emailDigestItems.companyId, take.companyId),
        eq(emailDigestItems.userId, take.userId),
        isNull(emailDigestItems.digestId),
        inArray(emailDigestItems.category, take.categories),
      ),
    )
    .returning({ notificationId: emailDigestItems.notificationId });
  if (taken.length === 0) return [];
  await db.update(emailDigests).set({ itemCount: taken.length }).where(eq(emailDigests.id, take.digestId));
  return db
    .select({
      content: notifications.content,
      relatedIdeaId: notifications.relatedIdeaId,
      projectIdeaTitle: notifications.projectIdeaTitle,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .where(
      and(
        eq(notifications.companyId, take.companyId),
        inArray(
          notifications.id,
          taken.map((item) => item.notificationId),
        ),
      ),
    )
    .orderBy(asc(notifications.createdAt), asc(notifications.id));
}
