import { isLanguage, LANGUAGE_OPTIONS } from "@ideaport/shared";
import { NativeSelect } from "@mantine/core";
import { SettingsSection } from "../../components/settings-section.tsx";
import { errorMessageOf } from "../../lib/form-errors.ts";
import { t } from "../../lib/i18n.ts";
import type { SessionUser } from "../../lib/session.ts";
import { useUpdateProfile } from "./profile.queries.ts";
import { LANGUAGE_MESSAGES } from "./profile.texts.ts";

/** Follows the company's language when the person has not chosen one. */
const COMPANY_DEFAULT = "company";

/**
 * The person's language (`PATCH /api/users/current/` with `language`, null to follow the company):
 * saved on choosing, and the app speaks it at once (the saved user's language, as AuthProvider follows it).
 */
export function LanguageSection({ user }: { user: SessionUser }) {
  const updateProfile = useUpdateProfile();
  return (
    <SettingsSection title={t(LANGUAGE_MESSAGES.title)} description={t(LANGUAGE_MESSAGES.description)}>
      <NativeSelect
        label={t(LANGUAGE_MESSAGES.label)}
        maw={320}
        value={user.language ?? COMPANY_DEFAULT}
        disabled={updateProfile.isPending}
        error={
          updateProfile.isError
            ? t(LANGUAGE_MESSAGES.saveFailed, { reason: errorMessageOf(updateProfile.error) })
            : undefined
        }
        data={[{ value: COMPANY_DEFAULT, label: t(LANGUAGE_MESSAGES.companyDefault) }, ...LANGUAGE_OPTIONS]}
        onChange={(event) => {
          const choice = event.currentTarget.value;
          const language = isLanguage(choice) ? choice : null;
          // The saved person's language reaches the app through the signed-in user (AuthProvider).
          updateProfile.mutate({ language });
        }}
      />
    </SettingsSection>
  );
}
