import { IDEA_STATUSES, ROUTES, settingsPath } from "@ideaport/shared";
import { Button, Group, Paper, Progress, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCheck, IconCircleDashed } from "@tabler/icons-react";
import { useInfiniteQuery, useQueries, useQuery } from "@tanstack/react-query";
import { type ReactNode, useId } from "react";
import { Link } from "react-router";
import { t } from "../../lib/i18n.ts";
import { newsListQueryOptions, rewardsQueryOptions } from "../company-portal/index.ts";
import { companyQueryOptions, teamInvitationsQueryOptions, teamsQueryOptions } from "../teams/index.ts";
import { AddChallenge } from "./add-challenge.tsx";
import { challengesQueryOptions } from "./challenges.queries.ts";
import { ideasQueryOptions } from "./ideas.queries.ts";
import { ACTION_STATUS_LABELS, CHECKLIST_MESSAGES, MANAGER_MESSAGES } from "./ideas.texts.ts";

/** Every status of an idea someone has submitted: all but the author's private draft. */
const SUBMITTED_STATUSES = IDEA_STATUSES.filter((status) => status !== "draft");

interface ChecklistItem {
  key: string;
  title: string;
  description: string;
  isDone: boolean;
  /** What takes the admin there; shown while the step is still to do. */
  action: ReactNode;
}

/**
 * Whether a company is new: none of its ideas has been submitted yet. `undefined` while the
 * first page of submitted ideas loads, or when it cannot load.
 */
function useIsNewCompany(): boolean | undefined {
  const ideas = useInfiniteQuery(ideasQueryOptions({ status: SUBMITTED_STATUSES }));
  if (!ideas.isSuccess) return undefined;
  return ideas.data.pages.every((page) => page.ideas.length === 0);
}

/**
 * The four first steps of a new company, each read from the data it leaves behind: a challenge
 * exists; someone besides the admin is a member or has a pending invitation; a news post is
 * published; the rewards catalogue has a reward that is not archived. `null` while any of them
 * loads or cannot load, or when `enabled` is false (nothing is fetched then).
 */
function useChecklistProgress(enabled: boolean) {
  const challenges = useInfiniteQuery({ ...challengesQueryOptions({}), enabled });
  const company = useQuery({ ...companyQueryOptions(), enabled });
  const news = useInfiniteQuery({ ...newsListQueryOptions(null), enabled });
  const rewards = useQuery({ ...rewardsQueryOptions(), enabled });
  const hasMembers = company.isSuccess ? company.data.company.member_count > 1 : undefined;
  // Pending invitations are kept per team: they are read only while the admin is still alone.
  const isAlone = enabled && hasMembers === false;
  const teams = useQuery({ ...teamsQueryOptions(), enabled: isAlone });
  const teamIds = isAlone && teams.isSuccess ? teams.data.teams.map((team) => team.id) : [];
  const invitations = useQueries({
    queries: teamIds.map((teamId) => teamInvitationsQueryOptions(teamId)),
    combine: (results) => ({
      isSuccess: results.every((result) => result.isSuccess),
      hasAny: results.some((result) => (result.data?.invitations.length ?? 0) > 0),
    }),
  });

  if (!enabled || !challenges.isSuccess || !news.isSuccess || !rewards.isSuccess || hasMembers === undefined) {
    return null;
  }
  if (hasMembers === false && (!teams.isSuccess || !invitations.isSuccess)) return null;
  return {
    challengePosted: challenges.data.pages.some((page) => page.challenges.length > 0),
    teamInvited: hasMembers || invitations.hasAny,
    newsPublished: news.data.pages.some((page) => page.news.some((post) => post.status === "published")),
    rewardsSetUp: rewards.data.rewards.some((reward) => !reward.archived),
  };
}

