import { UpdateProfileRequestSchema } from "@ideaport/shared";
import { SimpleGrid, TextInput } from "@mantine/core";
import { FIELD_TEXTS } from "../../components/components.texts.ts";
import { SettingsForm, useSettingsForm } from "../../components/settings-form.tsx";
import { SettingsSection } from "../../components/settings-section.tsx";
import { t } from "../../lib/i18n.ts";
import type { SessionUser } from "../../lib/session.ts";
import { useUpdateProfile } from "./profile.queries.ts";
import { PROFILE_MESSAGES } from "./profile.texts.ts";

/** Display name, first name and last name: `PATCH /api/users/current/`. */
export function ProfileNameSection({ user }: { user: SessionUser }) {
  const updateProfile = useUpdateProfile();
  const form = useSettingsForm(UpdateProfileRequestSchema, {
    defaultValues: {
      display_name: user.display_name,
      first_name: user.first_name ?? "",
      last_name: user.last_name ?? "",
    },
    fieldNames: { display_name: "display_name", first_name: "first_name", last_name: "last_name" },
  });
  const onSubmit = form.save(
    (values) => updateProfile.mutateAsync(values),
    ({ user: saved }) => {
      form.reset({ display_name: saved.display_name, first_name: saved.first_name, last_name: saved.last_name });
      return t(PROFILE_MESSAGES.saved);
    },
  );

  return (
    <SettingsSection title={t(PROFILE_MESSAGES.nameTitle)} description={t(PROFILE_MESSAGES.nameDescription)}>
      <SettingsForm form={form} onSubmit={onSubmit} submitLabel={t(PROFILE_MESSAGES.save)}>
        <TextInput
          label={t(PROFILE_MESSAGES.displayName)}
          autoComplete="nickname"
          required
          {...form.field("display_name")}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t(FIELD_TEXTS.firstName)}
            autoComplete="given-name"
            required
            {...form.field("first_name")}
          />
          <TextInput label={t(FIELD_TEXTS.lastName)} autoComplete="family-name" required {...form.field("last_name")} />
        </SimpleGrid>
      </SettingsForm>
    </SettingsSection>
  );
}
