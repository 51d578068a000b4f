import {
  COMPANY_PORTAL_SECTIONS,
  type MessageDescriptor,
  pointsText,
  type Redemption,
  type RedemptionStatus,
} from "@ideaport/shared";
import { Button, Group, Paper, Stack, Table, Tabs, Text, Title } from "@mantine/core";
import { useId, useState } from "react";
import { ActionFeedback } from "../../../components/action-feedback.tsx";
import { EmptyState } from "../../../components/empty-state.tsx";
import { ErrorState } from "../../../components/error-state.tsx";
import { lazyDialog } from "../../../components/lazy-dialog.tsx";
import { LoadingState } from "../../../components/loading-state.tsx";
import { ScrollableTable } from "../../../components/scrollable-table.tsx";
import { ShowMoreButton } from "../../../components/show-more-button.tsx";
import { errorMessageOf } from "../../../lib/form-errors.ts";
import { formatDate, toValidDate } from "../../../lib/format.ts";
import { t } from "../../../lib/i18n.ts";
import {
  REDEMPTION_EMPTY_MESSAGES,
  REDEMPTION_QUEUE_MESSAGES,
  REDEMPTION_STATUS_LABELS,
  REDEMPTION_TABLE_LABELS,
  REWARD_DIALOG_MESSAGES,
} from "../company-portal.texts.ts";
import { useCancelRedemption, useFulfilRedemption, useRedemptions } from "./rewards.queries.ts";

/** The cancel-and-refund confirmation (rewards-dialogs.tsx), loaded when it first opens. */
const CancelRedemptionDialog = lazyDialog(
  () => import("./rewards-dialogs.tsx").then((module) => module.CancelRedemptionModal),
  { isOpen: (props) => props.redemption !== null, closed: (props) => ({ ...props, redemption: null }) },
);

/** The queue's tabs: the waiting requests first, then the handled ones by outcome. */
const TABS: ReadonlyArray<{ status: RedemptionStatus; label: MessageDescriptor }> = [
  { status: "pending", label: REDEMPTION_QUEUE_MESSAGES.waiting },
  { status: "fulfilled", label: REDEMPTION_STATUS_LABELS.fulfilled },
  { status: "cancelled", label: REDEMPTION_STATUS_LABELS.cancelled },
];

/** Below this width the table scrolls sideways. */
const TABLE_MIN_WIDTH = 640;

function DayCell({ instant }: { instant: string | null }) {
  const date = instant === null ? null : toValidDate(instant);
  return <Table.Td>{instant && date ? <time dateTime={instant}>{formatDate(date)}</time> : "—"}</Table.Td>;
}

