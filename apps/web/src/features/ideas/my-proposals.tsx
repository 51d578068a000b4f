import { CHALLENGE_STATUS_LABELS, type Challenge, type ChallengeStatus, IDEA_STATUS_LABELS } from "@ideaport/shared";
import { Badge, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { type ReactNode, useId } from "react";
import { EmptyState } from "../../components/empty-state.tsx";
import { ErrorState } from "../../components/error-state.tsx";
import { LoadingState } from "../../components/loading-state.tsx";
import { ShowMoreButton } from "../../components/show-more-button.tsx";
import { errorMessageOf } from "../../lib/form-errors.ts";
import { formatDate } from "../../lib/format.ts";
import { t } from "../../lib/i18n.ts";
import { useMyProposals } from "./challenges.queries.ts";
import { IDEAS_TEXTS, PROPOSAL_MESSAGES } from "./ideas.texts.ts";

/** What became of a proposal, in the proposer's words (said in the reader's language), with its badge colour. */
function proposalOutcomes(): Readonly<Partial<Record<ChallengeStatus, { label: string; color: string }>>> {
  return {
    proposed: { label: t(PROPOSAL_MESSAGES.waiting), color: "yellow" },
    active: { label: t(IDEA_STATUS_LABELS.approved), color: "green" },
    closed: { label: t(PROPOSAL_MESSAGES.approvedClosed), color: "gray" },
    rejected: { label: t(CHALLENGE_STATUS_LABELS.rejected), color: "red" },
  };
}

/**
 * The company challenges the person proposed and what became of each: waiting, approved (and
 * perhaps closed since) or denied, with the date of the decision and the administrator's reason.
 */
export function MyProposals() {
  const headingId = useId();
  const proposals = useMyProposals();
  const list = proposals.data?.pages.flatMap((page) => page.challenges) ?? [];

  let body: ReactNode;
  if (proposals.isPending) body = <LoadingState label={t(PROPOSAL_MESSAGES.loadingMine)} />;
  else if (proposals.isError)
    body = (
      <ErrorState
        message={`${t(PROPOSAL_MESSAGES.loadMineFailed)} ${errorMessageOf(proposals.error)}`}
        onRetry={() => void proposals.refetch()}
      />
    );
  else if (list.length === 0) body = <EmptyState>{t(PROPOSAL_MESSAGES.noneMine)}</EmptyState>;
  else
    body = (
      <Stack gap="sm">
        {list.map((proposal) => (
          <ProposalCard key={proposal.id} proposal={proposal} />
        ))}
        <ShowMoreButton list={proposals} label={t(IDEAS_TEXTS.showMoreProposals)} />
      </Stack>
    );

  return (
    <Paper component="section" withBorder p="lg" radius="md" aria-labelledby={headingId}>
      <Stack gap="md">
        <Title order={2} size="h3" id={headingId}>
          {t(PROPOSAL_MESSAGES.mineTitle)}
        </Title>
        {body}
      </Stack>
    </Paper>
  );
}

function ProposalCard({ proposal }: { proposal: Challenge }) {
  const titleId = useId();
  const outcome = proposalOutcomes()[proposal.status] ?? { label: proposal.status, color: "gray" };
  return (
    <Paper component="article" withBorder p="md" radius="md" aria-labelledby={titleId}>
      <Stack gap={6}>
        <Group justify="space-between" gap="sm" wrap="nowrap" align="flex-start">
          <Text fw={600} id={titleId} style={{ overflowWrap: "anywhere" }}>
            {proposal.title}
          </Text>
          <Badge color={outcome.color} variant="dot" radius="sm" tt="none" c="dark.7" style={{ flexShrink: 0 }}>
            {outcome.label}
          </Badge>
        </Group>
        <Text size="xs" c="gray.7">
          {proposal.decided_at
            ? t(PROPOSAL_MESSAGES.proposedDecidedOn, {
                date: formatDate(proposal.created_at),
                decided: formatDate(proposal.decided_at),
              })
            : t(PROPOSAL_MESSAGES.proposedOn, { date: formatDate(proposal.created_at) })}
        </Text>
        {proposal.decision_note && (
          <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            {t(PROPOSAL_MESSAGES.reasonQuoted, { note: proposal.decision_note })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
