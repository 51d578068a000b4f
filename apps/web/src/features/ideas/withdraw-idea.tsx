import type { IdeaDetail } from "@ideaport/shared";
import { Button, Group, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { InlineConfirm } from "../../components/inline-confirm.tsx";
import { errorMessageOf } from "../../lib/form-errors.ts";
import { t } from "../../lib/i18n.ts";
import { DetailSection } from "./idea-detail-section.tsx";
import { useTransitionIdea } from "./ideas.queries.ts";
import { EDIT_IDEA_MESSAGES, STEP_DONE, TRANSITION_LABELS } from "./ideas.texts.ts";

/**
 * The author's way back while nobody has started reviewing their submission: withdrawn, it is a
 * draft again, to change, submit again or delete.
 */
export function WithdrawIdea({ idea, onStepDone }: { idea: IdeaDetail; onStepDone: (message: string) => void }) {
  const transition = useTransitionIdea();
  const [confirming, setConfirming] = useState(false);
  return (
    <DetailSection title={t(EDIT_IDEA_MESSAGES.withdrawTitle)}>
      <Stack gap="sm">
        <Text size="sm">{t(EDIT_IDEA_MESSAGES.withdrawIntro)}</Text>
        {confirming ? (
          <InlineConfirm
            question={t(EDIT_IDEA_MESSAGES.withdrawQuestion)}
            confirmLabel={t(EDIT_IDEA_MESSAGES.withdrawConfirm)}
            isPending={transition.isPending}
            error={transition.isError ? errorMessageOf(transition.error) : null}
            onCancel={() => {
              transition.reset();
              setConfirming(false);
            }}
            onConfirm={() =>
              transition.mutate({ ideaId: idea.id, to: "draft" }, { onSuccess: () => onStepDone(t(STEP_DONE.draft)) })
            }
          />
        ) : (
          <Group>
            <Button variant="default" onClick={() => setConfirming(true)}>
              {t(TRANSITION_LABELS.draft)}
            </Button>
          </Group>
        )}
      </Stack>
    </DetailSection>
  );
}
