import { Group, TextInput } from "@mantine/core";
import type { RegisteredField } from "../lib/use-schema-form.ts";
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
        label="First name"
        autoComplete="given-name"
        required
        data-autofocus={autoFocus || undefined}
        {...firstName}
      />
      <TextInput label="Last name" autoComplete="family-name" required {...lastName} />
    </Group>
  );
}

/** A required new password with the shared rule as its description ("Password" unless labelled otherwise). */
export function NewPasswordField({ label = "Password", ...props }: PasswordFieldProps) {
  return (
    <PasswordField label={label} description="At least 8 characters" autoComplete="new-password" required {...props} />
  );
}
