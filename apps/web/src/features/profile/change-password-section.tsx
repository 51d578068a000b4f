import { zodResolver } from "@hookform/resolvers/zod";
import { ChangePasswordRequestSchema, MIN_PASSWORD_LENGTH } from "@ideaport/shared";
import { useState } from "react";
import type { FieldErrors, Resolver } from "react-hook-form";
import { PasswordField } from "../../components/password-field.tsx";
import { SettingsForm, useSettingsForm } from "../../components/settings-form.tsx";
import { SettingsSection } from "../../components/settings-section.tsx";
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
  const [isVisible, setVisible] = useState(false);
  const form = useSettingsForm(passwordResolver, {
    defaultValues: { current_password: "", new_password: "", confirm_password: "" },
    fieldNames: { current_password: "current_password", new_password: "new_password" },
    codeFields: { "settings.current_password_incorrect": "current_password" },
  });
  const onSubmit = form.save(
    ({ current_password, new_password }) => changePassword.mutateAsync({ current_password, new_password }),
    () => {
      form.reset();
      return PROFILE_MESSAGES.passwordChanged;
    },
  );

  // One toggle state for the three fields, so showing one shows them all.
  const visibility = { visible: isVisible, onVisibilityChange: setVisible, toggleSubject: "passwords" };

  return (
    <SettingsSection
      title={PROFILE_MESSAGES.changePassword}
      description="Changing your password signs you out on every other device."
    >
      <SettingsForm form={form} onSubmit={onSubmit} submitLabel={PROFILE_MESSAGES.changePassword}>
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          required
          {...visibility}
          {...form.field("current_password")}
        />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          required
          description={`At least ${MIN_PASSWORD_LENGTH} characters.`}
          {...visibility}
          {...form.field("new_password")}
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          required
          {...visibility}
          {...form.field("confirm_password")}
        />
      </SettingsForm>
    </SettingsSection>
  );
}
