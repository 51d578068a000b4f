import type { CompanyUser } from "@ideaport/shared";
import { Modal, Text, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { DialogForm } from "../../components/dialog-form.tsx";
import { errorMessageOf } from "../../lib/form-errors.ts";
import { t } from "../../lib/i18n.ts";
import { useEraseCompanyUser } from "./management.queries.ts";
import { USER_MANAGEMENT_MESSAGES } from "./teams.texts.ts";

function EraseUserForm({
  user,
  onClose,
  onErased,
}: {
  user: CompanyUser;
  onClose: () => void;
  onErased: (name: string) => void;
}) {
  const eraseUser = useEraseCompanyUser();
  const [typed, setTyped] = useState("");
  const [nameError, setNameError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const name = user.display_name;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    // The name typed as shown, so nobody is erased by a slip of the mouse.
    if (typed.trim() !== name.trim()) {
      setNameError(t(USER_MANAGEMENT_MESSAGES.eraseNameDiffers));
      return;
    }
    setNameError(null);
    eraseUser.mutate(user.id, {
      onSuccess: () => onErased(name),
      onError: (caught) => setError(errorMessageOf(caught)),
    });
  };

  return (
    <DialogForm
      onSubmit={onSubmit}
      error={error}
      onCancel={onClose}
      submitLabel={t(USER_MANAGEMENT_MESSAGES.eraseConfirm)}
      submitColor="red.9"
      isSubmitting={eraseUser.isPending}
    >
      <Text size="sm">{t(USER_MANAGEMENT_MESSAGES.eraseWhatGoes)}</Text>
      <Text size="sm">{t(USER_MANAGEMENT_MESSAGES.eraseWhatStays)}</Text>
      <TextInput
        label={t(USER_MANAGEMENT_MESSAGES.eraseTypeName, { name })}
        required
        autoComplete="off"
        data-autofocus
        value={typed}
        error={nameError}
        aria-invalid={nameError ? true : undefined}
        onChange={(event) => setTyped(event.currentTarget.value)}
      />
    </DialogForm>
  );
}

/**
 * Erasing a person from user management: what goes and what stays, and their name typed to
 * confirm. Company settings load it when it first opens.
 */
export function EraseUserModal({
  user,
  onClose,
  onErased,
}: {
  /** The person to erase; null keeps the dialog closed. */
  user: CompanyUser | null;
  onClose: () => void;
  onErased: (name: string) => void;
}) {
  // The last person shown stays in the dialog while it closes.
  const [shown, setShown] = useState(user);
  if (user !== null && user !== shown) setShown(user);
  return (
    <Modal
      opened={user !== null}
      onClose={onClose}
      title={shown ? t(USER_MANAGEMENT_MESSAGES.eraseTitle, { name: shown.display_name }) : ""}
      centered
    >
      {shown && <EraseUserForm key={shown.id} user={shown} onClose={onClose} onErased={onErased} />}
    </Modal>
  );
}
