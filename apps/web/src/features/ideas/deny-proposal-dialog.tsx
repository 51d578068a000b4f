import type { Challenge } from "@ideaport/shared";
import { Modal, Text, Textarea } from "@mantine/core";
import { DialogForm } from "../../components/dialog-form.tsx";
import { t } from "../../lib/i18n.ts";
import { PROPOSAL_MESSAGES } from "./ideas.texts.ts";

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
    <Modal opened={challenge !== null} onClose={onCancel} title={t(PROPOSAL_MESSAGES.denyProposal)} centered>
      {challenge && (
        <DialogForm
          label={t(PROPOSAL_MESSAGES.denyProposal)}
          onSubmit={(event) => {
            event.preventDefault();
            onConfirm();
          }}
          error={error}
          onCancel={onCancel}
          submitLabel={t(PROPOSAL_MESSAGES.denyProposal)}
          submitColor="red.9"
          isSubmitting={isPending}
        >
          <Text size="sm" style={{ overflowWrap: "anywhere" }}>
            {t(PROPOSAL_MESSAGES.denyQuestion, { title: challenge.title })}
          </Text>
          <Textarea
            label={t(PROPOSAL_MESSAGES.reason)}
            description={t(PROPOSAL_MESSAGES.reasonHint)}
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
