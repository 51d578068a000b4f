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
import { TEAM_MANAGEMENT_MESSAGES, TEAMS_COLUMNS, TEAMS_TEXTS } from "./teams.texts.ts";

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
    <form onSubmit={onSubmit} noValidate aria-label={t(TEAM_MANAGEMENT_MESSAGES.createForm)}>
      <Stack gap="xs">
        <Group align="flex-start" gap="sm">
          <TextInput label={t(TEAM_MANAGEMENT_MESSAGES.newTeamName)} required miw={260} {...form.field("name")} />
          <Button
            type="submit"
            loading={form.formState.isSubmitting}
            leftSection={<IconPlus size={16} aria-hidden />}
            mt={25}
          >
            {t(TEAM_MANAGEMENT_MESSAGES.createTeam)}
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
            ? t(TEAM_MANAGEMENT_MESSAGES.archived, { name: team.name })
            : t(TEAM_MANAGEMENT_MESSAGES.deleted, { name: team.name }),
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
      title={t(TEAM_MANAGEMENT_MESSAGES.title)}
      description={t(TEAM_MANAGEMENT_MESSAGES.description)}
      dataTour="team-management"
    >
      <CreateTeamForm
        teams={list}
        onCreated={(name) => setFeedback({ success: t(TEAM_MANAGEMENT_MESSAGES.created, { name }) })}
      />
      <ActionFeedback success={feedback.success} error={feedback.error} />
      <QueryStates
        query={teams}
        loading={t(TEAMS_TEXTS.loadingTeams)}
        failure={t(TEAM_MANAGEMENT_MESSAGES.loadFailed)}
        isEmpty={(data) => data.teams.length === 0}
        empty={t(TEAM_MANAGEMENT_MESSAGES.empty)}
      >
        {() => (
          <ScrollableTable label={t(TEAM_MANAGEMENT_MESSAGES.tableRegion)} minWidth={420}>
            <Table aria-label={t(TEAM_MANAGEMENT_MESSAGES.table)} verticalSpacing="sm">
              <TableHead columns={[t(TEAMS_TEXTS.team), t(TEAMS_COLUMNS.members)]} withActions />
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
                          aria-label={t(TEAM_MANAGEMENT_MESSAGES.renameTeam, { name: team.name })}
                          onClick={() => {
                            setFeedback({});
                            setToRename(team);
                          }}
                        >
                          {t(TEAM_MANAGEMENT_MESSAGES.rename)}
                        </Button>
                        <RemoveButton
                          aria-label={t(TEAM_MANAGEMENT_MESSAGES.deleteTeamNamed, { name: team.name })}
                          onClick={() => {
                            setFeedback({});
                            deleteTeam.reset();
                            setToDelete(team);
                          }}
                        >
                          {t(TEAM_MANAGEMENT_MESSAGES.delete)}
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
          setFeedback({ success: t(TEAM_MANAGEMENT_MESSAGES.renamed, { from, to }) });
        }}
      />
      <ConfirmDialog
        opened={toDelete !== null}
        title={t(TEAMS_TEXTS.deleteTeam)}
        confirmLabel={t(TEAMS_TEXTS.deleteTeam)}
        onConfirm={confirmDeletion}
        onCancel={closeDeletion}
        isPending={deleteTeam.isPending}
        error={deleteTeam.isError ? errorMessageOf(deleteTeam.error) : null}
      >
        {toDelete ? t(TEAM_MANAGEMENT_MESSAGES.confirmDeletion, { name: toDelete.name }) : ""}
      </ConfirmDialog>
    </SettingsSection>
  );
}
