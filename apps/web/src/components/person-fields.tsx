import { MIN_PASSWORD_LENGTH } from "@ideaport/shared";
import { Group, TextInput } from "@mantine/core";
import { t } from "../lib/i18n.ts";
import type { RegisteredField } from "../lib/use-schema-form.ts";
import { FIELD_TEXTS } from "./components.texts.ts";
import { PasswordField, type PasswordFieldProps } from "./password-field.tsx";

/**
 * A person's first and last name side by side, both required, with the browser's name autofill.
 * `autoFocus` makes the first name the field a dialog focuses when it opens.
 */
export function NameFields({
  firstName,
  lastName,
  autoFocus = false,
}: {
  firstName: RegisteredField;
  lastName: RegisteredField;
  autoFocus?: boolean;
}) {
  return (
    <Group grow align="flex-start">
      <TextInput
        label={t(FIELD_TEXTS.firstName)}
        autoComplete="given-name"
        required
        data-autofocus={autoFocus || undefined}
        {...firstName}
      />
      <TextInput label={t(FIELD_TEXTS.lastName)} autoComplete="family-name" required {...lastName} />
    </Group>
  );
}

/** A required new password with the shared rule as its description ("Password" unless labelled otherwise). */
export function NewPasswordField({ label, ...props }: PasswordFieldProps) {
  return (
    <PasswordField
      label={label ?? t(FIELD_TEXTS.password)}
      description={t(FIELD_TEXTS.passwordHint, { min: MIN_PASSWORD_LENGTH })}
      autoComplete="new-password"
      required
      {...props}
    />
  );
}
