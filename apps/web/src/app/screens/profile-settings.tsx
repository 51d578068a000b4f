import { zodResolver } from "@hookform/resolvers/zod";
import { ChangePasswordRequestSchema, MIN_PASSWORD_LENGTH, UpdateProfileRequestSchema } from "@ideaport/shared";
import { Button, Group, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useState } from "react";
import type { FieldErrors, Resolver } from "react-hook-form";
import { ActionFeedback } from "../../components/action-feedback.tsx";
import { PasswordField } from "../../components/password-field.tsx";
import { SettingsSection } from "../../components/settings-section.tsx";
import { CalendarSettingsSection } from "../../features/calendar/calendar-settings-section.tsx";
import { EmailPreferencesSection } from "../../features/email/email-preferences-form.tsx";
import { useChangePassword, useUpdateProfile } from "../../features/profile/profile.queries.ts";
import { useAuth } from "../../lib/auth-provider.tsx";
import type { SessionUser } from "../../lib/session.ts";
import { useSchemaForm } from "../../lib/use-schema-form.ts";

export const PROFILE_MESSAGES = {
  saved: "Your profile has been saved.",
  passwordChanged: "Your password has been changed. Other devices have been signed out.",
  confirmRequired: "Please confirm your new password.",
  passwordsDiffer: "The passwords do not match.",
} as const;

/** Display name, first name and last name: `PATCH /api/users/current/`. */
function NameForm({ user }: { user: SessionUser }) {
  const updateProfile = useUpdateProfile();
  const [success, setSuccess] = useState<string | null>(null);
  const {
    register,
    submit,
    formError,
    reset,
    formState: { errors, isSubmitting },
  } = useSchemaForm(UpdateProfileRequestSchema, {
    defaultValues: {
      display_name: user.display_name,
      first_name: user.first_name ?? "",
      last_name: user.last_name ?? "",
    },
    fieldNames: { display_name: "display_name", first_name: "first_name", last_name: "last_name" },
  });

  const onSubmit = submit(
    (values) => {
      setSuccess(null);
      return updateProfile.mutateAsync(values);
    },
    {
      onSuccess: ({ user: saved }) => {
        reset({ display_name: saved.display_name, first_name: saved.first_name, last_name: saved.last_name });
        setSuccess(PROFILE_MESSAGES.saved);
      },
    },
  );

  return (
    <SettingsSection title="Your name" description="Your display name is what colleagues see next to your ideas.">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Display name"
            autoComplete="nickname"
            required
            error={errors.display_name?.message}
            {...register("display_name")}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="First name"
              autoComplete="given-name"
              required
              error={errors.first_name?.message}
              {...register("first_name")}
            />
            <TextInput
              label="Last name"
              autoComplete="family-name"
              required
              error={errors.last_name?.message}
              {...register("last_name")}
            />
          </SimpleGrid>
          <ActionFeedback success={success} error={formError} />
          <Group>
            <Button type="submit" loading={isSubmitting}>
              Save profile
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsSection>
  );
}

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
function PasswordForm() {
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
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
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
          <ActionFeedback success={success} error={formError} />
          <Group>
            <Button type="submit" loading={isSubmitting}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsSection>
  );
}

/**
 * Profile settings (everyone): account e-mail, names, password, e-mail notifications, the calendar.
 * Logging out is the user menu's last entry, for every role, not a part of the account's details.
 */
export function ProfileSettings() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <Stack gap="lg">
      <SettingsSection title="Account" description="The address you sign in with and receive notifications at.">
        <TextInput
          label="Email"
          value={user.email}
          readOnly
          description="Your sign-in address cannot be changed here."
        />
      </SettingsSection>
      <NameForm key={user.id} user={user} />
      <PasswordForm />
      <EmailPreferencesSection />
      <CalendarSettingsSection />
    </Stack>
  );
}
