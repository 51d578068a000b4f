/**
 * The built-in analysis's rules about words: which terms of a text are its key terms, how close
 * another idea is, and what a clearer title of a brain-dump line would be. Pure functions.
 */
import { AI_ANALYSIS_TAGS_LIMIT, IDEA_TITLE_MAX_LENGTH, IDEA_TITLE_MIN_LENGTH } from "@ideaport/shared";
import type { TextWord } from "./ai-analysis.repository.ts";

/**
 * Key terms searched for, all pairs of them (6 terms make 15 pairs); more pairs of common words
 * make the full-text index build larger bitmaps (28 pairs: 16 ms at 100,000 ideas, 15 pairs: 9 ms).
 */
export const KEY_TERMS_SEARCHED = 6;
/** A title word counts this many times a description word does. */
const TITLE_WEIGHT = 3;
/** An idea at least this close (0 to 1) is shown as similar; below, it is taken as unrelated. */
export const SIMILARITY_THRESHOLD = 0.3;

/** The distinct lexemes of a text, most telling first: by weight (title words weigh more), then first use. */
export function keyLexemesOf(words: TextWord[]): string[] {
  const weights = new Map<string, number>();
  for (const word of words) {
    if (!word.lexeme || word.lexeme.length < 2 || /^\d+$/.test(word.lexeme)) continue;
    weights.set(word.lexeme, (weights.get(word.lexeme) ?? 0) + (word.part === "title" ? TITLE_WEIGHT : 1));
  }
  // Map keeps first-use order, and sort is stable, so ties stay in reading order.
  return [...weights.entries()].sort((a, b) => b[1] - a[1]).map(([lexeme]) => lexeme);
}

function quoteLexeme(lexeme: string): string {
  return `'${lexeme.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;
}

/**
 * A tsquery matching texts that share at least two of the key terms (any pair), or the one term
 * when there is one. Two shared terms keep a common word alone from pulling in half the company.
 */
export function termsQueryOf(keyLexemes: string[]): string | null {
  const terms = keyLexemes.slice(0, KEY_TERMS_SEARCHED).map(quoteLexeme);
  if (terms.length === 0) return null;
  if (terms.length === 1) return terms[0] ?? null;
  const pairs: string[] = [];
  for (let first = 0; first < terms.length; first += 1) {
    for (let second = first + 1; second < terms.length; second += 1) pairs.push(`(${terms[first]} & ${terms[second]})`);
  }
  return pairs.join(" | ");
}

/**
 * How close another idea is to the text, from 0 to 1: the closeness of the titles (trigrams),
 * or, when higher, a blend of it with the share of words in common (the larger of the Dice
 * coefficient of both texts' terms and the share of the text's key terms the idea contains).
 */
export function likenessOf(input: {
  titleSimilarity: number;
  textLexemes: readonly string[];
  keyLexemes: readonly string[];
  ideaLexemes: readonly string[];
}): number {
  const ideaTerms = new Set(input.ideaLexemes);
  const textTerms = new Set(input.textLexemes);
  const shared = [...textTerms].filter((term) => ideaTerms.has(term)).length;
  const dice = textTerms.size + ideaTerms.size === 0 ? 0 : (2 * shared) / (textTerms.size + ideaTerms.size);
  const keys = input.keyLexemes.slice(0, KEY_TERMS_SEARCHED);
  const keyCover = keys.length === 0 ? 0 : keys.filter((term) => ideaTerms.has(term)).length / keys.length;
  const blended = 0.4 * input.titleSimilarity + 0.6 * Math.max(dice, keyCover);
  return Math.min(1, Math.round(Math.max(input.titleSimilarity, blended) * 100) / 100);
}

/** Ways a brain-dump line starts that a title leaves out. */
const FILLER =
  /^(idea\s*:|i (think|believe|propose|suggest|wish|would like)( that)?|maybe|perhaps|what if|how about|we (should|could|must|need to)|let's|it would be (nice|great|good|useful) (to|if)( we)?|please|can we|could we|why not)\s+/i;

/**
 * A clearer title for a brain-dump line, or undefined when the title reads well already: the first
 * clause without filler ("we should…", "what if…"), capitalised, short of the maximum length.
 */
export function suggestTitle(title: string): string | undefined {
  let text = title.trim().replace(/\s+/g, " ");
  for (let previous = ""; previous !== text; ) {
    previous = text;
    text = text.replace(FILLER, "");
  }
  text = text.split(/[.!?;:]\s|\s(because|so that|since|as it|which would)\s/i)[0] ?? text;
  text = text.replace(/[\s.,;:!?-]+$/, "");
  if (text.length > 80) text = text.slice(0, 80).replace(/\s+\S*$/, "");
  text = text.charAt(0).toUpperCase() + text.slice(1);
  if (text.length < IDEA_TITLE_MIN_LENGTH || text.length > IDEA_TITLE_MAX_LENGTH) return undefined;
  return text === title.trim() ? undefined : text;
}

/** What a tag of the company may be spelled as in a text: its words, and neighbouring pairs of them. */
export function tagCandidatesOf(words: TextWord[]): string[] {
  const candidates = new Set<string>();
  const tokens = words.map((word) => word.token.toLowerCase());
  tokens.forEach((token, index) => {
    if (words[index]?.lexeme) candidates.add(token);
    const next = tokens[index + 1];
    if (next && words[index]?.part === words[index + 1]?.part) {
      candidates.add(`${token} ${next}`);
      candidates.add(`${token}-${next}`);
    }
  });
  return [...candidates].slice(0, 200);
}

/** Words that are key terms of many texts but say nothing as a tag. */
const UNTAGGABLE = new Set(
  "would could should might must also better best good great improve improving improvement make makes making idea ideas today take takes taking need needs want every everyone really thing things people work".split(
    " ",
  ),
);
/** Key terms added as tags beside the company's own. */
const KEY_TERM_TAGS = 3;

/**
 * Tags to suggest: the company's tags the text uses, then up to three of its key terms (as first
 * written, lower case, generic words aside), at most AI_ANALYSIS_TAGS_LIMIT, none twice.
 */
export function suggestTags(words: TextWord[], keyLexemes: string[], tagsInUse: string[]): string[] {
  const suggested = [...new Set(tagsInUse)].slice(0, AI_ANALYSIS_TAGS_LIMIT);
  const covered = new Set(suggested.flatMap((tag) => tag.toLowerCase().split(/[\s-]+/)));
  const limit = Math.min(AI_ANALYSIS_TAGS_LIMIT, suggested.length + KEY_TERM_TAGS);
  for (const lexeme of keyLexemes) {
    if (suggested.length >= limit) break;
    const word = words.find((candidate) => candidate.lexeme === lexeme)?.token.toLowerCase();
    if (!word || word.length < 3 || covered.has(word) || UNTAGGABLE.has(word) || /\d/.test(word)) continue;
    suggested.push(word);
    covered.add(word);
  }
  return suggested;
}
