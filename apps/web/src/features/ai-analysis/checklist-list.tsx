import { CHECKLIST_TEXTS, type ChecklistItem } from "@ideaport/shared";
import { Group, Stack, Text, VisuallyHidden } from "@mantine/core";
import { IconCircleCheck, IconCircleDashed } from "@tabler/icons-react";
import { t } from "../../lib/i18n.ts";
import { CHECKLIST_MESSAGES } from "./ai-analysis.texts.ts";

/**
 * The reviewer's checklist: each question, answered or missing, with its one-line hint. Given
 * the verdicts of an earlier submission, a question whose verdict changed since says so.
 */
export function ChecklistList({ items, earlier }: { items: ChecklistItem[]; earlier?: ChecklistItem[] | undefined }) {
  return (
    <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: "none" }} aria-label={t(CHECKLIST_MESSAGES.title)}>
      {items.map((item) => {
        const before = earlier?.find((old) => old.key === item.key);
        return (
          <li key={item.key}>
            <Group gap="xs" wrap="nowrap" align="flex-start">
              {item.ok ? (
                <IconCircleCheck size={18} color="var(--mantine-color-green-9)" aria-hidden style={{ flexShrink: 0 }} />
              ) : (
                <IconCircleDashed
                  size={18}
                  color="var(--mantine-color-orange-9)"
                  aria-hidden
                  style={{ flexShrink: 0 }}
                />
              )}
              <div>
                <Text size="sm" fw={600}>
                  {t(CHECKLIST_TEXTS[item.key].label)}
                  <VisuallyHidden>
                    {t(item.ok ? CHECKLIST_MESSAGES.answeredSuffix : CHECKLIST_MESSAGES.missingSuffix)}
                  </VisuallyHidden>
                </Text>
                <Text size="xs" c="gray.7">
                  {item.hint}
                </Text>
                {before && before.ok !== item.ok && (
                  <Text size="xs" fw={600} c={item.ok ? "green.9" : "orange.9"}>
                    {t(item.ok ? CHECKLIST_MESSAGES.answeredSince : CHECKLIST_MESSAGES.answeredBefore)}
                  </Text>
                )}
              </div>
            </Group>
          </li>
        );
      })}
    </Stack>
  );
}
