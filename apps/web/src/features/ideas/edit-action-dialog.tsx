import {
  type Action,
  type ActionStatus,
  translateSchemaMessage,
  type UpdateActionRequest,
  UpdateActionRequestSchema,
} from "@ideaport/shared";
import { Modal, NativeSelect, Text, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { DialogForm } from "../../components/dialog-form.tsx";
import { errorMessageOf } from "../../lib/form-errors.ts";
import { t } from "../../lib/i18n.ts";
import { ownerOptionsHint, useActionOwnerOptions } from "./action-owners.ts";
import { BOARD_ORDER } from "./action-status.ts";
import { useUpdateAction } from "./actions.queries.ts";
import { ACTION_BOARD_MESSAGES, ACTION_STATUS_LABELS, IDEAS_TEXTS } from "./ideas.texts.ts";

interface ActionFormValues {
  owner_id: string;
  due_date: string;
  status: ActionStatus;
}

/** Only the fields that changed; an emptied owner or due date becomes null. */
export function actionChangesOf(action: Action, values: ActionFormValues): UpdateActionRequest {
  const changes: UpdateActionRequest = {};
  if (values.owner_id !== (action.owner?.id ?? "")) changes.owner_id = values.owner_id || null;
  if (values.due_date !== (action.due_date ?? "")) changes.due_date = values.due_date || null;
  if (values.status !== action.status) changes.status = values.status;
  return changes;
}

function EditActionForm({ action, onDone, onCancel }: { action: Action; onDone: () => void; onCancel: () => void }) {
  const updateAction = useUpdateAction();
  const owners = useActionOwnerOptions(action.idea.team_id, action.owner);
  const [values, setValues] = useState<ActionFormValues>({
    owner_id: action.owner?.id ?? "",
    due_date: action.due_date ?? "",
    status: action.status,
  });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<keyof ActionFormValues, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    setFieldErrors({});
    const changes = actionChangesOf(action, values);
    // Nothing changed: saving closes the form, as a person expects, without asking the server.
    if (Object.keys(changes).length === 0) {
      onCancel();
      return;
    }
    const parsed = UpdateActionRequestSchema.safeParse(changes);
    if (!parsed.success) {
      const errors: Partial<Record<keyof ActionFormValues, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        const message = translateSchemaMessage(issue.message, t);
        if (field === "owner_id" || field === "due_date" || field === "status") errors[field] ??= message;
        else setFormError(message);
      }
      setFieldErrors(errors);
      return;
    }
    updateAction.mutate(
      { actionId: action.id, changes },
      {
        onSuccess: onDone,
        onError: (error) => setFormError(errorMessageOf(error)),
      },
    );
  };

  return (
    <DialogForm
      label={t(ACTION_BOARD_MESSAGES.editAction)}
      onSubmit={submit}
      error={formError}
      onCancel={onCancel}
      submitLabel={t(ACTION_BOARD_MESSAGES.saveAction)}
      isSubmitting={updateAction.isPending}
    >
      <Text size="sm" style={{ overflowWrap: "anywhere" }}>
        {t(ACTION_BOARD_MESSAGES.idea, { title: action.idea.title })}
      </Text>
      <NativeSelect
        label={t(ACTION_BOARD_MESSAGES.ownerLabel)}
        data={[{ value: "", label: t(IDEAS_TEXTS.noOwner) }, ...owners.options]}
        value={values.owner_id}
        description={ownerOptionsHint(owners)}
        error={fieldErrors.owner_id}
        onChange={(event) => setValues({ ...values, owner_id: event.currentTarget.value })}
        data-autofocus
      />
      <TextInput
        type="date"
        label={t(IDEAS_TEXTS.dueDate)}
        description={t(ACTION_BOARD_MESSAGES.dueDateHint)}
        value={values.due_date}
        error={fieldErrors.due_date}
        onChange={(event) => setValues({ ...values, due_date: event.currentTarget.value })}
      />
      <NativeSelect
        label={t(IDEAS_TEXTS.status)}
        data={BOARD_ORDER.map((status) => ({ value: status, label: t(ACTION_STATUS_LABELS[status]) }))}
        value={values.status}
        error={fieldErrors.status}
        onChange={(event) => setValues({ ...values, status: event.currentTarget.value as ActionStatus })}
      />
    </DialogForm>
  );
}

/**
 * The Edit action dialog: owner, due date and status. The board (action-board.tsx) loads it when
 * it first opens.
 */
export function EditActionModal({
  action,
  onClose,
  onSaved,
}: {
  /** The action being edited; null keeps the dialog closed. */
  action: Action | null;
  onClose: () => void;
  onSaved: (action: Action) => void;
}) {
  return (
    <Modal opened={action !== null} onClose={onClose} title={t(ACTION_BOARD_MESSAGES.editAction)} centered>
      {action && <EditActionForm action={action} onCancel={onClose} onDone={() => onSaved(action)} />}
    </Modal>
  );
}
