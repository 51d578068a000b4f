import { zodResolver } from "@hookform/resolvers/zod";
import { ChangePasswordRequestSchema, MIN_PASSWORD_LENGTH } from "@ideaport/shared";
import { useState } from "react";
import type { FieldErrors, Resolver } from "react-hook-form";
import { PasswordField } from "../../components/password-field.tsx";
import { SettingsForm } from "../../components/settings-form.tsx";
import { SettingsSection } from "../../components/settings-section.tsx";
import { useSchemaForm } from "../../lib/use-schema-form.ts";
import { useChangePassword } from "./profile.queries.ts";
import { PROFILE_MESSAGES } from "./profile.texts.ts";

interface PasswordValues {
  current_password: string;
  new_password: string;
  confirm_password: string;
}

const changePasswordResolver = zodResolver(ChangePasswordRequestSchema);

/** The shared schema's rules for current and new password, plus the confirmation, which only this form has. */
const passwordResolver: Resolver<PasswordValues> = async (values, context, options) => {
  const result = await changePasswordResolver(values, context, options as never);
  const errors: FieldErrors<PasswordValues> = { ...result.errors };
  if (values.confirm_password === "") {
    errors.confirm_password = { type: "required", message: PROFILE_MESSAGES.confirmRequired };
  } else if (!errors.new_password && values.confirm_password !== values.new_password) {
    errors.confirm_password = { type: "match", message: PROFILE_MESSAGES.passwordsDiffer };
  }
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
};

/** Current, new (at least 8 characters) and confirmed password: `POST /api/users/current/password/`. */
export function ChangePasswordSection() {
  const changePassword = useChangePassword();
  const [success, setSuccess] = useState<string | null>(null);
  const [isVisible, setVisible] = useState(false);
  const {
    register,
    submit,
    formError,
    reset,
    formState: { errors, isSubmitting },
  } = useSchemaForm(passwordResolver, {
    defaultValues: { current_password: "", new_password: "", confirm_password: "" },
    fieldNames: { current_password: "current_password", new_password: "new_password" },
    codeFields: { "settings.current_password_incorrect": "current_password" },
  });

  const onSubmit = submit(
    ({ current_password, new_password }) => {
      setSuccess(null);
      return changePassword.mutateAsync({ current_password, new_password });
    },
    {
      onSuccess: () => {
        reset();
        setSuccess(PROFILE_MESSAGES.passwordChanged);
      },
    },
  );

  // One toggle state for the three fields, so showing one shows them all.
  const visibility = { visible: isVisible, onVisibilityChange: setVisible, toggleSubject: "passwords" };

  return (
    <SettingsSection title="Change password" description="Changing your password signs you out on every other device.">
      <SettingsForm
        onSubmit={onSubmit}
        success={success}
        error={formError}
        submitLabel="Change password"
        isSubmitting={isSubmitting}
      >
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          required
          error={errors.current_password?.message}
          {...visibility}
          {...register("current_password")}
        />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          required
          description={`At least ${MIN_PASSWORD_LENGTH} characters.`}
          error={errors.new_password?.message}
          {...visibility}
          {...register("new_password")}
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          required
          error={errors.confirm_password?.message}
          {...visibility}
          {...register("confirm_password")}
        />
      </SettingsForm>
    </SettingsSection>
  );
}
