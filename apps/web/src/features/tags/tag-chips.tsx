import type { TagRef } from "@ideaport/shared";
import { Badge, Group, UnstyledButton } from "@mantine/core";
import { IconTag } from "@tabler/icons-react";
import { t } from "../../lib/i18n.ts";
import { TAG_MESSAGES } from "./tags.texts.ts";

/**
 * The tags an idea carries, as chips. With `onSelect`, each chip is a button that filters the list
 * by its tag.
 */
export function TagChips({ tags, onSelect }: { tags: readonly TagRef[]; onSelect?: (tag: TagRef) => void }) {
  if (tags.length === 0) return null;
  return (
    <Group gap={6} component="ul" m={0} p={0} style={{ listStyle: "none" }} aria-label={t(TAG_MESSAGES.chipsLabel)}>
      {tags.map((tag) => {
        const chip = (
          <Badge variant="light" color="gray" c="gray.9" tt="none" leftSection={<IconTag size={12} aria-hidden />}>
            {tag.name}
          </Badge>
        );
        return (
          <li key={tag.id}>
            {onSelect ? (
              <UnstyledButton
                onClick={() => onSelect(tag)}
                aria-label={t(TAG_MESSAGES.filterByTag, { name: tag.name })}
                style={{ borderRadius: 999 }}
              >
                {chip}
              </UnstyledButton>
            ) : (
              chip
            )}
          </li>
        );
      })}
    </Group>
  );
}