/** One status's redemptions in a table; waiting ones with Fulfil and Cancel and refund. */
function RedemptionTable({
  status,
  busyId,
  onFulfil,
  onCancel,
}: {
  status: RedemptionStatus;
  busyId: string | null;
  onFulfil: (redemption: Redemption) => void;
  onCancel: (redemption: Redemption) => void;
}) {
  const redemptions = useRedemptions({ status });
  const list = redemptions.data?.pages.flatMap((page) => page.redemptions) ?? [];
  const label = t(REDEMPTION_TABLE_LABELS[status]);
  const isPending = status === "pending";

  if (redemptions.isPending) return <LoadingState label={t(REDEMPTION_QUEUE_MESSAGES.loading)} />;
  if (redemptions.isError) {
    return (
      <ErrorState
        message={`${t(REDEMPTION_QUEUE_MESSAGES.loadFailed)} ${errorMessageOf(redemptions.error)}`}
        onRetry={() => void redemptions.refetch()}
      />
    );
  }
  if (list.length === 0) return <EmptyState>{t(REDEMPTION_EMPTY_MESSAGES[status])}</EmptyState>;
  return (
    <Stack gap="sm">
      <ScrollableTable label={t(REDEMPTION_QUEUE_MESSAGES.scrollable, { table: label })} minWidth={TABLE_MIN_WIDTH}>
        <Table verticalSpacing="xs" striped aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t(REDEMPTION_QUEUE_MESSAGES.person)}</Table.Th>
              <Table.Th scope="col">{t(REDEMPTION_QUEUE_MESSAGES.reward)}</Table.Th>
              <Table.Th scope="col">{t(REDEMPTION_QUEUE_MESSAGES.cost)}</Table.Th>
              <Table.Th scope="col">{t(REDEMPTION_QUEUE_MESSAGES.requested)}</Table.Th>
              {isPending ? (
                <Table.Th scope="col">{t(REDEMPTION_QUEUE_MESSAGES.actions)}</Table.Th>
              ) : (
                <>
                  <Table.Th scope="col">{t(REDEMPTION_QUEUE_MESSAGES.status)}</Table.Th>
                  <Table.Th scope="col">{t(REDEMPTION_QUEUE_MESSAGES.decidedBy)}</Table.Th>
                  <Table.Th scope="col">{t(REDEMPTION_QUEUE_MESSAGES.decided)}</Table.Th>
                </>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((redemption) => (
              <Table.Tr key={redemption.id}>
                <Table.Th scope="row" fw={600}>
                  {redemption.user_name}
                </Table.Th>
                <Table.Td style={{ overflowWrap: "anywhere" }}>{redemption.reward_title}</Table.Td>
                <Table.Td>{pointsText(redemption.cost, t)}</Table.Td>
                <DayCell instant={redemption.created_at} />
                {isPending ? (
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        color="green.9"
                        aria-label={t(REDEMPTION_QUEUE_MESSAGES.fulfilFor, {
                          reward: redemption.reward_title,
                          person: redemption.user_name,
                        })}
                        onClick={() => onFulfil(redemption)}
                        disabled={busyId !== null}
                        loading={busyId === redemption.id}
                      >
                        {t(REDEMPTION_QUEUE_MESSAGES.fulfil)}
                      </Button>
                      <Button
                        size="xs"
                        variant="default"
                        aria-label={t(REDEMPTION_QUEUE_MESSAGES.cancelAndRefundFor, {
                          reward: redemption.reward_title,
                          person: redemption.user_name,
                        })}
                        onClick={() => onCancel(redemption)}
                        disabled={busyId !== null}
                      >
                        {t(REWARD_DIALOG_MESSAGES.cancelAndRefund)}
                      </Button>
                    </Group>
                  </Table.Td>
                ) : (
                  <>
                    <Table.Td>{t(REDEMPTION_STATUS_LABELS[redemption.status])}</Table.Td>
                    <Table.Td>{redemption.decided_by_name ?? "—"}</Table.Td>
                    <DayCell instant={redemption.decided_at} />
                  </>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollableTable>
      <ShowMoreButton list={redemptions} label={t(REDEMPTION_QUEUE_MESSAGES.showMore)} />
    </Stack>
  );
}

/** Admins: the company's redemption requests to fulfil or cancel (refunding the points), and the handled ones. */
export function RedemptionQueueSection() {
  const headingId = useId();
  const [status, setStatus] = useState<RedemptionStatus>("pending");
  const fulfil = useFulfilRedemption();
  const cancel = useCancelRedemption();
  const [cancelling, setCancelling] = useState<Redemption | null>(null);
  const [feedback, setFeedback] = useState<{ success?: string; error?: string }>({});

  const doFulfil = (redemption: Redemption) => {
    setFeedback({});
    fulfil.mutate(redemption.id, {
      onSuccess: (answer) =>
        setFeedback({
          success: t(REDEMPTION_QUEUE_MESSAGES.fulfilled, {
            reward: answer.redemption.reward_title,
            person: answer.redemption.user_name,
          }),
        }),
      onError: (error) => setFeedback({ error: errorMessageOf(error) }),
    });
  };

  const confirmCancel = (reason: string) => {
    if (!cancelling) return;
    cancel.mutate(
      { redemptionId: cancelling.id, reason },
      {
        onSuccess: (answer) => {
          setCancelling(null);
          setFeedback({
            success: t(REDEMPTION_QUEUE_MESSAGES.cancelled, {
              reward: answer.redemption.reward_title,
              person: answer.redemption.user_name,
              points: pointsText(answer.redemption.cost, t),
            }),
          });
        },
      },
    );
  };

  const busyId = fulfil.isPending
    ? (fulfil.variables ?? null)
    : cancel.isPending
      ? (cancel.variables?.redemptionId ?? null)
      : null;

  return (
    <Paper
      component="section"
      id={COMPANY_PORTAL_SECTIONS.redemptionRequests}
      withBorder
      p="lg"
      radius="md"
      aria-labelledby={headingId}
    >
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id={headingId}>
            {t(REDEMPTION_QUEUE_MESSAGES.title)}
          </Title>
          <Text size="sm" c="gray.7">
            {t(REDEMPTION_QUEUE_MESSAGES.intro)}
          </Text>
        </div>
        <ActionFeedback success={feedback.success} error={feedback.error} />
        <Tabs
          value={status}
          onChange={(value) => {
            if (value) setStatus(value as RedemptionStatus);
          }}
          keepMounted={false}
        >
          <Tabs.List aria-label={t(REDEMPTION_QUEUE_MESSAGES.tabs)}>
            {TABS.map((tab) => (
              <Tabs.Tab key={tab.status} value={tab.status}>
                {t(tab.label)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {TABS.map((tab) => (
            <Tabs.Panel key={tab.status} value={tab.status} pt="md">
              <RedemptionTable
                status={tab.status}
                busyId={busyId}
                onFulfil={doFulfil}
                onCancel={(redemption) => {
                  setFeedback({});
                  cancel.reset();
                  setCancelling(redemption);
                }}
              />
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
      <CancelRedemptionDialog
        redemption={cancelling}
        isPending={cancel.isPending}
        error={cancel.isError ? errorMessageOf(cancel.error) : null}
        onConfirm={confirmCancel}
        onCancel={() => setCancelling(null)}
      />
    </Paper>
  );
}
