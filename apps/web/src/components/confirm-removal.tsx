import type { ReactNode } from "react";
import { errorMessageOf } from "../lib/form-errors.ts";
import { ConfirmDialog } from "./confirm-dialog.tsx";

/** What `ConfirmRemoval` reads of the removing mutation (a TanStack one that takes the row's id). */
interface RemovingMutation {
  mutate: (id: string, steps: { onSuccess: () => void }) => void;
  reset: () => void;
  isPending: boolean;
  error: unknown;
}

/**
 * Asks before removing a row of a settings list (a token revoked, a channel removed): open while
 * `row` is set; confirming removes it and then calls `onRemoved`; Cancel closes and forgets a
 * refusal, which shows in the dialog.
 */
export function ConfirmRemoval<Row extends { id: string }>({
  row,
  mutation,
  title,
  confirmLabel,
  onRemoved,
  onClose,
  children,
}: {
  row: Row | null;
  mutation: RemovingMutation;
  title: (row: Row | null) => string;
  confirmLabel: string;
  /** After the removal: close and say so. */
  onRemoved: (row: Row) => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <ConfirmDialog
      opened={row !== null}
      title={title(row)}
      confirmLabel={confirmLabel}
      onConfirm={() => {
        if (row) mutation.mutate(row.id, { onSuccess: () => onRemoved(row) });
      }}
      onCancel={() => {
        onClose();
        mutation.reset();
      }}
      isPending={mutation.isPending}
      error={mutation.error ? errorMessageOf(mutation.error) : null}
    >
      {children}
    </ConfirmDialog>
  );
}