function ChecklistEntry({ item }: { item: ChecklistItem }) {
  return (
    <Group component="li" gap="sm" wrap="nowrap" align="flex-start">
      <ThemeIcon
        size={28}
        radius="xl"
        variant={item.isDone ? "filled" : "light"}
        color={item.isDone ? "green.9" : "gray.7"}
        aria-hidden
      >
        {item.isDone ? <IconCheck size={16} /> : <IconCircleDashed size={16} />}
      </ThemeIcon>
      <Stack gap={4} style={{ flex: 1 }}>
        <Text fw={600}>
          {item.title}
          <Text component="span" size="sm" fw={400} c={item.isDone ? "green.9" : "gray.7"}>
            {` · ${t(item.isDone ? ACTION_STATUS_LABELS.done : ACTION_STATUS_LABELS.todo)}`}
          </Text>
        </Text>
        {!item.isDone && (
          <>
            <Text size="sm" c="gray.7">
              {item.description}
            </Text>
            <Group>{item.action}</Group>
          </>
        )}
      </Stack>
    </Group>
  );
}

/**
 * Administrators of a new company (no idea submitted yet), on the manager page: "Get your
 * company started", four steps that tick themselves off from the company's data, each with the
 * way to do it. It is not shown once every step is done, or once the company has ideas.
 */
export function NewCompanyChecklist() {
  const headingId = useId();
  const isNew = useIsNewCompany();
  const progress = useChecklistProgress(isNew === true);
  if (!progress) return null;

  const items: ChecklistItem[] = [
    {
      key: "challenge",
      title: t(CHECKLIST_MESSAGES.postChallenge),
      description: t(CHECKLIST_MESSAGES.postChallengeHint),
      isDone: progress.challengePosted,
      action: <AddChallenge label={t(CHECKLIST_MESSAGES.postChallenge)} isTourTarget={false} />,
    },
    {
      key: "invite",
      title: t(MANAGER_MESSAGES.inviteTeam),
      description: t(CHECKLIST_MESSAGES.inviteTeamHint),
      isDone: progress.teamInvited,
      action: (
        <Button component={Link} to={settingsPath("team")} variant="light">
          {t(CHECKLIST_MESSAGES.invitePeople)}
        </Button>
      ),
    },
    {
      key: "news",
      title: t(CHECKLIST_MESSAGES.publishNews),
      description: t(CHECKLIST_MESSAGES.publishNewsHint),
      isDone: progress.newsPublished,
      action: (
        <Button component={Link} to={ROUTES.managerCompany} variant="light">
          {t(CHECKLIST_MESSAGES.writeNews)}
        </Button>
      ),
    },
    {
      key: "rewards",
      title: t(CHECKLIST_MESSAGES.setUpRewards),
      description: t(CHECKLIST_MESSAGES.setUpRewardsHint),
      isDone: progress.rewardsSetUp,
      action: (
        <Button component={Link} to={ROUTES.managerCompany} variant="light">
          {t(CHECKLIST_MESSAGES.addRewards)}
        </Button>
      ),
    },
  ];
  const done = items.filter((item) => item.isDone).length;
  if (done === items.length) return null;

  return (
    <Paper component="section" withBorder p="lg" radius="md" aria-labelledby={headingId}>
      <Stack gap="md">
        {/* The administrator tour's welcome points at this heading, leaving the steps below in view. */}
        <div data-tour="tour-welcome">
          <Title order={2} size="h3" id={headingId}>
            {t(CHECKLIST_MESSAGES.title)}
          </Title>
          <Text size="sm" c="gray.7">
            {t(CHECKLIST_MESSAGES.progress, { done, total: items.length })}
          </Text>
        </div>
        <Progress value={(done / items.length) * 100} color="green.9" aria-label={t(CHECKLIST_MESSAGES.stepsDone)} />
        <Stack component="ul" gap="md" m={0} p={0} style={{ listStyle: "none" }} aria-labelledby={headingId}>
          {items.map((item) => (
            <ChecklistEntry key={item.key} item={item} />
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
