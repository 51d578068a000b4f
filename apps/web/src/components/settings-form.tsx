import { Button, Group, Stack } from "@mantine/core";
import { type FormEventHandler, type ReactNode, useState } from "react";
import type { FieldValues } from "react-hook-form";
import { type SchemaForm, type SchemaFormOptions, useSchemaForm } from "../lib/use-schema-form.ts";
import { ActionFeedback } from "./action-feedback.tsx";

export interface SettingsFormState<Input extends FieldValues, Output> extends SchemaForm<Input, Output> {
  /** The sentence saying what the last save did; null before it and while saving again. */
  success: string | null;
  /** The form's submit handler: `submit`, which on success shows the sentence `onSaved` answers. */
  save: <Answer>(
    call: (values: Output) => Promise<Answer> | Answer,
    onSaved: (answer: Answer, values: Output) => string,
  ) => ReturnType<SchemaForm<Input, Output>["submit"]>;
}

/** A settings form's state: `useSchemaForm` plus the sentence a successful save shows. */
export function useSettingsForm<Input extends FieldValues, Output = Input>(
  schema: Parameters<typeof useSchemaForm<Input, Output>>[0],
  options?: SchemaFormOptions<NoInfer<Input>, NoInfer<Output>>,
): SettingsFormState<Input, Output> {
  const form = useSchemaForm<Input, Output>(schema, options);
  const [success, setSuccess] = useState<string | null>(null);
  const save: SettingsFormState<Input, Output>["save"] = (call, onSaved) =>
    form.submit(
      (values) => {
        setSuccess(null);
        return call(values);
      },
      { onSuccess: (answer, values) => setSuccess(onSaved(answer, values)) },
    );
  return { ...form, success, save };
}

interface SettingsFormProps {
  /** The form's state, whose last save the form tells below its fields. */
  form: Pick<SettingsFormState<FieldValues, unknown>, "success" | "formError"> & {
    formState: { isSubmitting: boolean };
  };
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The form's name for assistive technology, when its section holds more than this form. */
  label?: string;
  submitLabel: ReactNode;
  children: ReactNode;
}

/** A settings form: its fields, then what the last save did, then its submit button. */
export function SettingsForm({
  form,
  onSubmit,
  label,
  submitLabel,
  children,
  gap = "md",
}: SettingsFormProps & { gap?: "sm" | "md" }) {
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label}>
      <Stack gap={gap}>
        {children}
        <ActionFeedback success={form.success} error={form.formError} />
        <Group>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A one-line settings form: its field and submit button side by side, what the last save did below. */
export function InlineSettingsForm({ form, onSubmit, label, submitLabel, children }: SettingsFormProps) {
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label}>
      <Stack gap="sm">
        <Group align="flex-end" gap="sm">
          {children}
          <Button type="submit" loading={form.formState.isSubmitting}>
            {submitLabel}
          </Button>
        </Group>
        <ActionFeedback success={form.success} error={form.formError} />
      </Stack>
    </form>
  );
}
