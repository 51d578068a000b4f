import { CHALLENGE_STATUS_LABELS, type Challenge, type ChallengeStatus } from "@ideaport/shared";
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

/** What became of a proposal, in the proposer's words (said in the reader's language), with its badge colour. */
function proposalOutcomes(): Readonly<Partial<Record<ChallengeStatus, { label: string; color: string }>>> {
  return {
    proposed: { label: "Waiting for an administrator", color: "yellow" },
    active: { label: "Approved", color: "green" },
    closed: { label: "Approved, now closed", color: "gray" },
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
  if (proposals.isPending) body = <LoadingState label="Loading your proposals..." />;
  else if (proposals.isError)
    body = (
      <ErrorState
        message={`Could not load your proposals. ${errorMessageOf(proposals.error)}`}
        onRetry={() => void proposals.refetch()}
      />
    );
  else if (list.length === 0)
    body = <EmptyState>You have not proposed a company challenge yet. Propose one above.</EmptyState>;
  else
    body = (
      <Stack gap="sm">
        {list.map((proposal) => (
          <ProposalCard key={proposal.id} proposal={proposal} />
        ))}
        <ShowMoreButton list={proposals} label="Show more proposals" />
      </Stack>
    );

  return (
    <Paper component="section" withBorder p="lg" radius="md" aria-labelledby={headingId}>
      <Stack gap="md">
        <Title order={2} size="h3" id={headingId}>
          Your proposals
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
          Proposed {formatDate(proposal.created_at)}
          {proposal.decided_at ? ` · decided ${formatDate(proposal.decided_at)}` : ""}
        </Text>
        {proposal.decision_note && (
          <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            Reason: “{proposal.decision_note}”
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
