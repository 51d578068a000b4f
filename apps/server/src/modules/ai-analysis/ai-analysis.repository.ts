import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { companies } from "../../db/schema/index.ts";

/** One word of a text as PostgreSQL's English configuration reads it. */
export interface TextWord {
  /** "title" or "description". */
  part: "title" | "description";
  /** The word as written. */
  token: string;
  /** Its lexeme (the stem full-text search indexes), or null for a stop word. */
  lexeme: string | null;
}

/**
 * The words of a title and description with their lexemes, by the same configuration as the ideas'
 * search index (`to_tsvector('english', …)`), so they match what the index holds.
 */
export async function readWords(db: Database, title: string, description: string): Promise<TextWord[]> {
  const result = await db.execute<{ part: "title" | "description"; token: string; lexeme: string | null }>(sql`
    select part, token, lexemes[1] as lexeme from (
      select 'title' as part, token, lexemes, alias from ts_debug('english', ${title})
      union all
      select 'description' as part, token, lexemes, alias from ts_debug('english', ${description})
    ) words
    where alias in ('asciiword', 'word', 'hword_asciipart', 'hword_part')`);
  return result.rows.map((row) => ({ part: row.part, token: row.token, lexeme: row.lexeme ?? null }));
}

/** Whether the company lets idea text go to the language model (`settings.ai.send_idea_text`). */
export async function readSendsIdeaText(db: Database, companyId: string): Promise<boolean> {
  const [company] = await db
    .select({ sends: sql<boolean | null>`(${companies.settings} -> 'ai' ->> 'send_idea_text')::boolean` })
    .from(companies)
    .where(eq(companies.id, companyId));
  return company?.sends === true;
}

/** Stores the company's AI setting (settings.ai), leaving its other settings as they are. */
export async function writeSendsIdeaText(db: Database, companyId: string, sends: boolean): Promise<void> {
  const value = JSON.stringify({ send_idea_text: sends });
  await db
    .update(companies)
    .set({ settings: sql`jsonb_set(${companies.settings}, '{ai}', ${value}::jsonb, true)` })
    .where(eq(companies.id, companyId));
}
