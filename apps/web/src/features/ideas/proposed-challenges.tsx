import { type Challenge, challengeRewardText } from "@ideaport/shared";
import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconCheck, IconX } from "@tabler/icons-react";
import { useId, useState } from "react";
import { ActionFeedback } from "../../components/action-feedback.tsx";
import { lazyDialog } from "../../components/lazy-dialog.tsx";
import { CardTitle, ListCard } from "../../components/list-card.tsx";
import { QueryStates } from "../../components/query-states.tsx";
import { ShowMoreButton } from "../../components/show-more-button.tsx";
import { errorMessageOf } from "../../lib/form-errors.ts";
import { formatDate } from "../../lib/format.ts";
import { t, tRich } from "../../lib/i18n.ts";
import { describeDeadline } from "./challenge-list.tsx";
import { useDecideChallenge, useProposedChallenges } from "./challenges.queries.ts";
import { IDEAS_TEXTS, PROPOSAL_MESSAGES, TRANSITION_LABELS } from "./ideas.texts.ts";

/** The Deny proposal dialog (deny-proposal-dialog.tsx), loaded when it first opens. */
const DenyProposalDialog = lazyDialog(
  () => import("./deny-proposal-dialog.tsx").then((module) => module.DenyProposalModal),
  { isOpen: (props) => props.challenge !== null, closed: (props) => ({ ...props, challenge: null }) },
);

function ProposalCard({
  challenge,
  isBusy,
  onApprove,
  onDeny,
}: {
  challenge: Challenge;
  isBusy: boolean;
  onApprove: (challenge: Challenge) => void;
  onDeny: (challenge: Challenge) => void;
}) {
  const titleId = useId();
  const proposedOn = new Date(challenge.created_at);
  const proposer = challenge.created_by_name ?? t(PROPOSAL_MESSAGES.formerMember);
  return (
    <ListCard titleId={titleId} gap="xs">
      <CardTitle id={titleId}>{challenge.title}</CardTitle>
      <Text size="xs" c="gray.7">
        {Number.isNaN(proposedOn.getTime())
          ? t(PROPOSAL_MESSAGES.proposedBy, { name: proposer })
          : tRich(PROPOSAL_MESSAGES.proposedByOn, {
              name: proposer,
              date: <time dateTime={challenge.created_at}>{formatDate(proposedOn)}</time>,
            })}
      </Text>
      {challenge.description !== "" && (
        <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          {challenge.description}
        </Text>
      )}
      <Text size="sm">
        {describeDeadline(challenge)}
        {challenge.reward_points !== null && ` · ${challengeRewardText(challenge.reward_points, t)}`}
      </Text>
      {challenge.can_decide && (
        <Group gap="xs">
          <Button
            size="xs"
            color="green.9"
            leftSection={<IconCheck size={14} aria-hidden />}
            onClick={() => onApprove(challenge)}
            disabled={isBusy}
            aria-label={t(PROPOSAL_MESSAGES.approveLabel, { title: challenge.title })}
          >
            {t(TRANSITION_LABELS.approved)}
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconX size={14} aria-hidden />}
            onClick={() => onDeny(challenge)}
            disabled={isBusy}
            aria-label={t(PROPOSAL_MESSAGES.denyLabel, { title: challenge.title })}
          >
            {t(PROPOSAL_MESSAGES.deny)}
          </Button>
        </Group>
      )}
    </ListCard>
  );
}

export interface ProposedChallengesProps {
  /** Marks the section as the admin tour's "proposed challenges" step (leave off where a tab already is). */
  isTourTarget?: boolean;
  /** Heading level: 2 on a page, 3 inside a settings tab. */
  headingOrder?: 2 | 3;
}

/** Admins: company challenges proposed by managers and employees, each approved (it goes live) or denied. */
export function ProposedChallenges({ isTourTarget = true, headingOrder = 2 }: ProposedChallengesProps) {
  const headingId = useId();
  const proposals = useProposedChallenges();
  const decide = useDecideChallenge();
  const [denying, setDenying] = useState<Challenge | null>(null);
  const [note, setNote] = useState("");
  const [feedback, setFeedback] = useState<{ success?: string; error?: string }>({});

  const list = proposals.data?.pages.flatMap((page) => page.challenges) ?? [];

  const approve = (challenge: Challenge) => {
    setFeedback({});
    decide.mutate(
      { challengeId: challenge.id, decision: { approved: true } },
      {
        onSuccess: () => setFeedback({ success: t(PROPOSAL_MESSAGES.approved, { title: challenge.title }) }),
        onError: (error) => setFeedback({ error: errorMessageOf(error) }),
      },
    );
  };

  const confirmDeny = () => {
    if (!denying) return;
    const challenge = denying;
    const trimmed = note.trim();
    decide.mutate(
      {
        challengeId: challenge.id,
        decision: trimmed === "" ? { approved: false } : { approved: false, note: trimmed },
      },
      {
        onSuccess: () => {
          setDenying(null);
          setFeedback({ success: t(PROPOSAL_MESSAGES.denied, { title: challenge.title }) });
        },
      },
    );
  };

  const startDenying = (challenge: Challenge) => {
    setFeedback({});
    decide.reset();
    setNote("");
    setDenying(challenge);
  };

  return (
    <Paper
      component="section"
      withBorder
      p="lg"
      radius="md"
      aria-labelledby={headingId}
      data-tour={isTourTarget ? "proposed-challenges-tab" : undefined}
    >
      <Stack gap="md">
        <div>
          <Title order={headingOrder} size="h3" id={headingId}>
            {t(PROPOSAL_MESSAGES.title)}
          </Title>
          <Text size="sm" c="gray.7">
            {t(PROPOSAL_MESSAGES.intro)}
          </Text>
        </div>
        <ActionFeedback success={feedback.success} error={feedback.error} />
        <QueryStates
          query={proposals}
          loading={t(PROPOSAL_MESSAGES.loading)}
          failure={t(PROPOSAL_MESSAGES.loadFailed)}
          isEmpty={() => list.length === 0}
          empty={t(PROPOSAL_MESSAGES.empty)}
        >
          {() => (
            <Stack gap="sm">
              {list.map((challenge) => (
                <ProposalCard
                  key={challenge.id}
                  challenge={challenge}
                  isBusy={decide.isPending && decide.variables?.challengeId === challenge.id}
                  onApprove={approve}
                  onDeny={startDenying}
                />
              ))}
            </Stack>
          )}
        </QueryStates>
        <ShowMoreButton list={proposals} label={t(IDEAS_TEXTS.showMoreProposals)} />
      </Stack>
      <DenyProposalDialog
        challenge={denying}
        note={note}
        onNoteChange={setNote}
        isPending={decide.isPending}
        error={decide.isError ? errorMessageOf(decide.error) : null}
        onCancel={() => setDenying(null)}
        onConfirm={confirmDeny}
      />
    </Paper>
  );
}
