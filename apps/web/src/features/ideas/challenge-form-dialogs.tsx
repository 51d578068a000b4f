import {
  type Challenge,
  type ChallengeScope,
  CreateChallengeRequestSchema,
  can,
  challengeInstant,
  IDEA_MESSAGES,
  isChallengeDateText,
  type UpdateChallengeRequest,
  UpdateChallengeRequestSchema,
} from "@ideaport/shared";
import { Alert, Modal, NativeSelect, Radio, SimpleGrid, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import type { z } from "zod";
import { DialogForm } from "../../components/dialog-form.tsx";
import { t } from "../../lib/i18n.ts";
import type { SessionUser } from "../../lib/session.ts";
import { requestResolver, type SchemaForm, useSchemaForm } from "../../lib/use-schema-form.ts";
import { useCreateChallenge, useUpdateChallenge } from "./challenges.queries.ts";
import { ADD_CHALLENGE_MESSAGES, IDEAS_TEXTS } from "./ideas.texts.ts";

// The New challenge and Edit challenge dialogs with their form. The page loads this module when
// one of them first opens (add-challenge.tsx), so neither the form library nor the dialog code
// comes with the page.

/** The form's own values: every field as the inputs hold it (text), turned into a request on submit. */
interface ChallengeFormValues {
  title: string;
  description: string;
  scope: ChallengeScope;
  team_id: string;
  starts_at: string;
  ends_at: string;
  reward_points: string;
}

type FormField = keyof ChallengeFormValues;
const FORM_FIELDS: readonly FormField[] = [
  "title",
  "description",
  "scope",
  "team_id",
  "starts_at",
  "ends_at",
  "reward_points",
];

/** Empty text means "not given"; anything else is a number for the schema to judge (NaN fails its check). */
function rewardPointsOf(text: string): number | undefined {
  const trimmed = text.trim();
  return trimmed === "" ? undefined : Number(trimmed);
}

/** The create request the form's values stand for. */
export function createRequestOf(values: ChallengeFormValues) {
  return {
    title: values.title,
    description: values.description,
    scope: values.scope,
    team_id: values.scope === "team" && values.team_id !== "" ? values.team_id : undefined,
    starts_at: values.starts_at === "" ? undefined : values.starts_at,
    ends_at: values.ends_at === "" ? undefined : values.ends_at,
    reward_points: rewardPointsOf(values.reward_points),
  };
}

/** A date input's value for an API instant: its calendar day in UTC, as the server stores a day. */
function dayOf(instant: string | null): string {
  return instant ? instant.slice(0, 10) : "";
}

/** Only what changed, so an untouched deadline keeps its exact time; a cleared field becomes null. */
export function updateRequestOf(challenge: Challenge, values: ChallengeFormValues): UpdateChallengeRequest {
  const changes: UpdateChallengeRequest = {};
  if (values.title !== challenge.title) changes.title = values.title;
  if (values.description !== challenge.description) changes.description = values.description;
  if (values.starts_at !== dayOf(challenge.starts_at)) changes.starts_at = values.starts_at || null;
  if (values.ends_at !== dayOf(challenge.ends_at)) changes.ends_at = values.ends_at || null;
  const reward = rewardPointsOf(values.reward_points);
  if ((reward ?? null) !== challenge.reward_points) changes.reward_points = reward ?? null;
  return changes;
}

function endsBeforeStart(values: ChallengeFormValues): boolean {
  if (!isChallengeDateText(values.starts_at) || !isChallengeDateText(values.ends_at)) return false;
  return challengeInstant(values.ends_at, "end") < challengeInstant(values.starts_at, "start");
}

/** Validates with a shared schema; the schema compares the dates only once every other field is valid, the form says it at once. */
function schemaResolver(schema: z.ZodType, toRequest: (values: ChallengeFormValues) => unknown) {
  return requestResolver(schema, toRequest, FORM_FIELDS, (values, errors) => {
    if (!errors.ends_at && endsBeforeStart(values)) {
      errors.ends_at = { type: "custom", message: t(IDEA_MESSAGES.endsBeforeStart) };
    }
  });
}

const SERVER_FIELDS = {
  title: "title",
  description: "description",
  scope: "scope",
  team_id: "team_id",
  starts_at: "starts_at",
  ends_at: "ends_at",
  reward_points: "reward_points",
} as const;

/** A team a challenge can be posted for. */
export interface TeamOption {
  id: string;
  name: string;
}

/** Title, description, dates and reward: the fields creating and editing share. */
function ChallengeTextFields({ form }: { form: Pick<SchemaForm<ChallengeFormValues, ChallengeFormValues>, "field"> }) {
  return (
    <>
      <TextInput label={t(IDEAS_TEXTS.title)} required data-autofocus {...form.field("title")} />
      <Textarea
        label={t(IDEAS_TEXTS.description)}
        description={t(ADD_CHALLENGE_MESSAGES.descriptionHint)}
        rows={4}
        resize="vertical"
        {...form.field("description")}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput
          type="date"
          label={t(ADD_CHALLENGE_MESSAGES.startsOn)}
          description={t(IDEAS_TEXTS.optional)}
          {...form.field("starts_at")}
        />
        <TextInput
          type="date"
          label={t(ADD_CHALLENGE_MESSAGES.deadline)}
          description={t(ADD_CHALLENGE_MESSAGES.deadlineHint)}
          {...form.field("ends_at")}
        />
      </SimpleGrid>
      <TextInput
        label={t(ADD_CHALLENGE_MESSAGES.rewardPoints)}
        description={t(ADD_CHALLENGE_MESSAGES.rewardPointsHint)}
        inputMode="numeric"
        {...form.field("reward_points")}
      />
    </>
  );
}

function AddChallengeForm({
  user,
  teamOptions,
  onDone,
  onCancel,
}: {
  user: SessionUser;
  teamOptions: TeamOption[];
  onDone: (message: string, challenge: Challenge) => void;
  onCancel: () => void;
}) {
  const postsCompanyDirectly = can(user, "challenge.post_company");
  const createChallenge = useCreateChallenge();
  const form = useSchemaForm(schemaResolver(CreateChallengeRequestSchema, createRequestOf), {
    fieldNames: SERVER_FIELDS,
    defaultValues: {
      title: "",
      description: "",
      scope: teamOptions.length > 0 ? "team" : "company",
      team_id: teamOptions[0]?.id ?? "",
      starts_at: "",
      ends_at: "",
      reward_points: "",
    },
  });
  const { errors, isSubmitting } = form.formState;
  const scope = form.watch("scope");
  const isProposal = scope === "company" && !postsCompanyDirectly;

  const onSubmit = form.submit((values) => createChallenge.mutateAsync(createRequestOf(values)), {
    onSuccess: ({ challenge }) => {
      const where =
        challenge.scope === "company"
          ? t(ADD_CHALLENGE_MESSAGES.wholeCompany)
          : (challenge.team_name ?? t(ADD_CHALLENGE_MESSAGES.yourTeam));
      const message =
        challenge.status === "proposed"
          ? t(ADD_CHALLENGE_MESSAGES.proposed, { title: challenge.title })
          : t(ADD_CHALLENGE_MESSAGES.posted, { title: challenge.title, where });
      onDone(message, challenge);
    },
  });

  return (
    <DialogForm
      label={t(ADD_CHALLENGE_MESSAGES.newChallenge)}
      onSubmit={onSubmit}
      error={form.formError ?? errors.root?.message}
      onCancel={onCancel}
      submitLabel={t(isProposal ? ADD_CHALLENGE_MESSAGES.propose : ADD_CHALLENGE_MESSAGES.post)}
      isSubmitting={isSubmitting}
    >
      <ChallengeTextFields form={form} />
      <Radio.Group
        label={t(ADD_CHALLENGE_MESSAGES.scope)}
        required
        value={scope}
        onChange={(value) => form.setValue("scope", value as ChallengeScope, { shouldValidate: false })}
        error={errors.scope?.message}
      >
        <Stack gap="xs" mt={6}>
          <Radio
            value="team"
            label={t(IDEAS_TEXTS.team)}
            description={t(teamOptions.length > 0 ? ADD_CHALLENGE_MESSAGES.teamHint : ADD_CHALLENGE_MESSAGES.noTeam)}
            disabled={teamOptions.length === 0}
          />
          <Radio
            value="company"
            label={t(postsCompanyDirectly ? IDEAS_TEXTS.company : ADD_CHALLENGE_MESSAGES.companyProposal)}
            description={t(
              postsCompanyDirectly ? ADD_CHALLENGE_MESSAGES.companyHint : ADD_CHALLENGE_MESSAGES.proposalHint,
            )}
          />
        </Stack>
      </Radio.Group>
      {scope === "team" && teamOptions.length > 0 && (
        <NativeSelect
          label={t(IDEAS_TEXTS.team)}
          data={teamOptions.map((team) => ({ value: team.id, label: team.name }))}
          {...form.field("team_id")}
        />
      )}
      {isProposal && (
        <Alert variant="light" color="brand" icon={<IconInfoCircle aria-hidden />} role="note">
          {t(ADD_CHALLENGE_MESSAGES.proposalNote)}
        </Alert>
      )}
    </DialogForm>
  );
}

/** The New challenge dialog; `AddChallenge` (add-challenge.tsx) opens it. */
export function NewChallengeModal({
  opened,
  user,
  teamOptions,
  onClose,
  onDone,
}: {
  opened: boolean;
  user: SessionUser;
  teamOptions: TeamOption[];
  onClose: () => void;
  onDone: (message: string, challenge: Challenge) => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={t(ADD_CHALLENGE_MESSAGES.newChallenge)} size="lg" centered>
      {opened && <AddChallengeForm user={user} teamOptions={teamOptions} onCancel={onClose} onDone={onDone} />}
    </Modal>
  );
}

function EditChallengeForm({
  challenge,
  onDone,
  onCancel,
}: {
  challenge: Challenge;
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const updateChallenge = useUpdateChallenge();
  const form = useSchemaForm(
    schemaResolver(UpdateChallengeRequestSchema, (values) => updateRequestOf(challenge, values)),
    {
      fieldNames: SERVER_FIELDS,
      defaultValues: {
        title: challenge.title,
        description: challenge.description,
        scope: challenge.scope,
        team_id: challenge.team_id ?? "",
        starts_at: dayOf(challenge.starts_at),
        ends_at: dayOf(challenge.ends_at),
        reward_points: challenge.reward_points === null ? "" : String(challenge.reward_points),
      },
    },
  );

  const onSubmit = form.submit(
    (values) => updateChallenge.mutateAsync({ challengeId: challenge.id, changes: updateRequestOf(challenge, values) }),
    { onSuccess: ({ challenge: saved }) => onDone(t(ADD_CHALLENGE_MESSAGES.saved, { title: saved.title })) },
  );

  return (
    <DialogForm
      label={t(ADD_CHALLENGE_MESSAGES.editChallenge)}
      onSubmit={onSubmit}
      error={form.formError ?? form.formState.errors.root?.message}
      onCancel={onCancel}
      submitLabel={t(IDEAS_TEXTS.saveChanges)}
      isSubmitting={form.formState.isSubmitting}
    >
      <Text size="sm" c="gray.7">
        {challenge.scope === "company"
          ? t(IDEAS_TEXTS.companyChallenge)
          : t(ADD_CHALLENGE_MESSAGES.teamChallengeFor, {
              team: challenge.team_name ?? t(ADD_CHALLENGE_MESSAGES.aTeam),
            })}
      </Text>
      <ChallengeTextFields form={form} />
    </DialogForm>
  );
}

/** The Edit challenge dialog: text, dates and reward (scope and team stay as they are). */
export function EditChallengeModal({
  challenge,
  onClose,
  onSaved,
}: {
  challenge: Challenge | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  return (
    <Modal
      opened={challenge !== null}
      onClose={onClose}
      title={t(ADD_CHALLENGE_MESSAGES.editChallenge)}
      size="lg"
      centered
    >
      {challenge && <EditChallengeForm challenge={challenge} onCancel={onClose} onDone={onSaved} />}
    </Modal>
  );
}
