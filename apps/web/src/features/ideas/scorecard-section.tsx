import { type Idea, type IdeaScore, type IdeaScores, SCORE_NOTE_MAX_LENGTH } from "@ideaport/shared";
import { Alert, Button, Group, Radio, Stack, Table, Text, Textarea } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { ActionFeedback } from "../../components/action-feedback.tsx";
import { QueryStates } from "../../components/query-states.tsx";
import { ScrollableTable } from "../../components/scrollable-table.tsx";
import { errorMessageOf } from "../../lib/form-errors.ts";
import { formatLocale, t } from "../../lib/i18n.ts";
import { DetailSection } from "./idea-detail-section.tsx";
import { useIdeaScores, useScoreIdea } from "./scorecard.queries.ts";
import { SCORECARD_TEXTS } from "./scorecard.texts.ts";

const SCALE = ["1", "2", "3", "4", "5"] as const;

/** A score on the 1–5 scale, with one decimal in the reader's way of writing numbers. */
export function formatScore(value: number): string {
  return new Intl.NumberFormat(formatLocale(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
}

/** The weighted score and how many scored, as one line (the decision dialog and the scorecard say it). */
export function scoreLine(score: IdeaScore): string {
  return score.value === null
    ? t(SCORECARD_TEXTS.decisionNoScore, { count: score.count })
    : t(SCORECARD_TEXTS.decisionScore, { value: formatScore(score.value), count: score.count });
}

/** The warning shown when evaluators are two or more points apart on a criterion. */
export function DisagreementWarning({ score }: { score: IdeaScore }) {
  if (!score.disagreement) return null;
  return (
    <Alert color="yellow" icon={<IconAlertTriangle size={18} aria-hidden />} p="xs">
      <Text size="sm">{t(SCORECARD_TEXTS.disagreement)}</Text>
    </Alert>
  );
}

function ScoreSummary({ answer }: { answer: IdeaScores }) {
  const { score } = answer;
  return (
    <Stack gap={4}>
      <Text fw={700}>
        {score.value !== null
          ? t(SCORECARD_TEXTS.score, { value: formatScore(score.value) })
          : t(SCORECARD_TEXTS.noScoreYet)}
      </Text>
      <Text size="sm" c="gray.7">
        {t(SCORECARD_TEXTS.count, { count: score.count })}
      </Text>
      {score.can_score && !score.scored_by_me && score.count > 0 && (
        <Text size="sm" c="gray.7">
          {t(SCORECARD_TEXTS.hiddenUntilScored)}
        </Text>
      )}
      <DisagreementWarning score={score} />
    </Stack>
  );
}

function ScoringForm({ ideaId, answer }: { ideaId: string; answer: IdeaScores }) {
  const scoreIdea = useScoreIdea(ideaId);
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(Object.entries(answer.mine?.scores ?? {}).map(([id, value]) => [id, String(value)])),
  );
  const [note, setNote] = useState(answer.mine?.note ?? "");
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setSuccess(null);
    if (answer.criteria.some((criterion) => values[criterion.id] === undefined)) {
      setError(t(SCORECARD_TEXTS.scoreEvery));
      return;
    }
    try {
      await scoreIdea.mutateAsync({
        scores: Object.fromEntries(answer.criteria.map((criterion) => [criterion.id, Number(values[criterion.id])])),
        note: note.trim() === "" ? null : note,
      });
      setSuccess(t(SCORECARD_TEXTS.saved));
    } catch (caught) {
      setError(errorMessageOf(caught));
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t(SCORECARD_TEXTS.title)}>
      <Stack gap="sm">
        {answer.criteria.map((criterion) => (
          <Radio.Group
            key={criterion.id}
            label={t(SCORECARD_TEXTS.criterionScore, { name: criterion.name })}
            description={
              criterion.average === null
                ? criterion.description
                : `${criterion.description} ${t(SCORECARD_TEXTS.average, { value: formatScore(criterion.average) })}`
            }
            value={values[criterion.id] ?? null}
            onChange={(value) => setValues((current) => ({ ...current, [criterion.id]: value }))}
          >
            <Group gap="md" mt={4}>
              {SCALE.map((value) => (
                <Radio key={value} value={value} label={value} />
              ))}
            </Group>
          </Radio.Group>
        ))}
        <Textarea
          label={t(SCORECARD_TEXTS.note)}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          rows={2}
          resize="vertical"
          maxLength={SCORE_NOTE_MAX_LENGTH}
        />
        <Group>
          <Button type="submit" loading={scoreIdea.isPending}>
            {t(answer.mine ? SCORECARD_TEXTS.update : SCORECARD_TEXTS.submit)}
          </Button>
        </Group>
        <ActionFeedback success={success} error={error} />
      </Stack>
    </form>
  );
}

function EvaluationsTable({ answer }: { answer: IdeaScores }) {
  if (answer.evaluations.length === 0) return null;
  return (
    <ScrollableTable label={t(SCORECARD_TEXTS.evaluations)} minWidth={480}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t(SCORECARD_TEXTS.evaluator)}</Table.Th>
            {answer.criteria.map((criterion) => (
              <Table.Th key={criterion.id}>{criterion.name}</Table.Th>
            ))}
            <Table.Th>{t(SCORECARD_TEXTS.noteColumn)}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {answer.evaluations.map((evaluation) => (
            <Table.Tr key={evaluation.evaluator.id}>
              <Table.Td>{evaluation.evaluator.display_name}</Table.Td>
              {answer.criteria.map((criterion) => (
                <Table.Td key={criterion.id}>{evaluation.scores[criterion.id] ?? "–"}</Table.Td>
              ))}
              <Table.Td style={{ whiteSpace: "pre-wrap" }}>{evaluation.note ?? ""}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollableTable>
  );
}

function Scorecard({ idea }: { idea: Idea }) {
  const scores = useIdeaScores(idea.id);
  return (
    <QueryStates query={scores} loading={t(SCORECARD_TEXTS.loading)} failure={t(SCORECARD_TEXTS.title)}>
      {(answer) => (
        <Stack gap="md">
          <ScoreSummary answer={answer} />
          {/* Not keyed on `mine`: the refetch after a first save would remount the form and drop its confirmation. */}
          {answer.score.can_score && <ScoringForm ideaId={idea.id} answer={answer} />}
          <EvaluationsTable answer={answer} />
        </Stack>
      )}
    </QueryStates>
  );
}

/**
 * The idea's scorecard, for whoever may see its score: the weighted score, how many scored and a
 * warning when they disagree; the scoring form for its evaluators; everyone's scores once the
 * caller gave theirs.
 */
export function ScorecardSection({ idea }: { idea: Idea }) {
  if (!idea.score) return null;
  return (
    <DetailSection title={t(SCORECARD_TEXTS.title)}>
      <Scorecard idea={idea} />
    </DetailSection>
  );
}
