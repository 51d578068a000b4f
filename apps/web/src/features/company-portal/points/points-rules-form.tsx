import {
  POINT_HISTORY_REASON_LABELS,
  POINTS_RULE_MAX,
  type PointsRulesAnswer,
  type UpdatePointsRulesRequest,
  UpdatePointsRulesRequestSchema,
} from "@ideaport/shared";
import { Button, Group, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { ActionFeedback } from "../../../components/action-feedback.tsx";
import { QueryStates } from "../../../components/query-states.tsx";
import { SettingsSection } from "../../../components/settings-section.tsx";
import { t } from "../../../lib/i18n.ts";
import { requestResolver, useSchemaForm } from "../../../lib/use-schema-form.ts";
import { POINTS_RULES_MESSAGES } from "../company-portal.texts.ts";
import { usePointsRules, useUpdatePointsRules } from "./points.queries.ts";

type RuleName = keyof PointsRulesAnswer;
type RulesFormValues = Record<RuleName, string>;

/** The rules in the form's order, each labelled as the points history names it. */
const RULE_NAMES: readonly RuleName[] = ["submit", "approved", "comment", "challenge_answer"];

const SERVER_FIELDS: Record<string, RuleName> = {
  submit: "submit",
  approved: "approved",
  comment: "comment",
  challenge_answer: "challenge_answer",
};

function formValuesOf(rules: PointsRulesAnswer): RulesFormValues {
  return {
    submit: String(rules.submit),
    approved: String(rules.approved),
    comment: String(rules.comment),
    challenge_answer: String(rules.challenge_answer),
  };
}

/** Only the rules that changed; an empty field is a number for the schema to refuse (NaN fails its check). */
function changesOf(saved: PointsRulesAnswer, values: RulesFormValues): UpdatePointsRulesRequest {
  const changes: UpdatePointsRulesRequest = {};
  for (const name of RULE_NAMES) {
    const text = values[name].trim();
    const points = text === "" ? Number.NaN : Number(text);
    if (points !== saved[name]) changes[name] = points;
  }
  return changes;
}

function RulesForm({ saved }: { saved: PointsRulesAnswer }) {
  const updateRules = useUpdatePointsRules();
  const [success, setSuccess] = useState<string | null>(null);
  const form = useSchemaForm(
    // Validates the changes with the API's own schema and messages: a bad value under its field, a
    // request without any change under `root`.
    requestResolver<RulesFormValues>(UpdatePointsRulesRequestSchema, (values) => changesOf(saved, values), RULE_NAMES),
    { defaultValues: formValuesOf(saved), fieldNames: SERVER_FIELDS },
  );

  const save = form.submit(async (values) => (await updateRules.mutateAsync(changesOf(saved, values))).rules, {
    onSuccess: (rules) => {
      form.reset(formValuesOf(rules));
      setSuccess(t(POINTS_RULES_MESSAGES.saved));
    },
  });
  // Every attempt, valid or not, starts without the last attempt's sentences.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    setSuccess(null);
    form.setFormError(null);
    return save(event);
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t(POINTS_RULES_MESSAGES.title)}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          {RULE_NAMES.map((name) => (
            <TextInput
              key={name}
              type="number"
              inputMode="numeric"
              min={0}
              max={POINTS_RULE_MAX}
              step={1}
              label={t(POINT_HISTORY_REASON_LABELS[name])}
              rightSection={t(POINTS_RULES_MESSAGES.unit)}
              rightSectionWidth={56}
              rightSectionProps={{ "aria-hidden": true, style: { color: "var(--mantine-color-gray-7)" } }}
              {...form.field(name)}
            />
          ))}
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {t(POINTS_RULES_MESSAGES.save)}
          </Button>
        </Group>
        <ActionFeedback success={success} error={form.formState.errors.root?.message ?? form.formError} />
      </Stack>
    </form>
  );
}

/** Company settings: what each kind of contribution earns (admins). */
export function PointsRulesSection() {
  const rules = usePointsRules();
  return (
    <SettingsSection title={t(POINTS_RULES_MESSAGES.title)} description={t(POINTS_RULES_MESSAGES.description)}>
      <QueryStates
        query={rules}
        loading={t(POINTS_RULES_MESSAGES.loading)}
        failure={t(POINTS_RULES_MESSAGES.loadFailed)}
      >
        {(saved) => <RulesForm saved={saved} />}
      </QueryStates>
    </SettingsSection>
  );
}
