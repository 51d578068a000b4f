import { Avatar, Group, Text, UnstyledButton, type UnstyledButtonProps } from "@mantine/core";
import { IconChevronDown } from "@tabler/icons-react";
import type { ComponentProps } from "react";
import type { SessionUser } from "../../lib/session.ts";

function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? "") + (parts.length > 1 ? (parts.at(-1)?.[0] ?? "") : "")).toUpperCase() || "?";
}

export type UserMenuButtonProps = UnstyledButtonProps &
  Omit<ComponentProps<"button">, keyof UnstyledButtonProps> & { user: SessionUser };

/**
 * The user menu's button: initials, the display name from `sm` up, and a chevron. It is also the
 * settings navigation the tours point at. The menu's own code wraps it once it has loaded.
 */
export function UserMenuButton({ user, ...props }: UserMenuButtonProps) {
  return (
    <UnstyledButton
      data-tour="settings-nav"
      p={4}
      style={{ borderRadius: "var(--mantine-radius-md)" }}
      aria-label={user.display_name}
      {...props}
    >
      <Group gap="xs" wrap="nowrap">
        {/* The initials are a picture of the name, drawn by CSS: the button's visible words stay
            its accessible name, as speech control needs. */}
        <Avatar color="brand" radius="xl" size={32} aria-hidden>
          <span className="ip-user-menu__initials" data-initials={initialsOf(user.display_name)} />
        </Avatar>
        <Text size="sm" fw={600} visibleFrom="sm" aria-hidden>
          {user.display_name}
        </Text>
        <IconChevronDown size={16} aria-hidden />
      </Group>
    </UnstyledButton>
  );
}
