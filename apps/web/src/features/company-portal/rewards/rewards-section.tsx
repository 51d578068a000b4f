import { COMPANY_PORTAL_SECTIONS, pointsText, type Redemption, type Reward } from "@ideaport/shared";
import { ActionIcon, Badge, Button, Group, Menu, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconDots, IconGift, IconPlus } from "@tabler/icons-react";
import { useId, useState } from "react";
import { ActionFeedback } from "../../../components/action-feedback.tsx";
import { EmptyState } from "../../../components/empty-state.tsx";
import { lazyDialog } from "../../../components/lazy-dialog.tsx";
import { CardTitle, ListCard } from "../../../components/list-card.tsx";
import { QueryStates } from "../../../components/query-states.tsx";
import { ShowMoreButton } from "../../../components/show-more-button.tsx";
import { errorMessageOf } from "../../../lib/form-errors.ts";
import { formatDate, toValidDate } from "../../../lib/format.ts";
import { t } from "../../../lib/i18n.ts";
import { PORTAL_COMMON_MESSAGES, REDEMPTION_STATUS_LABELS, REWARDS_MESSAGES } from "../company-portal.texts.ts";
import { useOwnRedemptions, useRedeemReward, useRewards, useUpdateReward } from "./rewards.queries.ts";
import { stockText, unavailableReason } from "./rewards-format.ts";

const loadDialogs = () => import("./rewards-dialogs.tsx");

/** The redemption's confirmation (rewards-dialogs.tsx), loaded when it first opens. */
const RedeemDialog = lazyDialog(() => loadDialogs().then((module) => module.RedeemModal), {
  isOpen: (props) => props.reward !== null,
  closed: (props) => ({ ...props, reward: null }),
});

const AddRewardDialog = lazyDialog(() => loadDialogs().then((module) => module.AddRewardModal), {
  isOpen: (props) => props.opened,
  closed: (props) => ({ ...props, opened: false }),
});

const EditRewardDialog = lazyDialog(() => loadDialogs().then((module) => module.EditRewardModal), {
  isOpen: (props) => props.reward !== null,
  closed: (props) => ({ ...props, reward: null }),
});

interface Feedback {
  success?: string;
  error?: string;
}

function RewardCard({
  reward,
  balance,
  manage,
  isTourTarget,
  isBusy,
  onRedeem,
  onEdit,
  onArchive,
}: {
  reward: Reward;
  balance: number;
  manage: boolean;
  isTourTarget: boolean;
  isBusy: boolean;
  onRedeem: (reward: Reward) => void;
  onEdit: (reward: Reward) => void;
  onArchive: (reward: Reward, archived: boolean) => void;
}) {
  const titleId = useId();
  const stockId = useId();
  const reasonId = useId();
  const stock = stockText(reward.stock);
  const reason = unavailableReason(reward, balance);
  // Out of stock is already said by the stock line; the button points at whichever line says why.
  const showsReason = reason !== null && reason !== stock;
  return (
    <ListCard titleId={titleId} tour={isTourTarget ? "reward-card" : undefined} gap="xs" fillsHeight>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Group gap="xs" align="center">
          <CardTitle id={titleId}>{reward.title}</CardTitle>
          {reward.archived && (
            <Badge color="gray.7" variant="outline" radius="sm" tt="none">
              {t(REWARDS_MESSAGES.archivedBadge)}
            </Badge>
          )}
        </Group>
        {manage && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                color="gray.8"
                aria-label={t(PORTAL_COMMON_MESSAGES.actionsFor, { title: reward.title })}
                disabled={isBusy}
              >
                <IconDots size={18} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => onEdit(reward)}>{t(PORTAL_COMMON_MESSAGES.edit)}</Menu.Item>
              <Menu.Item onClick={() => onArchive(reward, !reward.archived)}>
                {t(reward.archived ? REWARDS_MESSAGES.restore : REWARDS_MESSAGES.archive)}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
      {reward.description !== "" && (
        <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          {reward.description}
        </Text>
      )}
      <Group gap="md" mt="auto">
        <Text size="sm" fw={700}>
          {pointsText(reward.cost, t)}
        </Text>
        <Text size="sm" c="gray.7" id={stockId}>
          {stock}
        </Text>
      </Group>
      {showsReason && (
        <Text size="sm" c="gray.8" id={reasonId}>
          {reason}
        </Text>
      )}
      <Group>
        <Button
          size="xs"
          leftSection={<IconGift size={14} aria-hidden />}
          disabled={reason !== null || isBusy}
          aria-label={t(REWARDS_MESSAGES.redeemReward, { title: reward.title })}
          aria-describedby={reason === null ? undefined : showsReason ? reasonId : stockId}
          onClick={() => onRedeem(reward)}
        >
          {t(REWARDS_MESSAGES.redeem)}
        </Button>
      </Group>
    </ListCard>
  );
}

