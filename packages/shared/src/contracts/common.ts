import { z } from "zod";
import { defineMessages, type MessageDescriptor } from "../i18n/messages.ts";
import { type Phrase, schemaMessage } from "../i18n/schema-messages.ts";
import { IDEA_MESSAGES, IDEA_PHRASES } from "../ideas/limits.ts";
import { CALENDAR_YEAR_MAX, CALENDAR_YEAR_MIN } from "../limits.ts";
import { VALIDATION_MESSAGES } from "../messages.ts";

/** The basic e-mail address pattern: no spaces, one @, and a dot in the part after it. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Ids are UUIDs. */
export const IdSchema = z.uuid({ message: schemaMessage(VALIDATION_MESSAGES.idInvalid) });

/** The body of every successful answer; an answer with content extends it (`SuccessSchema.extend({ idea })`). */
export const SuccessSchema = z.object({ success: z.literal(true) });

/** Where the next page of a list starts; null on the last page. */
export const NextCursorSchema = z.string().nullable();

/** A page of a list, `{ success: true, <key>: [...items], next_cursor }`; the cursor is null on the last page. */
export function pageResponseSchema<Key extends string, Item extends z.ZodType>(key: Key, item: Item) {
  return SuccessSchema.extend({ [key]: z.array(item), next_cursor: NextCursorSchema } as {
    next_cursor: typeof NextCursorSchema;
  } & Record<Key, z.ZodArray<Item>>);
}

/** Pagination query: an opaque cursor and a page size. */
export const PageQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** True for `2026-12-31` naming a real day of the calendar (not 2026-02-31), whatever its year. */
export function isCalendarDay(text: string): boolean {
  if (!CALENDAR_DAY.test(text)) return false;
  const parsed = new Date(`${text}T00:00:00.000Z`);
  // Date rolls overflow such as 2026-02-31 into March; only a day that survives the round trip is real.
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === text;
}

/** True when a `2026-12-31…` text's year lies from CALENDAR_YEAR_MIN to CALENDAR_YEAR_MAX. */
export function isWithinCalendarYears(text: string): boolean {
  const year = Number(text.slice(0, 4));
  return Number.isInteger(year) && year >= CALENDAR_YEAR_MIN && year <= CALENDAR_YEAR_MAX;
}

/** Path parameters of endpoints addressed by `:id`: ids are UUIDs; anything else answers 404. */
export const IdParamsSchema = z.object({ id: z.string().max(100) });

/** True when at least one field of a partial update is given. */
export const hasAnyField = (value: Record<string, unknown>) =>
  Object.values(value).some((field) => field !== undefined);

/** The body of a partial update (PATCH): each of `fields` may be left out, but at least one must be given. */
export function partialUpdateSchema<Shape extends z.ZodRawShape>(
  fields: Shape,
  nothingToChangeMessage: MessageDescriptor = VALIDATION_MESSAGES.nothingToUpdate,
) {
  return z
    .object(fields)
    .partial()
    .refine(hasAnyField, { message: schemaMessage(nothingToChangeMessage) });
}

/**
 * A required text, trimmed, of at most `max` characters: a missing value gets the same message as
 * an empty one. Without `tooLongMessage`, zod's own message says the text is too long.
 */
export function requiredText(requiredMessage: MessageDescriptor, max: number, tooLongMessage?: Phrase) {
  const required = schemaMessage(requiredMessage);
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, tooLongMessage && schemaMessage(tooLongMessage));
}

/** A required name of at most 100 characters: a missing value gets the same message as an empty one. */
export const nameField = (requiredMessage: MessageDescriptor) =>
  requiredText(requiredMessage, 100, { message: VALIDATION_MESSAGES.textTooLong, values: { max: 100 } });

/** A real calendar day within the calendar years, `2026-12-31`. */
export const DueDateSchema = z
  .string()
  .refine(isCalendarDay, { message: schemaMessage(IDEA_MESSAGES.dueDateInvalid), abort: true })
  .refine(isWithinCalendarYears, schemaMessage(IDEA_PHRASES.dateOutOfRange));

const COMMON_MESSAGES = defineMessages({
  actionStatusInvalid: {
    id: "shared.validation.actionStatusInvalid",
    defaultMessage: "The status must be todo, in_progress, done or blocked.",
  },
});

/** The statuses of an action on the ideas-to-action board. */
export const ACTION_STATUSES = ["todo", "in_progress", "done", "blocked"] as const;
export type ActionStatus = (typeof ACTION_STATUSES)[number];
export const ActionStatusSchema = z.enum(ACTION_STATUSES, {
  message: schemaMessage(COMMON_MESSAGES.actionStatusInvalid),
});
