import { Button, type ButtonProps, Stack, TextInput, type TextInputProps } from "@mantine/core";
import type { FormEventHandler, ReactNode } from "react";
import { t } from "../lib/i18n.ts";
import type { RegisteredField } from "../lib/use-schema-form.ts";
import { FIELD_TEXTS } from "./components.texts.ts";
import { FormError } from "./form-error.tsx";

/**
 * A form of the account pages and dialogs (log in, sign up, passwords, companies, invitations):
 * its error sentence above it, then its fields, then its submit button, which spins while sending.
 */
export function AccountForm({
  form,
  onSubmit,
  label,
  submitLabel,
  submitProps,
  children,
}: {
  /** The form's state: its form-level error and whether it is sending. */
  form: { formError: string | null; formState: { isSubmitting: boolean } };
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The form's name for assistive technology, when its dialog or page holds more than this form. */
  label?: string;
  submitLabel: ReactNode;
  /** How the submit button differs from the default one (full width, disabled until complete). */
  submitProps?: ButtonProps & { "aria-describedby"?: string | undefined };
  children: ReactNode;
}) {
  return (
    <>
      <FormError message={form.formError} />
      <form onSubmit={onSubmit} noValidate aria-label={label}>
        <Stack gap="md">
          {children}
          <Button type="submit" {...submitProps} loading={form.formState.isSubmitting}>
            {submitLabel}
          </Button>
        </Stack>
      </form>
    </>
  );
}

/** A required e-mail address with the browser's e-mail autofill. */
export function EmailField(props: TextInputProps & RegisteredField) {
  return <TextInput label={t(FIELD_TEXTS.email)} type="email" autoComplete="email" required {...props} />;
}
