import { Stack, TextInput } from "@mantine/core";
import { FIELD_TEXTS } from "../../components/components.texts.ts";
import { SettingsSection } from "../../components/settings-section.tsx";
import { ApiTokensSection } from "../../features/api-tokens/api-tokens-section.tsx";
import { CalendarSettingsSection } from "../../features/calendar/calendar-settings-section.tsx";
import { EmailPreferencesSection } from "../../features/email/email-preferences-form.tsx";
import { ChangePasswordSection } from "../../features/profile/change-password-section.tsx";
import { LanguageSection } from "../../features/profile/language-section.tsx";
import { ProfileNameSection } from "../../features/profile/profile-name-section.tsx";
import { SessionsSection } from "../../features/profile/sessions-section.tsx";
import { YourDataSection } from "../../features/profile/your-data-section.tsx";
import { PushSection } from "../../features/push/push-section.tsx";
import { useAuth } from "../../lib/auth-provider.tsx";
import { t } from "../../lib/i18n.ts";
import { SETTINGS_TEXTS } from "../app.texts.ts";

/**
 * Profile settings (everyone): account e-mail, names, password, signed-in devices, API tokens, e-mail
 * notifications, push on this device, the calendar, and downloading one's data.
 * Logging out is the user menu's last entry, for every role, not a part of the account's details.
 */
export function ProfileSettings() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <Stack gap="lg">
      <SettingsSection title={t(SETTINGS_TEXTS.account)} description={t(SETTINGS_TEXTS.accountDescription)}>
        <TextInput
          label={t(FIELD_TEXTS.email)}
          value={user.email}
          readOnly
          description={t(SETTINGS_TEXTS.emailReadOnly)}
        />
      </SettingsSection>
      <ProfileNameSection key={user.id} user={user} />
      <LanguageSection user={user} />
      <ChangePasswordSection />
      <SessionsSection />
      <ApiTokensSection />
      <EmailPreferencesSection />
      <PushSection />
      <CalendarSettingsSection />
      <YourDataSection />
    </Stack>
  );
}
