import { CHECKLIST_TEXTS, type ChecklistItem } from "@ideaport/shared";
import { Group, Stack, Text, VisuallyHidden } from "@mantine/core";
import { IconCircleCheck, IconCircleDashed } from "@tabler/icons-react";

/** The reviewer's checklist: each question, answered or missing, with its one-line hint. */
export function ChecklistList({ items }: { items: ChecklistItem[] }) {
  return (
    <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: "none" }} aria-label="Reviewer's checklist">
      {items.map((item) => (
        <li key={item.key}>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            {item.ok ? (
              <IconCircleCheck size={18} color="var(--mantine-color-green-9)" aria-hidden style={{ flexShrink: 0 }} />
            ) : (
              <IconCircleDashed size={18} color="var(--mantine-color-orange-9)" aria-hidden style={{ flexShrink: 0 }} />
            )}
            <div>
              <Text size="sm" fw={600}>
                {CHECKLIST_TEXTS[item.key].label}
                <VisuallyHidden>{item.ok ? ": answered" : ": missing"}</VisuallyHidden>
              </Text>
              <Text size="xs" c="gray.7">
                {item.hint}
              </Text>
            </div>
          </Group>
        </li>
      ))}
    </Stack>
  );
}
