import { zodResolver } from "@hookform/resolvers/zod";
import { CreateTeamRequestSchema, type TeamSummary, VALIDATION_MESSAGES } from "@ideaport/shared";
import { Button, Group, Modal, Stack, TextInput } from "@mantine/core";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { ActionFeedback } from "../../components/action-feedback.tsx";
import { applyServerFieldErrors, errorMessageOf, hasErrorCode } from "../../lib/form-errors.ts";
import { useRenameTeam } from "./management.queries.ts";
import { TEAM_NAME_ERROR_CODES, takenTeamName } from "./team-names.ts";

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
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ name: string }>({ resolver: zodResolver(CreateTeamRequestSchema), defaultValues: { name: team.name } });

  const onSubmit = handleSubmit(async ({ name }) => {
    setFormError(null);
    const taken = takenTeamName(name, teams, team.id);
    if (taken !== null) {
      setError("name", { type: "duplicate", message: VALIDATION_MESSAGES.teamAlreadyExists(taken) });
      return;
    }
    try {
      const answer = await renameTeam.mutateAsync({ teamId: team.id, name });
      onRenamed(team.name, answer.team.name);
    } catch (error) {
      if (TEAM_NAME_ERROR_CODES.some((code) => hasErrorCode(error, code))) {
        setError("name", { type: "server", message: errorMessageOf(error) }, { shouldFocus: true });
        return;
      }
      if (!applyServerFieldErrors(error, setError, { name: "name" })) setFormError(errorMessageOf(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <TextInput label="Team name" required data-autofocus error={errors.name?.message} {...register("name")} />
        <ActionFeedback error={formError} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
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
    <Modal opened={team !== null} onClose={onClose} title={shown ? `Rename ${shown.name}` : ""} centered>
      {shown && <RenameTeamForm key={shown.id} team={shown} teams={teams} onClose={onClose} onRenamed={onRenamed} />}
    </Modal>
  );
}
