import { lazyScreen } from "./router.tsx";
import type { Screen } from "./routes.ts";

/**
 * The modules of the route table's public screens (routes.ts), keyed as the router keys its own.
 * Their loaders live in this chunk, which only public routes load, so a signed-in page downloads
 * none of them.
 */
const PUBLIC_SCREEN_MODULES = import.meta.glob<Record<string, unknown>>(
  [
    "./features/landing/landing-route.tsx",
    "./features/auth/login-page.tsx",
    "./features/auth/password-reset-page.tsx",
    "./features/calendar/calendar-callback-page.tsx",
    "./features/sso/sso-login-page.tsx",
    "./features/invitations/accept-invitation-page.tsx",
    "./features/system/multiple-tabs-page.tsx",
    "./app/screens/not-found-page.tsx",
  ],
  { base: "../" },
);

/** A public route's screen, loaded on demand. */
export function PublicScreen({ screen }: { screen: Screen }) {
  const Component = lazyScreen(PUBLIC_SCREEN_MODULES, screen);
  return <Component />;
}
