import type { NewsItem } from "@ideaport/shared";
import { ActionIcon, Menu } from "@mantine/core";
import { IconDots, IconEdit, IconPin, IconPinnedOff, IconTrash } from "@tabler/icons-react";
import { t } from "../../../lib/i18n.ts";
import { NEWS_SECTION_MESSAGES, PORTAL_COMMON_MESSAGES } from "../company-portal.texts.ts";

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
        <ActionIcon
          variant="subtle"
          color="gray.7"
          aria-label={t(PORTAL_COMMON_MESSAGES.actionsFor, { title: news.title })}
        >
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconEdit size={16} aria-hidden />} onClick={onEdit}>
          {t(PORTAL_COMMON_MESSAGES.edit)}
        </Menu.Item>
        <Menu.Item
          leftSection={news.pinned ? <IconPinnedOff size={16} aria-hidden /> : <IconPin size={16} aria-hidden />}
          onClick={onTogglePin}
        >
          {t(news.pinned ? NEWS_SECTION_MESSAGES.unpin : NEWS_SECTION_MESSAGES.pin)}
        </Menu.Item>
        <Menu.Item color="red.9" leftSection={<IconTrash size={16} aria-hidden />} onClick={onDelete}>
          {t(PORTAL_COMMON_MESSAGES.delete)}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
