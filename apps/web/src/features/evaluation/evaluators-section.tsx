import { type Challenge, can } from "@ideaport/shared";
import { ActionIcon, Button, Group, NativeSelect, Stack, Text, Title } from "@mantine/core";
import { IconX } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { ActionFeedback } from "../../components/action-feedback.tsx";
import { QueryStates } from "../../components/query-states.tsx";
import { useAuth } from "../../lib/auth-provider.tsx";
import { errorMessageOf } from "../../lib/form-errors.ts";
import { t } from "../../lib/i18n.ts";
import { teamMembersQueryOptions, useCompanyUsers } from "../teams/index.ts";
import { useChallengeEvaluators, useChangeEvaluators } from "./evaluation.queries.ts";
import { EVALUATORS_TEXTS as T } from "./evaluation.texts.ts";

/** The colleagues the picker offers: the company's people for admins, the challenge team's for its creator. */
function useColleagues(challenge: Challenge, isAdmin: boolean) {
  const company = useCompanyUsers("");
  const team = useQuery({
    ...teamMembersQueryOptions(challenge.team_id ?? ""),
    enabled: !isAdmin && challenge.team_id !== null,
  });
  const people = isAdmin
    ? (company.data?.pages.flatMap((page) => page.users) ?? []).map((user) => ({
        id: user.id,
        name: user.display_name,
        active: user.is_active,
      }))
    : (team.data?.members ?? []).map((member) => ({
        id: member.id,
        name: member.display_name,
        active: member.is_active,
      }));
  return people.filter((person) => person.active);
}

function EvaluatorsEditor({ challenge, isAdmin }: { challenge: Challenge; isAdmin: boolean }) {
  const evaluators = useChallengeEvaluators(challenge.id);
  const change = useChangeEvaluators(challenge.id);
  const colleagues = useColleagues(challenge, isAdmin);
  const [chosen, setChosen] = useState("");
  const [error, setError] = useState<string | null>(null);

  const run = async (variables: { invite: string } | { remove: string }) => {
    setError(null);
    try {
      await change.mutateAsync(variables);
      setChosen("");
    } catch (caught) {
      setError(errorMessageOf(caught));
    }
  };

  return (
    <QueryStates query={evaluators} loading={t(T.title)} failure={t(T.loadFailed)}>
      {(answer) => {
        const invited = new Set(answer.evaluators.map((person) => person.id));
        const options = colleagues.filter((person) => !invited.has(person.id));
        return (
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
              <NativeSelect
                label={t(T.person)}
                value={chosen}
                onChange={(event) => setChosen(event.currentTarget.value)}
                data={[
                  { value: "", label: "" },
                  ...options.map((person) => ({ value: person.id, label: person.name })),
                ]}
              />
              <Button disabled={chosen === ""} loading={change.isPending} onClick={() => void run({ invite: chosen })}>
                {t(T.invite)}
              </Button>
            </Group>
            <ActionFeedback error={error} />
          </Stack>
        );
      }}
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
      <EvaluatorsEditor challenge={challenge} isAdmin={can(user, "evaluation.manage")} />
    </Stack>
  );
}
