import { zodResolver } from "@hookform/resolvers/zod";
import {
  type InvitedMember,
  InvitedMemberSchema,
  ROLE_LABELS,
  schemaMessage,
  VALIDATION_MESSAGES,
} from "@ideaport/shared";
import { ActionIcon, Button, Checkbox, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { useForm } from "react-hook-form";
import { FormError } from "../../components/form-error.tsx";
import { t } from "../../lib/i18n.ts";
import { CREATE_COMPANY_MESSAGES, INVITE_MESSAGES } from "./companies.texts.ts";
import { RoleField } from "./role-field.tsx";

export const INVITE_MEMBER_STACK_ID = "invite-member";

const EMPTY_MEMBER: InvitedMember = { firstName: "", lastName: "", email: "", role: "employee", isAdmin: false };

export interface InviteMemberDialogProps {
  opened: boolean;
  onClose: () => void;
  teamName: string;
  members: InvitedMember[];
  onAdd: (member: InvitedMember) => void;
  onRemove: (index: number) => void;
}

/** The invite sub-dialog of the Create New Company mode: who gets an invitation to one team. */
export function InviteMemberDialog({ opened, onClose, teamName, members, onAdd, onRemove }: InviteMemberDialogProps) {
  return (
    <Modal
      stackId={INVITE_MEMBER_STACK_ID}
      opened={opened}
      onClose={onClose}
      title={t(CREATE_COMPANY_MESSAGES.inviteMembersTo, { team: teamName })}
      closeOnClickOutside={false}
      centered
    >
      <InviteMemberForm teamName={teamName} members={members} onAdd={onAdd} onRemove={onRemove} onDone={onClose} />
    </Modal>
  );
}

function InviteMemberForm({
  teamName,
  members,
  onAdd,
  onRemove,
  onDone,
}: Pick<InviteMemberDialogProps, "teamName" | "members" | "onAdd" | "onRemove"> & { onDone: () => void }) {
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<InvitedMember>({ resolver: zodResolver(InvitedMemberSchema), defaultValues: EMPTY_MEMBER });

  const onSubmit = handleSubmit((member) => {
    const email = member.email.toLowerCase();
    if (members.some((existing) => existing.email.toLowerCase() === email)) {
      setError("email", { message: t(VALIDATION_MESSAGES.inviteAlreadyInvited) }, { shouldFocus: true });
      return;
    }
    onAdd(member);
    reset(EMPTY_MEMBER);
    setFocus("firstName");
  });

  // 'First name, last name, and email are required.' is one message for three fields: it is said once,
  // above the form, and each missing field is marked invalid.
  const required = schemaMessage(VALIDATION_MESSAGES.inviteFieldsRequired);
  const isMissing = (message: string | undefined) => message === required;
  const missingFields = [errors.firstName, errors.lastName, errors.email].some((error) => isMissing(error?.message));
  const fieldError = (message: string | undefined) => (isMissing(message) ? true : message);

  return (
    <Stack gap="md">
      <FormError message={missingFields ? t(VALIDATION_MESSAGES.inviteFieldsRequired) : null} />
      <form onSubmit={onSubmit} noValidate aria-label={t(INVITE_MESSAGES.form)}>
        <Stack gap="sm">
          <Group grow align="flex-start">
            <TextInput
              label={t(INVITE_MESSAGES.firstName)}
              required
              data-autofocus
              error={fieldError(errors.firstName?.message)}
              {...register("firstName")}
            />
            <TextInput
              label={t(INVITE_MESSAGES.lastName)}
              required
              error={fieldError(errors.lastName?.message)}
              {...register("lastName")}
            />
          </Group>
          <TextInput
            label={t(INVITE_MESSAGES.email)}
            type="email"
            required
            error={fieldError(errors.email?.message)}
            {...register("email")}
          />
          <RoleField control={control} name="role" label={t(INVITE_MESSAGES.role)} radioName="invite-role" />
          <Checkbox
            label={t(INVITE_MESSAGES.grantAdmin)}
            description={t(INVITE_MESSAGES.grantAdminHint)}
            {...register("isAdmin")}
          />
          <Button type="submit" variant="light">
            {t(INVITE_MESSAGES.add)}
          </Button>
        </Stack>
      </form>
      <InvitedMemberList teamName={teamName} members={members} onRemove={onRemove} />
      <Button onClick={onDone}>{t(INVITE_MESSAGES.done)}</Button>
    </Stack>
  );
}

/** The members invited to one team, each with a remove button. */
export function InvitedMemberList({
  teamName,
  members,
  onRemove,
}: {
  teamName: string;
  members: InvitedMember[];
  onRemove: (index: number) => void;
}) {
  if (members.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t(INVITE_MESSAGES.none)}
      </Text>
    );
  }
  return (
    <Stack
      component="ul"
      gap={4}
      p={0}
      m={0}
      style={{ listStyle: "none" }}
      aria-label={t(INVITE_MESSAGES.invitedTo, { team: teamName })}
    >
      {members.map((member, index) => {
        const name = `${member.firstName} ${member.lastName}`;
        return (
          <Group component="li" key={member.email.toLowerCase()} justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm">
              {t(member.isAdmin ? INVITE_MESSAGES.adminMember : INVITE_MESSAGES.member, {
                name,
                email: member.email,
                role: t(ROLE_LABELS[member.role]),
              })}
            </Text>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t(INVITE_MESSAGES.remove, { name, team: teamName })}
              onClick={() => onRemove(index)}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        );
      })}
    </Stack>
  );
}
