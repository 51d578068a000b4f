import { SOURCE_LANGUAGE } from "./languages.ts";
import { createTranslator, type MessageDescriptor, type MessageValues, type SayMessage } from "./messages.ts";

/** A message with the values its wording takes: a text said in the reader's language where it is shown. */
export interface Phrase {
  message: MessageDescriptor;
  values?: MessageValues;
}

/**
 * A group's messages as phrases, each with the values its wording takes where they are fixed with
 * the group (the limits a message states): `IDEA_PHRASES.titleTooLong` says "… at most 150 …".
 */
/* @__NO_SIDE_EFFECTS__ */
export function phrasesOf<Key extends string>(
  messages: Readonly<Record<Key, MessageDescriptor>>,
  values: Readonly<Partial<Record<Key, MessageValues>>>,
): Readonly<Record<Key, Phrase>> {
  const phrases = {} as Record<Key, Phrase>;
  for (const key of Object.keys(messages) as Key[]) {
    const fixed = values[key];
    phrases[key] = fixed ? { message: messages[key], values: fixed } : { message: messages[key] };
  }
  return phrases;
}

const english = createTranslator(SOURCE_LANGUAGE, {});

/** Every wording a schema was given through `schemaMessage`, to the message it says. */
const phrasesByWording = new Map<string, Phrase>();

/**
 * The English wording of a message, for a zod schema (zod keeps its messages as strings). The
 * wording is remembered, so `phraseOfSchemaMessage` finds the message again and the server or a
 * form says it in the reader's language. Call it where a schema is built, with values fixed then
 * (a limit); a value known only while parsing (a name the person typed) goes into a custom issue
 * made by `schemaIssue` instead, which carries its message, so this memory stays as small as the
 * schemas. One English wording is one message: a wording two messages share would be found as the
 * first. Bundlers are told it has no effect (the annotation): what it remembers matters only
 * where its answer is used, so a schema nobody uses may be left out with it.
 */
/* @__NO_SIDE_EFFECTS__ */
export function schemaMessage(message: MessageDescriptor | Phrase, values?: MessageValues): string {
  if (!("id" in message)) return schemaMessage(message.message, message.values);
  const wording = english(message, values);
  if (!phrasesByWording.has(wording)) phrasesByWording.set(wording, values ? { message, values } : { message });
  return wording;
}

/** What a custom issue carries in its `params` so its message can be said in any language. */
interface PhraseParams {
  phrase: Phrase;
}

/**
 * A zod custom issue (for `ctx.addIssue`) saying a message whose values are known only while
 * parsing: its `message` is the English wording, and its `params` carry the message and values.
 */
export function schemaIssue(message: MessageDescriptor, values: MessageValues, path: PropertyKey[]) {
  return {
    code: "custom" as const,
    message: english(message, values),
    path,
    params: { phrase: { message, values } } satisfies PhraseParams,
  };
}

/**
 * The message a zod issue says: the phrase its params carry (`schemaIssue`), else the message of
 * its English wording (`schemaMessage`); undefined for a wording of zod's own.
 */
export function phraseOfSchemaIssue(issue: { message?: string; params?: unknown }): Phrase | undefined {
  const params = issue.params as Partial<PhraseParams> | undefined;
  if (params?.phrase) return params.phrase;
  return issue.message === undefined ? undefined : phrasesByWording.get(issue.message);
}

/**
 * A message a schema said (an issue's `message`), in the language of `t` when it is one of ours;
 * zod's own words are left as they are. Forms show their fields' messages through it.
 */
export function translateSchemaMessage(message: string, t: SayMessage): string {
  const phrase = phrasesByWording.get(message);
  return phrase ? t(phrase.message, phrase.values) : message;
}
