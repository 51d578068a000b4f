import { zodResolver } from "@hookform/resolvers/zod";
import { type Phrase, phraseOfSchemaIssue, translateSchemaMessage } from "@ideaport/shared";
import { type BaseSyntheticEvent, useState } from "react";
import {
  type FieldErrors,
  type FieldValues,
  get,
  type Path,
  type RegisterOptions,
  type Resolver,
  type UseFormProps,
  type UseFormRegisterReturn,
  type UseFormReturn,
  useForm,
} from "react-hook-form";
import type { ZodType } from "zod";
import { ApiError } from "./api-client.ts";
import { applyServerFieldErrors, errorMessageOf } from "./form-errors.ts";
import { t } from "./i18n.ts";

export interface SchemaFormOptions<Input extends FieldValues, Output>
  extends Omit<UseFormProps<Input, unknown, Output>, "resolver"> {
  /** The server's field names (a 400 body's `fields`) mapped to this form's fields. */
  fieldNames?: Partial<Record<string, Path<Input>>>;
  /** Catalogue codes whose message belongs on one field (e.g. a name already taken goes on the name). */
  codeFields?: Partial<Record<string, Path<Input>>>;
  /** The form-level sentence for a failed call; by default the server's message. */
  failureMessage?: (error: unknown) => string;
  /** Show the form-level sentence even when the server's field errors landed on fields. */
  keepsFormErrorWithFields?: boolean;
}

export interface SubmitSteps<Output, Answer> {
  /** Runs after the call succeeded, outside the error handling (its own errors are not the form's). */
  onSuccess?: (answer: Answer, values: Output) => Promise<unknown> | unknown;
  /** Sees a failed call's error first; answers true when it dealt with it (e.g. a dead link). */
  onFailure?: (error: unknown) => boolean;
}

/** A registered form field and its error sentence, if any: the props an input takes from its form. */
export type RegisteredField = UseFormRegisterReturn & { error?: string | undefined };

export interface SchemaForm<Input extends FieldValues, Output> extends UseFormReturn<Input, unknown, Output> {
  /**
   * A field's registration and its error sentence in the reader's language (a schema's message is
   * said through the catalogue; a sentence the server or the form already said is kept), to spread
   * on its input.
   */
  field: (name: Path<Input>, options?: RegisterOptions<Input, Path<Input>>) => RegisteredField;
  /** The form-level error sentence, for `<FormError message={formError} />`; null when there is none. */
  formError: string | null;
  setFormError: (message: string | null) => void;
  /**
   * The form's submit handler: validates with the schema, clears the form-level error and makes
   * the call with the parsed values. When the call throws, unless `onFailure` dealt with it, an
   * error whose code is in `codeFields` goes on that field; otherwise the server's field errors go
   * on their fields (the first one focused) and the form-level sentence above the form.
   */
  submit: <Answer>(
    call: (values: Output) => Promise<Answer> | Answer,
    steps?: SubmitSteps<Output, Answer>,
  ) => (event?: BaseSyntheticEvent) => Promise<void>;
}

/**
 * One form's state and errors: react-hook-form validated by a shared zod schema (or, for a form
 * whose inputs hold text that becomes a request, a resolver that checks that request with the
 * schema), plus the form-level error and a submit that maps a failed call's errors onto the form.
 */
export function useSchemaForm<Input extends FieldValues, Output = Input>(
  schema: ZodType<Output, Input> | Resolver<Input, unknown, Output>,
  {
    fieldNames = {},
    codeFields = {},
    failureMessage = errorMessageOf,
    keepsFormErrorWithFields = false,
    ...formOptions
  }: SchemaFormOptions<NoInfer<Input>, NoInfer<Output>> = {},
): SchemaForm<Input, Output> {
  const [formError, setFormError] = useState<string | null>(null);
  const resolver =
    typeof schema === "function" ? inReadersLanguage(schema) : inReadersLanguage(zodResolver(schema), schema);
  const form = useForm<Input, unknown, Output>({ ...formOptions, resolver });

  const submit: SchemaForm<Input, Output>["submit"] = (call, steps = {}) =>
    form.handleSubmit(async (values) => {
      setFormError(null);
      let answer: Awaited<ReturnType<typeof call>>;
      try {
        answer = await call(values);
      } catch (error) {
        if (steps.onFailure?.(error)) return;
        const codeField = error instanceof ApiError && error.code ? codeFields[error.code] : undefined;
        if (codeField) {
          form.setError(codeField, { type: "server", message: errorMessageOf(error) }, { shouldFocus: true });
          return;
        }
        const landedOnFields = applyServerFieldErrors(error, form.setError, fieldNames);
        if (!landedOnFields || keepsFormErrorWithFields) setFormError(failureMessage(error));
        return;
      }
      await steps.onSuccess?.(answer, values);
    });

  const field: SchemaForm<Input, Output>["field"] = (name, options) => {
    const message = (get(form.formState.errors, name) as { message?: string } | undefined)?.message;
    return { ...form.register(name, options), error: message && translateSchemaMessage(message, t) };
  };

  return { ...form, formError, setFormError, submit, field };
}

