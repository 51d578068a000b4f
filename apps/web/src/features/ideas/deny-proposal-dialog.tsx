import type { Challenge } from "@ideaport/shared";
import { Modal, Text, Textarea } from "@mantine/core";
import { DialogForm } from "../../components/dialog-form.tsx";

export interface DenyProposalModalProps {
  /** The proposal being denied; null keeps the dialog closed. */
  challenge: Challenge | null;
  note: string;
  onNoteChange: (note: string) => void;
  isPending: boolean;
  /** The server's refusal, shown in the dialog. */
  error: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * The Deny proposal dialog: an optional reason shared with the proposer. The proposed challenges
 * section (proposed-challenges.tsx) loads it when it first opens.
 */
export function DenyProposalModal({
  challenge,
  note,
  onNoteChange,
  isPending,
  error,
  onCancel,
  onConfirm,
}: DenyProposalModalProps) {
  return (
    <Modal opened={challenge !== null} onClose={onCancel} title="Deny proposal" centered>
      {challenge && (
        <DialogForm
          label="Deny proposal"
          onSubmit={(event) => {
            event.preventDefault();
            onConfirm();
          }}
          error={error}
          onCancel={onCancel}
          submitLabel="Deny proposal"
          submitColor="red.9"
          isSubmitting={isPending}
        >
          <Text size="sm" style={{ overflowWrap: "anywhere" }}>
            Deny "{challenge.title}"? It will not be posted; its proposer is told.
          </Text>
          <Textarea
            label="Reason"
            description="Optional; shared with the proposer"
            rows={3}
            resize="vertical"
            maxLength={2000}
            value={note}
            onChange={(event) => onNoteChange(event.currentTarget.value)}
            data-autofocus
          />
        </DialogForm>
      )}
    </Modal>
  );
}
