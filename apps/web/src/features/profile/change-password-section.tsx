import { zodResolver } from "@hookform/resolvers/zod";
import { ChangePasswordRequestSchema, MIN_PASSWORD_LENGTH } from "@ideaport/shared";
import { useState } from "react";
import type { FieldErrors, Resolver } from "react-hook-form";
import { COMPONENT_TEXTS, FIELD_TEXTS } from "../../components/components.texts.ts";
import { PasswordField } from "../../components/password-field.tsx";
import { SettingsForm, useSettingsForm } from "../../components/settings-form.tsx";
import { SettingsSection } from "../../components/settings-section.tsx";
import { t } from "../../lib/i18n.ts";
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
    errors.confirm_password = { type: "required", message: t(FIELD_TEXTS.confirmRequired) };
  } else if (!errors.new_password && values.confirm_password !== values.new_password) {
    errors.confirm_password = { type: "match", message: t(PROFILE_MESSAGES.passwordsDiffer) };
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
      return t(PROFILE_MESSAGES.passwordChanged);
    },
  );

  // One toggle state for the three fields, so showing one shows them all.
  const visibility = { visible: isVisible, onVisibilityChange: setVisible, toggleSubject: "passwords" as const };

  return (
    <SettingsSection title={t(COMPONENT_TEXTS.changePassword)} description={t(PROFILE_MESSAGES.passwordDescription)}>
      <SettingsForm form={form} onSubmit={onSubmit} submitLabel={t(COMPONENT_TEXTS.changePassword)}>
        <PasswordField
          label={t(PROFILE_MESSAGES.currentPassword)}
          autoComplete="current-password"
          required
          {...visibility}
          {...form.field("current_password")}
        />
        <PasswordField
          label={t(FIELD_TEXTS.newPassword)}
          autoComplete="new-password"
          required
          description={t(PROFILE_MESSAGES.newPasswordHint, { min: MIN_PASSWORD_LENGTH })}
          {...visibility}
          {...form.field("new_password")}
        />
        <PasswordField
          label={t(FIELD_TEXTS.confirmNewPassword)}
          autoComplete="new-password"
          required
          {...visibility}
          {...form.field("confirm_password")}
        />
      </SettingsForm>
    </SettingsSection>
  );
}
