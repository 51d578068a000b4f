import { type ComponentType, useState } from "react";
import type { SessionUser } from "../../lib/session.ts";
import { UserMenuButton } from "./user-menu-button.tsx";
import type { UserMenuDropdownProps } from "./user-menu-dropdown.tsx";

/** The menu's code (Mantine's Menu and its floating dropdown) is not needed until the button is used. */
const loadUserMenuDropdown = () => import("./user-menu-dropdown.tsx").then((module) => module.UserMenuDropdown);

/** Starts the download early, when a pointer or the keyboard reaches the button. */
function prefetchUserMenu() {
  loadUserMenuDropdown().catch(() => {
    // A press loads it again.
  });
}

/**
 * The user menu: display name, e-mail and role label, then Profile Settings,
 * Team Settings (managers), Company Settings (admins) and Logout. It is also the settings
 * navigation the tours point at. Until the menu's code is needed its button stands alone, with
 * the same name and popup state; the first press loads the menu, which takes the button's place
 * and opens.
 */
export function UserMenu({ user, onSignOut }: { user: SessionUser; onSignOut: () => void }) {
  const [dropdown, setDropdown] = useState<{ Menu: ComponentType<UserMenuDropdownProps> } | null>(null);
  const [isLoading, setLoading] = useState(false);
  if (dropdown) return <dropdown.Menu user={user} onSignOut={onSignOut} />;

  const open = () => {
    if (isLoading) return;
    setLoading(true);
    loadUserMenuDropdown().then(
      (Menu) => setDropdown({ Menu }),
      // The download failed (offline): the next press tries again.
      () => setLoading(false),
    );
  };
  return (
    <UserMenuButton
      user={user}
      aria-haspopup="menu"
      aria-expanded={false}
      aria-busy={isLoading || undefined}
      style={{ borderRadius: "var(--mantine-radius-md)", cursor: isLoading ? "progress" : undefined }}
      onClick={open}
      onPointerEnter={prefetchUserMenu}
      onFocus={prefetchUserMenu}
    />
  );
}