/**
 * A resolver whose messages are in the reader's language: a shared schema says its messages in
 * English (zod keeps strings), so each is said again through the catalogue; a message whose values
 * are known only while validating (a name typed twice) is found again by its field in the
 * schema's issues; a message the form already said with `t`, or one of zod's own, is kept as it is.
 */
function inReadersLanguage<Input extends FieldValues, Output>(
  resolver: Resolver<Input, unknown, Output>,
  schema?: ZodType,
): Resolver<Input, unknown, Output> {
  return async (...args) => {
    const result = await resolver(...args);
    if (Object.keys(result.errors).length > 0) {
      translateErrors(result.errors, schema ? await issuePhrases(schema, args[0]) : new Map());
    }
    return result;
  };
}

/** The phrases of a schema's issues that carry their message (`schemaIssue`), by their field's path and English wording. */
async function issuePhrases(schema: ZodType, values: unknown): Promise<Map<string, Phrase>> {
  const phrases = new Map<string, Phrase>();
  const result = await schema.safeParseAsync(values);
  for (const issue of result.error?.issues ?? []) {
    if (issue.code !== "custom") continue;
    const phrase = phraseOfSchemaIssue(issue);
    if (phrase) phrases.set(phraseKey(issue.path.join("."), issue.message), phrase);
  }
  return phrases;
}

function phraseKey(path: string, message: string): string {
  return `${path}\n${message}`;
}

/** Says every `message` in a resolver's (nested) errors in the reader's language, in place. */
function translateErrors(errors: unknown, phrases: ReadonlyMap<string, Phrase>, path = ""): void {
  if (typeof errors !== "object" || errors === null) return;
  for (const [key, value] of Object.entries(errors)) {
    // `ref` is the field's element; `types` keeps every message of a field by rule.
    if (key === "ref") continue;
    if (key === "message" && typeof value === "string") {
      const phrase = phrases.get(phraseKey(path, value));
      (errors as Record<string, unknown>).message = phrase
        ? t(phrase.message, phrase.values)
        : translateSchemaMessage(value, t);
    } else if (key === "types" && typeof value === "object" && value !== null) {
      for (const [rule, said] of Object.entries(value)) {
        if (typeof said === "string") (value as Record<string, unknown>)[rule] = translateSchemaMessage(said, t);
      }
    } else {
      translateErrors(value, phrases, path ? `${path}.${key}` : key);
    }
  }
}

/**
 * An `onFailure` step for the failures that end the form's errand (a dead link, a lost proof):
 * those `matches` picks go to `handle` instead of onto the form.
 */
export function takeFailures(matches: (error: unknown) => boolean, handle: (error: unknown) => void) {
  return (error: unknown): boolean => {
    if (!matches(error)) return false;
    handle(error);
    return true;
  };
}

type ResolverErrors = Record<string, { type: string; message: string }>;

/**
 * Validates a form whose inputs hold text with the shared schema of the request that text stands
 * for (the API's own rules and messages): field issues land under their fields, issues of the
 * whole request (nothing changed) under `root`. `addChecks` adds the form's own checks.
 */
export function requestResolver<Values extends FieldValues>(
  schema: ZodType,
  toRequest: (values: Values) => unknown,
  fields: readonly (keyof Values)[],
  addChecks?: (values: Values, errors: ResolverErrors) => void,
): Resolver<Values> {
  return async (values) => {
    const result = schema.safeParse(toRequest(values));
    if (result.success) return { values, errors: {} };
    const errors: ResolverErrors = {};
    for (const issue of result.error.issues) {
      const field = issue.path[0];
      const key = fields.includes(field as keyof Values) ? String(field) : "root";
      errors[key] ??= { type: issue.code, message: issue.message };
    }
    addChecks?.(values, errors);
    return { values: {}, errors: errors as FieldErrors<Values> };
  };
}
