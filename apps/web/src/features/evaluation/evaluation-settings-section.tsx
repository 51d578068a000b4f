import {
  CRITERIA_MAX,
  CRITERION_WEIGHT_MAX,
  CRITERION_WEIGHT_MIN,
  type Criterion,
  translateSchemaMessage,
  UpdateCriteriaRequestSchema,
} from "@ideaport/shared";
import { ActionIcon, Button, Group, Paper, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { ActionFeedback } from "../../components/action-feedback.tsx";
import { QueryStates } from "../../components/query-states.tsx";
import { SettingsSection } from "../../components/settings-section.tsx";
import { errorMessageOf } from "../../lib/form-errors.ts";
import { t } from "../../lib/i18n.ts";
import { useCriteria, useUpdateCriteria } from "./evaluation.queries.ts";
import { EVALUATION_SETTINGS_TEXTS as T } from "./evaluation.texts.ts";

interface Row {
  /** The saved criterion's id; a new row has none. */
  id?: string;
  /** A key for the list, stable while the row is edited. */
  key: string;
  name: string;
  description: string;
  weight: string;
}

let nextKey = 0;
const rowsOf = (criteria: Criterion[]): Row[] =>
  criteria.map((criterion) => ({
    id: criterion.id,
    key: criterion.id,
    name: criterion.name,
    description: criterion.description,
    weight: String(criterion.weight),
  }));

function CriteriaForm({ saved }: { saved: Criterion[] }) {
  const update = useUpdateCriteria();
  const [rows, setRows] = useState<Row[]>(() => rowsOf(saved));
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  const change = (key: string, changes: Partial<Row>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...changes } : row)));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setSuccess(null);
    const body = {
      criteria: rows.map((row) => ({
        ...(row.id ? { id: row.id } : {}),
        name: row.name,
        description: row.description,
        weight: row.weight.trim() === "" ? Number.NaN : Number(row.weight),
      })),
    };
    const parsed = UpdateCriteriaRequestSchema.safeParse(body);
    if (!parsed.success) {
      setError(translateSchemaMessage(parsed.error.issues[0]!.message, t));
      return;
    }
    try {
      const answer = await update.mutateAsync(body);
      setRows(rowsOf(answer.criteria));
      setSuccess(t(T.saved));
    } catch (caught) {
      setError(errorMessageOf(caught));
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t(T.title)}>
      <Stack gap="sm">
        {rows.map((row, index) => (
          <Paper
            key={row.key}
            withBorder
            p="sm"
            radius="md"
            component="fieldset"
            aria-label={t(T.criterion, { number: index + 1 })}
          >
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <TextInput
                label={t(T.name)}
                value={row.name}
                onChange={(event) => change(row.key, { name: event.currentTarget.value })}
              />
              <TextInput
                label={t(T.criterionDescription)}
                value={row.description}
                onChange={(event) => change(row.key, { description: event.currentTarget.value })}
              />
              <Group gap="xs" align="flex-end" wrap="nowrap">
                <TextInput
                  type="number"
                  inputMode="numeric"
                  min={CRITERION_WEIGHT_MIN}
                  max={CRITERION_WEIGHT_MAX}
                  step={1}
                  label={t(T.weight)}
                  value={row.weight}
                  onChange={(event) => change(row.key, { weight: event.currentTarget.value })}
                  style={{ flex: 1 }}
                />
                <ActionIcon
                  variant="subtle"
                  color="red.9"
                  size="lg"
                  mb={2}
                  aria-label={t(T.remove, { name: row.name || t(T.criterion, { number: index + 1 }) })}
                  onClick={() => setRows((current) => current.filter((other) => other.key !== row.key))}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Group>
            </SimpleGrid>
          </Paper>
        ))}
        <Group>
          <Button
            variant="default"
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={rows.length >= CRITERIA_MAX}
            onClick={() => {
              nextKey += 1;
              setRows((current) => [...current, { key: `new-${nextKey}`, name: "", description: "", weight: "1" }]);
            }}
          >
            {t(T.add)}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t(T.save)}
          </Button>
        </Group>
        <ActionFeedback success={success} error={error} />
      </Stack>
    </form>
  );
}

/** Company Settings → Evaluation (admins): the criteria ideas are scored on, with their weights. */
export function EvaluationSettingsSection() {
  const criteria = useCriteria();
  return (
    <SettingsSection title={t(T.title)} description={t(T.description)}>
      <QueryStates query={criteria} loading={t(T.loading)} failure={t(T.loadFailed)}>
        {(answer) => <CriteriaForm saved={answer.criteria} />}
      </QueryStates>
    </SettingsSection>
  );
}
