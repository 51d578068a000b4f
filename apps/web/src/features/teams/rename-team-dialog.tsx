import { CreateTeamRequestSchema, type TeamSummary, VALIDATION_MESSAGES } from "@ideaport/shared";
import { Modal, TextInput } from "@mantine/core";
import { useState } from "react";
import { DialogForm } from "../../components/dialog-form.tsx";
import { t } from "../../lib/i18n.ts";
import { useSchemaForm } from "../../lib/use-schema-form.ts";
import { useRenameTeam } from "./management.queries.ts";
import { TEAM_NAME_ERROR_CODES, takenTeamName } from "./team-names.ts";
import { TEAM_MANAGEMENT_MESSAGES } from "./teams.texts.ts";

function RenameTeamForm({
  team,
  teams,
  onClose,
  onRenamed,
}: {
  team: TeamSummary;
  teams: readonly TeamSummary[];
  onClose: () => void;
  onRenamed: (from: string, to: string) => void;
}) {
  const renameTeam = useRenameTeam();
  const form = useSchemaForm(CreateTeamRequestSchema, {
    defaultValues: { name: team.name },
    fieldNames: { name: "name" },
    codeFields: Object.fromEntries(TEAM_NAME_ERROR_CODES.map((code) => [code, "name" as const])),
  });

  const onSubmit = form.submit(
    ({ name }) => {
      const taken = takenTeamName(name, teams, team.id);
      if (taken === null) return renameTeam.mutateAsync({ teamId: team.id, name });
      form.setError("name", { type: "duplicate", message: t(VALIDATION_MESSAGES.teamAlreadyExists, { name: taken }) });
      return null;
    },
    { onSuccess: (answer) => answer && onRenamed(team.name, answer.team.name) },
  );

  return (
    <DialogForm
      onSubmit={onSubmit}
      error={form.formError}
      onCancel={onClose}
      submitLabel={t(TEAM_MANAGEMENT_MESSAGES.save)}
      isSubmitting={form.formState.isSubmitting}
    >
      <TextInput label={t(TEAM_MANAGEMENT_MESSAGES.teamName)} required data-autofocus {...form.field("name")} />
    </DialogForm>
  );
}

/**
 * The Rename team dialog. Company settings (company-settings.tsx) load it when it first opens.
 */
export function RenameTeamModal({
  team,
  teams,
  onClose,
  onRenamed,
}: {
  /** The team being renamed; null keeps the dialog closed. */
  team: TeamSummary | null;
  teams: readonly TeamSummary[];
  onClose: () => void;
  onRenamed: (from: string, to: string) => void;
}) {
  // The last team shown stays in the dialog while it closes.
  const [shown, setShown] = useState(team);
  if (team !== null && team !== shown) setShown(team);
  return (
    <Modal
      opened={team !== null}
      onClose={onClose}
      title={shown ? t(TEAM_MANAGEMENT_MESSAGES.renameTitle, { name: shown.name }) : ""}
      centered
    >
      {shown && <RenameTeamForm key={shown.id} team={shown} teams={teams} onClose={onClose} onRenamed={onRenamed} />}
    </Modal>
  );
}
