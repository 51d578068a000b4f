import type { PersonRef } from "@ideaport/shared";
import { useQuery } from "@tanstack/react-query";
import { useAuth } from "../../lib/auth-provider.tsx";
import { t } from "../../lib/i18n.ts";
import { teamMembersQueryOptions } from "../teams/index.ts";
import { ACTION_BOARD_MESSAGES } from "./ideas.texts.ts";

/**
 * The people an action can be given to, by name: the idea team's active members, whoever owns it
 * now and the viewer ("(you)"). Owners who do not manage the team cannot list its members
 * (`isUnavailable`); they still see the current owner and themselves.
 */
export function useActionOwnerOptions(teamId: string | null, currentOwner: PersonRef | null) {
  const { user } = useAuth();
  const members = useQuery({ ...teamMembersQueryOptions(teamId ?? ""), enabled: teamId !== null });
  const options = new Map<string, string>();
  if (currentOwner) options.set(currentOwner.id, currentOwner.display_name);
  for (const member of members.data?.members ?? []) {
    if (member.is_active) options.set(member.id, member.display_name);
  }
  if (user && !options.has(user.id)) options.set(user.id, t(ACTION_BOARD_MESSAGES.you, { name: user.display_name }));
  const sorted = [...options.entries()].sort((a, b) => a[1].localeCompare(b[1]));
  return {
    options: sorted.map(([value, label]) => ({ value, label })),
    isLoading: members.isLoading,
    isUnavailable: members.isError,
  };
}

/** The line under an owner picker while the team's people load or cannot be listed. */
export function ownerOptionsHint(owners: { isLoading: boolean; isUnavailable: boolean }): string | undefined {
  if (owners.isLoading) return t(ACTION_BOARD_MESSAGES.loadingPeople);
  if (owners.isUnavailable) return t(ACTION_BOARD_MESSAGES.peopleUnavailable);
  return undefined;
}
