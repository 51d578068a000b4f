import { type Challenge, can, EVALUATOR_CANDIDATES_PAGE_SIZE, type PersonRef } from "@ideaport/shared";
import { ActionIcon, Button, Group, Select, Stack, Text, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconX } from "@tabler/icons-react";
import { useId, useState } from "react";
import { ActionFeedback } from "../../components/action-feedback.tsx";
import { QueryStates } from "../../components/query-states.tsx";
import { useAuth } from "../../lib/auth-provider.tsx";
import { errorMessageOf } from "../../lib/form-errors.ts";
import { t } from "../../lib/i18n.ts";
import { useChallengeEvaluators, useChangeEvaluators, useEvaluatorCandidates } from "./evaluation.queries.ts";
import { EVALUATORS_TEXTS as T } from "./evaluation.texts.ts";

/** How long the picker waits after the last key before it asks the server. */
const SEARCH_DEBOUNCE_MS = 250;

/**
 * The colleague to invite: a type-ahead over the company's active people (the server searches
 * names and e-mails, 20 at a time); whoever is invited already is not offered.
 */
function ColleaguePicker({
  challengeId,
  chosen,
  onChoose,
}: {
  challengeId: string;
  chosen: PersonRef | null;
  onChoose: (person: PersonRef | null) => void;
}) {
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  // Once a colleague is chosen the box shows their name: the list keeps what was searched for.
  const asked = chosen !== null && debounced === chosen.display_name ? "" : debounced;
  const candidates = useEvaluatorCandidates(challengeId, asked);
  const found = candidates.data?.users ?? [];
  const people = chosen && !found.some((person) => person.id === chosen.id) ? [chosen, ...found] : found;
  let description: string | undefined;
  if (candidates.isError) description = t(T.searchFailed);
  else if (candidates.data?.next_cursor) description = t(T.typeMore, { count: EVALUATOR_CANDIDATES_PAGE_SIZE });
  return (
    <Select
      label={t(T.person)}
      placeholder={t(T.searchPlaceholder)}
      description={description}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      // The server filtered already: every option it answered is shown.
      filter={({ options }) => options}
      data={people.map((person) => ({ value: person.id, label: person.display_name }))}
      value={chosen?.id ?? null}
      onChange={(value) => onChoose(people.find((person) => person.id === value) ?? null)}
      nothingFoundMessage={candidates.isFetching ? t(T.searching) : t(T.nobodyFound)}
      style={{ minWidth: "16rem" }}
    />
  );
}

function EvaluatorsEditor({ challenge }: { challenge: Challenge }) {
  const evaluators = useChallengeEvaluators(challenge.id);
  const change = useChangeEvaluators(challenge.id);
  const [chosen, setChosen] = useState<PersonRef | null>(null);
  const [pickerKey, setPickerKey] = useState(0);
  const [error, setError] = useState<string | null>(null);

  const run = async (variables: { invite: string } | { remove: string }) => {
    setError(null);
    try {
      await change.mutateAsync(variables);
      if ("invite" in variables) {
        setChosen(null);
        // A fresh picker: its search box empties with the invitation.
        setPickerKey((key) => key + 1);
      }
    } catch (caught) {
      setError(errorMessageOf(caught));
    }
  };

  return (
    <QueryStates query={evaluators} loading={t(T.title)} failure={t(T.loadFailed)}>
      {(answer) => (
        <Stack gap="xs">
          {answer.evaluators.length === 0 ? (
            <Text size="sm" c="gray.7">
              {t(T.none)}
            </Text>
          ) : (
            <Stack gap={4} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
              {answer.evaluators.map((person) => (
                <Group key={person.id} gap="xs" component="li">
                  <Text size="sm">{person.display_name}</Text>
                  <ActionIcon
                    variant="subtle"
                    color="red.9"
                    aria-label={t(T.remove, { name: person.display_name })}
                    onClick={() => void run({ remove: person.id })}
                  >
                    <IconX size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              ))}
            </Stack>
          )}
          <Group gap="sm" align="flex-end">
            <ColleaguePicker key={pickerKey} challengeId={challenge.id} chosen={chosen} onChoose={setChosen} />
            <Button
              disabled={chosen === null}
              loading={change.isPending}
              onClick={() => chosen && void run({ invite: chosen.id })}
            >
              {t(T.invite)}
            </Button>
          </Group>
          <ActionFeedback error={error} />
        </Stack>
      )}
    </QueryStates>
  );
}

/** A challenge's invited evaluators, for an admin or the challenge's creator to invite and take off. */
export function EvaluatorsSection({ challenge }: { challenge: Challenge }) {
  const { user } = useAuth();
  const headingId = useId();
  const subject = { scope: challenge.scope, status: challenge.status, createdBy: challenge.created_by };
  if (!user || !can(user, "challenge.invite_evaluators", { challenge: subject })) return null;
  return (
    <Stack component="section" gap="xs" aria-labelledby={headingId}>
      <Title order={3} size="h5" id={headingId}>
        {t(T.title)}
      </Title>
      <Text size="sm" c="gray.7">
        {t(T.description)}
      </Text>
      <EvaluatorsEditor challenge={challenge} />
    </Stack>
  );
}
