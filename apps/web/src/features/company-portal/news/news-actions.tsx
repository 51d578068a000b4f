import type { NewsItem } from "@ideaport/shared";
import { ActionIcon, Menu } from "@mantine/core";
import { IconDots, IconEdit, IconPin, IconPinnedOff, IconTrash } from "@tabler/icons-react";

/**
 * An administrator's menu of one post: Edit, Pin or Unpin, Delete. Only administrators load it
 * (news-section.tsx), so the menu's code does not come with the page for everyone else.
 */
export function NewsActions({
  news,
  onEdit,
  onTogglePin,
  onDelete,
}: {
  news: NewsItem;
  onEdit: () => void;
  onTogglePin: () => void;
  onDelete: () => void;
}) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray.7" aria-label={`Actions for ${news.title}`}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconEdit size={16} aria-hidden />} onClick={onEdit}>
          Edit
        </Menu.Item>
        <Menu.Item
          leftSection={news.pinned ? <IconPinnedOff size={16} aria-hidden /> : <IconPin size={16} aria-hidden />}
          onClick={onTogglePin}
        >
          {news.pinned ? "Unpin" : "Pin"}
        </Menu.Item>
        <Menu.Item color="red.9" leftSection={<IconTrash size={16} aria-hidden />} onClick={onDelete}>
          Delete
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
