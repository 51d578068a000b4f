import { IntlMessageFormat } from "intl-messageformat";

/**
 * One text a person reads: a stable id and its English wording in ICU MessageFormat (plurals,
 * selects, numbers and dates inside the sentence). `npm run i18n:extract` collects every
 * descriptor from the code into the English catalogue; each other language's catalogue
 * translates the same ids. The web build replaces the wording with its parsed form.
 */
export interface MessageDescriptor {
  id: string;
  defaultMessage: string;
  /** Context for a translator: where the text appears, what its values are. */
  description?: string;
}

/** A language's catalogue: message id to wording (ICU text, or its parsed form in the web build). */
export type Catalogue = Readonly<Record<string, unknown>>;

export type MessageValues = Readonly<Record<string, string | number | Date | null | undefined>>;

/**
 * Declares a group of messages; the extraction finds them by this name. It has no effect besides
 * its answer, which bundlers are told (the annotation), so a group nobody uses is left out.
 */
/* @__NO_SIDE_EFFECTS__ */
export function defineMessages<const Messages extends Record<string, MessageDescriptor>>(messages: Messages): Messages {
  return messages;
}

/* @__NO_SIDE_EFFECTS__ */
export function defineMessage<const Message extends MessageDescriptor>(message: Message): Message {
  return message;
}

/**
 * Says a message in one language: all that a function building a text needs of a translator
 * (the web's `t` and a `Translate` both are one).
 */
export type SayMessage = (message: MessageDescriptor, values?: MessageValues) => string;

export interface Translate extends SayMessage {
  /** The language it says messages in. */
  readonly language: string;
  /**
   * A message with parts that are not text: values may be elements, and a tag in the wording
   * (`Read the <link>guide</link>`) calls the value of its name with what it encloses.
   */
  rich<Part>(message: MessageDescriptor, values: Readonly<Record<string, unknown>>): Array<string | Part>;
}

/**
 * Formats messages in one language: the catalogue's wording of each id, else the English one
 * (a catalogue the check has not yet completed never shows an id). Parsed formats are kept.
 */
export function createTranslator(language: string, catalogue: Catalogue): Translate {
  const formats = new Map<string, IntlMessageFormat | string>();
  /** The message's format, or its text when its wording is plain text (most are: no format needed). */
  function formatOf(message: MessageDescriptor): IntlMessageFormat | string {
    let format = formats.get(message.id);
    if (format === undefined) {
      const wording = (catalogue[message.id] ?? message.defaultMessage) as ConstructorParameters<
        typeof IntlMessageFormat
      >[0];
      format = plainTextOf(wording) ?? new IntlMessageFormat(wording, language);
      formats.set(message.id, format);
    }
    return format;
  }
  const translate = (message: MessageDescriptor, values?: MessageValues) => {
    const format = formatOf(message);
    return typeof format === "string"
      ? format
      : String(format.format(values as Record<string, string | number | Date>));
  };
  translate.language = language;
  translate.rich = <Part>(message: MessageDescriptor, values: Readonly<Record<string, unknown>>) => {
    const format = formatOf(message);
    if (typeof format === "string") return [format];
    const result = format.format<Part>(values as Record<string, Part>);
    return Array.isArray(result) ? result : [result];
  };
  return translate;
}

/** The characters that make a wording more than plain text: arguments, tags and ICU's quoting. */
const ICU_SYNTAX = /[{}<>']/;
/** The parser's type of a literal part (`TYPE.literal` of @formatjs/icu-messageformat-parser). */
const LITERAL_PART = 0;

/**
 * A wording that says the same whatever the values (ICU text without syntax, or a parsed wording
 * of one literal part), as its text: formatting it would only cost time. Otherwise undefined.
 */
function plainTextOf(wording: unknown): string | undefined {
  if (typeof wording === "string") return ICU_SYNTAX.test(wording) ? undefined : wording;
  if (!Array.isArray(wording)) return undefined;
  if (wording.length === 0) return "";
  const [part] = wording as Array<{ type?: unknown; value?: unknown }>;
  return wording.length === 1 && part?.type === LITERAL_PART && typeof part.value === "string" ? part.value : undefined;
}
