import { CreateTeamRequestSchema, type TeamSummary, VALIDATION_MESSAGES } from "@ideaport/shared";
import { Button, Group, Stack, Table, TextInput } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { ActionFeedback } from "../../components/action-feedback.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { lazyDialog } from "../../components/lazy-dialog.tsx";
import { QueryStates } from "../../components/query-states.tsx";
import { ScrollableTable } from "../../components/scrollable-table.tsx";
import { SettingsSection } from "../../components/settings-section.tsx";
import { errorMessageOf } from "../../lib/form-errors.ts";
import { t } from "../../lib/i18n.ts";
import { useSchemaForm } from "../../lib/use-schema-form.ts";
import { useCreateTeam, useDeleteTeam, useTeams } from "./management.queries.ts";
import { TableHead } from "./table-head.tsx";
import { TEAM_NAME_ERROR_CODES, takenTeamName } from "./team-names.ts";
import { RemoveButton } from "./team-table.tsx";
import { TEAMS_TEXTS } from "./teams.texts.ts";

/** The Rename team dialog (rename-team-dialog.tsx), loaded when it first opens. */
const RenameTeamDialog = lazyDialog(() => import("./rename-team-dialog.tsx").then((module) => module.RenameTeamModal), {
  isOpen: (props) => props.team !== null,
  closed: (props) => ({ ...props, team: null }),
});

type Feedback = { success?: string; error?: string };

function CreateTeamForm({ teams, onCreated }: { teams: readonly TeamSummary[]; onCreated: (name: string) => void }) {
  const createTeam = useCreateTeam();
  const form = useSchemaForm(CreateTeamRequestSchema, {
    defaultValues: { name: "" },
    fieldNames: { name: "name" },
    codeFields: Object.fromEntries(TEAM_NAME_ERROR_CODES.map((code) => [code, "name" as const])),
  });

  const onSubmit = form.submit(
    ({ name }) => {
      const taken = takenTeamName(name, teams);
      if (taken === null) return createTeam.mutateAsync(name);
      form.setError("name", { type: "duplicate", message: t(VALIDATION_MESSAGES.teamAlreadyExists, { name: taken }) });
      return null;
    },
    {
      onSuccess: (answer) => {
        if (!answer) return;
        form.reset({ name: "" });
        onCreated(answer.team.name);
      },
    },
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Create a team">
      <Stack gap="xs">
        <Group align="flex-start" gap="sm">
          <TextInput label="New team name" required miw={260} {...form.field("name")} />
          <Button
            type="submit"
            loading={form.formState.isSubmitting}
            leftSection={<IconPlus size={16} aria-hidden />}
            mt={25}
          >
            Create team
          </Button>
        </Group>
        <ActionFeedback error={form.formError} />
      </Stack>
    </form>
  );
}

/** Company Settings' "Team management": create, rename and delete teams (admins). */
export function TeamManagementSection() {
  const teams = useTeams();
  const deleteTeam = useDeleteTeam();
  const [feedback, setFeedback] = useState<Feedback>({});
  const [toRename, setToRename] = useState<TeamSummary | null>(null);
  const [toDelete, setToDelete] = useState<TeamSummary | null>(null);
  const list = teams.data?.teams ?? [];

  const confirmDeletion = () => {
    if (!toDelete) return;
    const team = toDelete;
    deleteTeam.mutate(team.id, {
      onSuccess: ({ archived }) => {
        setToDelete(null);
        setFeedback({
          success: archived
            ? `Team ${team.name} was archived: its ideas and history are kept, and it no longer appears in lists.`
            : `Team ${team.name} was deleted.`,
        });
      },
    });
  };

  const closeDeletion = () => {
    setToDelete(null);
    deleteTeam.reset();
  };

  return (
    <SettingsSection
      title="Team management"
      description="Create, rename and delete teams. A team must be empty before it can be deleted."
      dataTour="team-management"
    >
      <CreateTeamForm teams={list} onCreated={(name) => setFeedback({ success: `Team ${name} was created.` })} />
      <ActionFeedback success={feedback.success} error={feedback.error} />
      <QueryStates
        query={teams}
        loading={TEAMS_TEXTS.loadingTeams}
        failure="Could not load the teams."
        isEmpty={(data) => data.teams.length === 0}
        empty="There are no teams yet. Create the first one above."
      >
        {() => (
          <ScrollableTable label="Teams table" minWidth={420}>
            <Table aria-label="Teams" verticalSpacing="sm">
              <TableHead columns={["Team", "Members"]} withActions />
              <Table.Tbody>
                {list.map((team) => (
                  <Table.Tr key={team.id}>
                    <Table.Th scope="row" fw={500}>
                      {team.name}
                    </Table.Th>
                    <Table.Td>{team.member_count}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="subtle"
                          aria-label={`Rename team ${team.name}`}
                          onClick={() => {
                            setFeedback({});
                            setToRename(team);
                          }}
                        >
                          Rename
                        </Button>
                        <RemoveButton
                          aria-label={`Delete team ${team.name}`}
                          onClick={() => {
                            setFeedback({});
                            deleteTeam.reset();
                            setToDelete(team);
                          }}
                        >
                          Delete
                        </RemoveButton>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollableTable>
        )}
      </QueryStates>
      <RenameTeamDialog
        team={toRename}
        teams={list}
        onClose={() => setToRename(null)}
        onRenamed={(from, to) => {
          setToRename(null);
          setFeedback({ success: `Team ${from} is now called ${to}.` });
        }}
      />
      <ConfirmDialog
        opened={toDelete !== null}
        title={TEAMS_TEXTS.deleteTeam}
        confirmLabel={TEAMS_TEXTS.deleteTeam}
        onConfirm={confirmDeletion}
        onCancel={closeDeletion}
        isPending={deleteTeam.isPending}
        error={deleteTeam.isError ? errorMessageOf(deleteTeam.error) : null}
      >
        {toDelete ? `Delete the team ${toDelete.name}? Pending invitations to it are revoked.` : ""}
      </ConfirmDialog>
    </SettingsSection>
  );
}
