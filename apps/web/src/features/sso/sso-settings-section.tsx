import { type CompanySso, UpdateCompanySsoRequestSchema } from "@ideaport/shared";
import { Checkbox, Code, PasswordInput, Stack, TextInput } from "@mantine/core";
import { z } from "zod";
import { ErrorState } from "../../components/error-state.tsx";
import { LoadingState } from "../../components/loading-state.tsx";
import { SettingsForm, useSettingsForm } from "../../components/settings-form.tsx";
import { SettingsSection } from "../../components/settings-section.tsx";
import { errorMessageOf } from "../../lib/form-errors.ts";
import { t } from "../../lib/i18n.ts";
import { useCompanySso, useUpdateCompanySso } from "./sso.queries.ts";
import { SSO_SETTINGS_TEXTS } from "./sso.texts.ts";

/** The form's fields: the request, with the domains typed as one text (commas, spaces or lines between them). */
const SsoFormSchema = UpdateCompanySsoRequestSchema.extend({
  domains: z.string().transform((text, context) => {
    const parsed = UpdateCompanySsoRequestSchema.shape.domains.safeParse(text.split(/[\s,;]+/).filter(Boolean));
    if (parsed.success) return parsed.data;
    // The first refusal, on the one field the domains are typed in.
    context.addIssue({ code: "custom", message: parsed.error.issues[0]?.message });
    return z.NEVER;
  }),
});

function SsoForm({ saved }: { saved: CompanySso }) {
  const update = useUpdateCompanySso();
  const form = useSettingsForm(SsoFormSchema, {
    defaultValues: {
      issuer: saved.issuer ?? "",
      client_id: saved.client_id ?? "",
      client_secret: "",
      domains: saved.domains.join(", "),
      required: saved.required,
    },
    fieldNames: { issuer: "issuer", client_id: "client_id", client_secret: "client_secret", domains: "domains" },
    codeFields: {
      "sso.issuer_refused": "issuer",
      "sso.issuer_unreachable": "issuer",
      "sso.client_secret_required": "client_secret",
      "sso.domain_taken": "domains",
      "sso.domain_not_yours": "domains",
    },
  });
  const onSubmit = form.save(
    (values) => update.mutateAsync({ ...values, client_secret: values.client_secret || undefined }),
    () => {
      // The secret is written once; the field empties again, and the hint says one is saved.
      form.setValue("client_secret", "");
      return t(SSO_SETTINGS_TEXTS.saved);
    },
  );

  return (
    <SettingsForm form={form} onSubmit={onSubmit} submitLabel={t(SSO_SETTINGS_TEXTS.save)} gap="sm">
      <TextInput
        label={t(SSO_SETTINGS_TEXTS.issuer)}
        description={t(SSO_SETTINGS_TEXTS.issuerHint)}
        type="url"
        required
        {...form.field("issuer")}
      />
      <TextInput label={t(SSO_SETTINGS_TEXTS.clientId)} required autoComplete="off" {...form.field("client_id")} />
      <PasswordInput
        label={t(SSO_SETTINGS_TEXTS.clientSecret)}
        description={t(
          saved.has_client_secret ? SSO_SETTINGS_TEXTS.clientSecretSaved : SSO_SETTINGS_TEXTS.clientSecretNew,
        )}
        required={!saved.has_client_secret}
        autoComplete="new-password"
        {...form.field("client_secret")}
      />
      <TextInput
        label={t(SSO_SETTINGS_TEXTS.domains)}
        description={t(SSO_SETTINGS_TEXTS.domainsHint)}
        required
        {...form.field("domains")}
      />
      <Checkbox
        label={t(SSO_SETTINGS_TEXTS.required)}
        description={t(SSO_SETTINGS_TEXTS.requiredHint)}
        {...form.register("required")}
      />
    </SettingsForm>
  );
}

/** Company Settings → Sign-in: the company's OpenID Connect provider, its domains, and whether it is required (admins). */
export function SsoSettingsSection() {
  const settings = useCompanySso();
  return (
    <SettingsSection
      title={t(SSO_SETTINGS_TEXTS.title)}
      description={
        settings.data && (
          <>
            {t(SSO_SETTINGS_TEXTS.description)} <Code>{settings.data.redirect_uri}</Code>
          </>
        )
      }
    >
      <Stack gap="sm">
        {settings.isPending && <LoadingState label={t(SSO_SETTINGS_TEXTS.loading)} />}
        {settings.isError && (
          <ErrorState message={errorMessageOf(settings.error)} onRetry={() => void settings.refetch()} />
        )}
        {settings.data && <SsoForm saved={settings.data} />}
      </Stack>
    </SettingsSection>
  );
}