/** The catalogue: the caller's balance and the rewards to redeem; admins also keep the catalogue. */
function RewardsCatalogue({ manage }: { manage: boolean }) {
  const headingId = useId();
  const rewards = useRewards();
  const redeem = useRedeemReward();
  const update = useUpdateReward();
  const [redeeming, setRedeeming] = useState<Reward | null>(null);
  const [isAdding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Reward | null>(null);
  const [feedback, setFeedback] = useState<Feedback>({});

  const balance = rewards.data?.balance ?? 0;
  const list = rewards.data?.rewards ?? [];

  const openRedeem = (reward: Reward) => {
    setFeedback({});
    redeem.reset();
    setRedeeming(reward);
  };

  const confirmRedeem = () => {
    if (!redeeming) return;
    const reward = redeeming;
    redeem.mutate(reward.id, {
      onSuccess: () => {
        setRedeeming(null);
        setFeedback({ success: t(REWARDS_MESSAGES.redeemed, { title: reward.title }) });
      },
    });
  };

  const archive = (reward: Reward, archived: boolean) => {
    setFeedback({});
    update.mutate(
      { rewardId: reward.id, changes: { archived } },
      {
        onSuccess: () =>
          setFeedback({
            success: t(archived ? REWARDS_MESSAGES.archived : REWARDS_MESSAGES.restored, { title: reward.title }),
          }),
        onError: (error) => setFeedback({ error: errorMessageOf(error) }),
      },
    );
  };

  const addButton = (
    <Button
      leftSection={<IconPlus size={16} aria-hidden />}
      onClick={() => {
        setFeedback({});
        setAdding(true);
      }}
    >
      {t(REWARDS_MESSAGES.add)}
    </Button>
  );

  return (
    <Paper
      component="section"
      id={COMPANY_PORTAL_SECTIONS.rewards}
      withBorder
      p="lg"
      radius="md"
      aria-labelledby={headingId}
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" data-tour="rewards-overview">
          <div>
            <Title order={2} size="h3" id={headingId}>
              {t(REWARDS_MESSAGES.title)}
            </Title>
            {rewards.isSuccess && (
              <Text size="sm">{t(REWARDS_MESSAGES.balance, { points: pointsText(balance, t) })}</Text>
            )}
          </div>
          {manage && list.length > 0 && addButton}
        </Group>
        <ActionFeedback success={feedback.success} error={feedback.error} />
        <QueryStates query={rewards} loading={t(REWARDS_MESSAGES.loading)} failure={t(REWARDS_MESSAGES.loadFailed)}>
          {() =>
            list.length === 0 ? (
              manage ? (
                <Stack gap="sm" align="flex-start">
                  <EmptyState>{t(REWARDS_MESSAGES.emptyForAdmins)}</EmptyState>
                  {addButton}
                </Stack>
              ) : (
                <EmptyState>{t(REWARDS_MESSAGES.empty)}</EmptyState>
              )
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
                {list.map((reward, index) => (
                  <RewardCard
                    key={reward.id}
                    reward={reward}
                    balance={balance}
                    manage={manage}
                    isTourTarget={index === 0}
                    isBusy={update.isPending && update.variables?.rewardId === reward.id}
                    onRedeem={openRedeem}
                    onEdit={(target) => {
                      setFeedback({});
                      setEditing(target);
                    }}
                    onArchive={archive}
                  />
                ))}
              </SimpleGrid>
            )
          }
        </QueryStates>
      </Stack>
      <RedeemDialog
        reward={redeeming}
        balance={balance}
        isPending={redeem.isPending}
        error={redeem.isError ? errorMessageOf(redeem.error) : null}
        onConfirm={confirmRedeem}
        onCancel={() => setRedeeming(null)}
      />
      {manage && (
        <>
          <AddRewardDialog
            opened={isAdding}
            onClose={() => setAdding(false)}
            onDone={(message) => {
              setAdding(false);
              setFeedback({ success: message });
            }}
          />
          <EditRewardDialog
            reward={editing}
            onClose={() => setEditing(null)}
            onDone={(message) => {
              setEditing(null);
              setFeedback({ success: message });
            }}
          />
        </>
      )}
    </Paper>
  );
}

/** Why a redemption was cancelled, as its person reads it: "Cancelled by Ben Boss: Sold out." */
function cancellationText(decidedBy: string | null, reason: string): string {
  return decidedBy
    ? t(REWARDS_MESSAGES.cancelledBy, { name: decidedBy, reason })
    : t(REWARDS_MESSAGES.cancelledWithReason, { reason });
}

function OwnRedemptionItem({ redemption }: { redemption: Redemption }) {
  const date = toValidDate(redemption.created_at);
  return (
    <Group component="li" justify="space-between" wrap="nowrap" gap="sm" py={6}>
      <div style={{ minWidth: 0 }}>
        <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
          {redemption.reward_title}
        </Text>
        <Text size="xs" c="gray.7">
          {pointsText(redemption.cost, t)}
          {date && (
            <>
              {" · "}
              <time dateTime={redemption.created_at}>{formatDate(date)}</time>
            </>
          )}
        </Text>
        {redemption.status === "cancelled" && redemption.cancel_reason && (
          <Text size="xs" c="gray.8" style={{ overflowWrap: "anywhere" }}>
            {cancellationText(redemption.decided_by_name, redemption.cancel_reason)}
          </Text>
        )}
      </div>
      <Badge
        color={redemption.status === "fulfilled" ? "green.9" : redemption.status === "cancelled" ? "gray.7" : "brand"}
        variant="dot"
        radius="sm"
        tt="none"
        c="dark.7"
        style={{ flexShrink: 0 }}
      >
        {t(REDEMPTION_STATUS_LABELS[redemption.status])}
      </Badge>
    </Group>
  );
}

/** The caller's own redemptions, newest first, with where each stands. */
function OwnRedemptions() {
  const headingId = useId();
  const redemptions = useOwnRedemptions();
  const list = redemptions.data?.pages.flatMap((page) => page.redemptions) ?? [];
  return (
    <Paper
      component="section"
      id={COMPANY_PORTAL_SECTIONS.yourRedemptions}
      withBorder
      p="lg"
      radius="md"
      aria-labelledby={headingId}
    >
      <Stack gap="sm">
        <Title order={2} size="h3" id={headingId}>
          {t(REWARDS_MESSAGES.ownTitle)}
        </Title>
        <QueryStates
          query={redemptions}
          loading={t(REWARDS_MESSAGES.ownLoading)}
          failure={t(REWARDS_MESSAGES.ownLoadFailed)}
          isEmpty={() => list.length === 0}
          empty={t(REWARDS_MESSAGES.noRedemptions)}
        >
          {() => (
            <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: "none" }} aria-labelledby={headingId}>
              {list.map((redemption) => (
                <OwnRedemptionItem key={redemption.id} redemption={redemption} />
              ))}
            </Stack>
          )}
        </QueryStates>
        <ShowMoreButton list={redemptions} label={t(REWARDS_MESSAGES.showMoreRedemptions)} />
      </Stack>
    </Paper>
  );
}

/**
 * Rewards for everyone: the balance, the catalogue with Redeem (after a confirmation that states
 * the cost and the balance after) and the caller's own redemptions. `manage` (admins): archived
 * rewards too, and adding, editing, archiving and restoring rewards.
 */
export function RewardsSection({ manage }: { manage: boolean }) {
  return (
    <Stack gap="lg">
      <RewardsCatalogue manage={manage} />
      <OwnRedemptions />
    </Stack>
  );
}
