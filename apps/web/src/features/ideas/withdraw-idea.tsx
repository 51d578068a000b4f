import type { IdeaDetail } from "@ideaport/shared";
import { Button, Group, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { InlineConfirm } from "../../components/inline-confirm.tsx";
import { errorMessageOf } from "../../lib/form-errors.ts";
import { DetailSection } from "./idea-detail-section.tsx";
import { useTransitionIdea } from "./ideas.queries.ts";
import { STEP_DONE, TRANSITION_LABELS } from "./ideas.texts.ts";

/**
 * The author's way back while nobody has started reviewing their submission: withdrawn, it is a
 * draft again, to change, submit again or delete.
 */
export function WithdrawIdea({ idea, onStepDone }: { idea: IdeaDetail; onStepDone: (message: string) => void }) {
  const transition = useTransitionIdea();
  const [confirming, setConfirming] = useState(false);
  return (
    <DetailSection title="Your submission">
      <Stack gap="sm">
        <Text size="sm">Nobody has started reviewing it yet. You can withdraw it to change it or to delete it.</Text>
        {confirming ? (
          <InlineConfirm
            question="Withdraw this idea? Reviewers no longer see it until you submit it again."
            confirmLabel="Withdraw idea"
            isPending={transition.isPending}
            error={transition.isError ? errorMessageOf(transition.error) : null}
            onCancel={() => {
              transition.reset();
              setConfirming(false);
            }}
            onConfirm={() =>
              transition.mutate({ ideaId: idea.id, to: "draft" }, { onSuccess: () => onStepDone(STEP_DONE.draft) })
            }
          />
        ) : (
          <Group>
            <Button variant="default" onClick={() => setConfirming(true)}>
              {TRANSITION_LABELS.draft}
            </Button>
          </Group>
        )}
      </Stack>
    </DetailSection>
  );
}
