import {
  CancelRedemptionRequestSchema,
  CreateRewardRequestSchema,
  pointsText,
  REDEMPTION_CANCEL_REASON_MAX_LENGTH,
  type Redemption,
  type Reward,
  type UpdateRewardRequest,
  UpdateRewardRequestSchema,
} from "@ideaport/shared";
import { Button, Group, Modal, SimpleGrid, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { ActionFeedback } from "../../../components/action-feedback.tsx";
import { DialogForm } from "../../../components/dialog-form.tsx";
import { t } from "../../../lib/i18n.ts";
import { requestResolver, useSchemaForm } from "../../../lib/use-schema-form.ts";
import { PORTAL_COMMON_MESSAGES, REWARD_DIALOG_MESSAGES, REWARDS_MESSAGES } from "../company-portal.texts.ts";
import { useCreateReward, useUpdateReward } from "./rewards.queries.ts";

// The rewards' dialogs: redeem, add and edit a reward, cancel a redemption. The sections load
// this module when one of them first opens, so neither the form library nor the dialogs come
// with the page.

/** The redemption's confirmation: what it costs and what is left after it. */
export function RedeemModal({
  reward,
  balance,
  isPending,
  error,
  onConfirm,
  onCancel,
}: {
  reward: Reward | null;
  balance: number;
  isPending: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal
      opened={reward !== null}
      onClose={onCancel}
      title={reward ? t(REWARD_DIALOG_MESSAGES.redeemTitle, { title: reward.title }) : ""}
      centered
    >
      {reward && (
        <Stack gap="md">
          <Text size="sm">
            {t(REWARD_DIALOG_MESSAGES.redeemCost, {
              cost: pointsText(reward.cost, t),
              after: pointsText(balance - reward.cost, t),
            })}
          </Text>
          <ActionFeedback error={error} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} data-autofocus>
              {t(PORTAL_COMMON_MESSAGES.cancel)}
            </Button>
            <Button onClick={onConfirm} loading={isPending}>
              {t(REWARDS_MESSAGES.redeem)}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/**
 * An admin's confirmation before a pending redemption is cancelled and its points go back: it asks
 * why (the shared schema's rules), which its person reads in the bell, the e-mail and their list.
 */
export function CancelRedemptionModal({
  redemption,
  isPending,
  error,
  onConfirm,
  onCancel,
}: {
  redemption: Redemption | null;
  isPending: boolean;
  error: string | null;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}) {
  return (
    <Modal
      opened={redemption !== null}
      onClose={onCancel}
      title={
        redemption
          ? t(REWARD_DIALOG_MESSAGES.cancelTitle, { reward: redemption.reward_title, person: redemption.user_name })
          : ""
      }
      centered
    >
      {redemption && (
        <CancelRedemptionForm
          redemption={redemption}
          isPending={isPending}
          error={error}
          onConfirm={onConfirm}
          onCancel={onCancel}
        />
      )}
    </Modal>
  );
}

function CancelRedemptionForm({
  redemption,
  isPending,
  error,
  onConfirm,
  onCancel,
}: {
  redemption: Redemption;
  isPending: boolean;
  error: string | null;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}) {
  const form = useSchemaForm(CancelRedemptionRequestSchema, { defaultValues: { reason: "" } });
  const onSubmit = form.handleSubmit((values) => onConfirm(values.reason));
  return (
    <DialogForm
      label={t(REWARD_DIALOG_MESSAGES.cancelForm)}
      onSubmit={onSubmit}
      error={error}
      onCancel={onCancel}
      cancelLabel={t(REWARD_DIALOG_MESSAGES.keepRequest)}
      submitLabel={t(REWARD_DIALOG_MESSAGES.cancelAndRefund)}
      submitColor="red.9"
      isSubmitting={isPending}
    >
      <Text size="sm">
        {t(REWARD_DIALOG_MESSAGES.cancelWarning, {
          points: pointsText(redemption.cost, t),
          person: redemption.user_name,
        })}
      </Text>
      <Textarea
        label={t(REWARD_DIALOG_MESSAGES.reason)}
        description={t(REWARD_DIALOG_MESSAGES.reasonHint, {
          person: redemption.user_name,
          max: REDEMPTION_CANCEL_REASON_MAX_LENGTH,
        })}
        required
        minRows={3}
        data-autofocus
        {...form.field("reason")}
      />
    </DialogForm>
  );
}

/** The form's own values: every field as the inputs hold it (text), turned into a request on submit. */
interface RewardFormValues {
  title: string;
  description: string;
  cost: string;
  stock: string;
}

type FormField = keyof RewardFormValues;
const FORM_FIELDS: readonly FormField[] = ["title", "description", "cost", "stock"];
const SERVER_FIELDS = { title: "title", description: "description", cost: "cost", stock: "stock" } as const;

/** Empty text means "not given"; anything else is a number for the schema to judge (NaN fails its check). */
function numberOf(text: string): number | undefined {
  const trimmed = text.trim();
  return trimmed === "" ? undefined : Number(trimmed);
}

/** The create request the form's values stand for; an empty stock is unlimited. */
export function createRequestOf(values: RewardFormValues) {
  return {
    title: values.title,
    description: values.description,
    cost: numberOf(values.cost),
    stock: numberOf(values.stock) ?? null,
  };
}

/** Only what changed; a cleared stock becomes null (unlimited). */
export function updateRequestOf(reward: Reward, values: RewardFormValues): UpdateRewardRequest {
  const changes: UpdateRewardRequest = {};
  if (values.title.trim() !== reward.title) changes.title = values.title;
  if (values.description !== reward.description) changes.description = values.description;
  // A cleared cost is no number: the schema then says what the cost must be.
  const cost = numberOf(values.cost) ?? Number.NaN;
  if (cost !== reward.cost) changes.cost = cost;
  const stock = numberOf(values.stock) ?? null;
  if (stock !== reward.stock) changes.stock = stock;
  return changes;
}

function valuesOf(reward: Reward | null): RewardFormValues {
  return {
    title: reward?.title ?? "",
    description: reward?.description ?? "",
    cost: reward ? String(reward.cost) : "",
    stock: reward?.stock === null || reward === null ? "" : String(reward.stock),
  };
}

/** Title, description, cost and stock; `reward` given: edits it, else adds a new one. */
function RewardForm({
  reward,
  onDone,
  onCancel,
}: {
  reward: Reward | null;
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const createReward = useCreateReward();
  const updateReward = useUpdateReward();
  const form = useSchemaForm(
    reward
      ? requestResolver(
          UpdateRewardRequestSchema,
          (values: RewardFormValues) => updateRequestOf(reward, values),
          FORM_FIELDS,
        )
      : requestResolver(CreateRewardRequestSchema, createRequestOf, FORM_FIELDS),
    { defaultValues: valuesOf(reward), fieldNames: SERVER_FIELDS },
  );

  const onSubmit = form.submit(
    async (values) => {
      if (reward) {
        const saved = await updateReward.mutateAsync({ rewardId: reward.id, changes: updateRequestOf(reward, values) });
        return t(REWARD_DIALOG_MESSAGES.saved, { title: saved.reward.title });
      }
      const request = createRequestOf(values);
      const created = await createReward.mutateAsync({ ...request, cost: request.cost as number });
      return t(REWARD_DIALOG_MESSAGES.added, { title: created.reward.title });
    },
    { onSuccess: onDone },
  );

  return (
    <DialogForm
      label={t(reward ? REWARDS_MESSAGES.edit : REWARDS_MESSAGES.add)}
      onSubmit={onSubmit}
      error={form.formError ?? form.formState.errors.root?.message}
      onCancel={onCancel}
      submitLabel={t(reward ? PORTAL_COMMON_MESSAGES.saveChanges : REWARDS_MESSAGES.add)}
      isSubmitting={form.formState.isSubmitting}
    >
      <TextInput label={t(PORTAL_COMMON_MESSAGES.title)} required data-autofocus {...form.field("title")} />
      <Textarea
        label={t(REWARD_DIALOG_MESSAGES.description)}
        description={t(REWARD_DIALOG_MESSAGES.descriptionHint)}
        rows={3}
        resize="vertical"
        {...form.field("description")}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput label={t(REWARD_DIALOG_MESSAGES.cost)} required inputMode="numeric" {...form.field("cost")} />
        <TextInput label={t(REWARD_DIALOG_MESSAGES.stock)} inputMode="numeric" {...form.field("stock")} />
      </SimpleGrid>
    </DialogForm>
  );
}

/** The Add reward dialog. */
export function AddRewardModal({
  opened,
  onClose,
  onDone,
}: {
  opened: boolean;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={t(REWARDS_MESSAGES.add)} size="lg" centered>
      {opened && <RewardForm reward={null} onCancel={onClose} onDone={onDone} />}
    </Modal>
  );
}

/** The Edit reward dialog. */
export function EditRewardModal({
  reward,
  onClose,
  onDone,
}: {
  reward: Reward | null;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  return (
    <Modal opened={reward !== null} onClose={onClose} title={t(REWARDS_MESSAGES.edit)} size="lg" centered>
      {reward && <RewardForm reward={reward} onCancel={onClose} onDone={onDone} />}
    </Modal>
  );
}
