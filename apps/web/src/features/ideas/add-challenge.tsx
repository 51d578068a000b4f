import { type Challenge, can } from "@ideaport/shared";
import { Button, Stack } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ActionFeedback } from "../../components/action-feedback.tsx";
import { lazyDialog } from "../../components/lazy-dialog.tsx";
import { useAuth } from "../../lib/auth-provider.tsx";
import { t } from "../../lib/i18n.ts";
import type { SessionUser } from "../../lib/session.ts";
import { teamsQueryOptions } from "../teams/index.ts";
import type { TeamOption } from "./challenge-form-dialogs.tsx";
import { ADD_CHALLENGE_MESSAGES } from "./ideas.texts.ts";

/** The New challenge dialog (challenge-form-dialogs.tsx): its form and dialog code load when it first opens. */
const NewChallengeDialog = lazyDialog(
  () => import("./challenge-form-dialogs.tsx").then((module) => module.NewChallengeModal),
  { isOpen: (props) => props.opened, closed: (props) => ({ ...props, opened: false }) },
);

/**
 * The teams the shared challenge.post_team rule lets the user post for: the ones they manage
 * first, then any other team of the company it allows (all of them, for an admin).
 */
function useTeamOptions(user: SessionUser | null): TeamOption[] {
  // Only those who may list teams ask for them (an employee proposes company challenges only).
  const teams = useQuery({ ...teamsQueryOptions(), enabled: user !== null && can(user, "settings.team") });
  if (!user) return [];
  const managed = user.team.filter((entry) => entry.is_manager).map(({ id, name }) => ({ id, name }));
  const managedIds = new Set(managed.map((team) => team.id));
  const others = (teams.data?.teams ?? [])
    .filter((team) => !managedIds.has(team.id) && can(user, "challenge.post_team", { teamId: team.id }))
    .map(({ id, name }) => ({ id, name }));
  return [...managed, ...others];
}

/**
 * The "Add challenge" button and its dialog: title, description, scope (a team the user manages,
 * any team for admins, or the company: a proposal unless the user is an admin), dates and reward.
 */
export function AddChallenge({
  onCreated,
  label,
  isTourTarget = true,
}: {
  onCreated?: (challenge: Challenge) => void;
  /** The button's text. */
  label?: string;
  /** Marks the button as the tours' "add challenge" step (one button per page carries it). */
  isTourTarget?: boolean;
}) {
  const { user } = useAuth();
  const [isOpen, setOpen] = useState(false);
  const [success, setSuccess] = useState<string | null>(null);
  const teamOptions = useTeamOptions(user);
  if (!user) return null;

  return (
    <Stack gap={4} align="flex-end">
      <Button
        leftSection={<IconPlus size={16} aria-hidden />}
        data-tour={isTourTarget ? "add-challenge" : undefined}
        onPointerEnter={NewChallengeDialog.preload}
        onFocus={NewChallengeDialog.preload}
        onClick={() => {
          setSuccess(null);
          setOpen(true);
        }}
      >
        {label ?? t(ADD_CHALLENGE_MESSAGES.addChallenge)}
      </Button>
      <ActionFeedback success={success} />
      <NewChallengeDialog
        opened={isOpen}
        user={user}
        teamOptions={teamOptions}
        onClose={() => setOpen(false)}
        onDone={(message, challenge) => {
          setOpen(false);
          setSuccess(message);
          onCreated?.(challenge);
        }}
      />
    </Stack>
  );
}
