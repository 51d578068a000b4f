import { ROUTES } from "@ideaport/shared";
import { Button, Group } from "@mantine/core";
import { Link } from "react-router";
import { PlaceholderPage } from "../../components/placeholder-page.tsx";
import { PublicPageShell } from "../../components/public-page-shell.tsx";

/** /auth/calendar/callback: where the calendar provider sends the user back after connecting. */
export function CalendarCallbackPage() {
  return (
    <PublicPageShell>
      <PlaceholderPage
        title="Calendar connection"
        description="Finishing the connection to your calendar provider happens here once calendar sync is available."
        upcoming={[
          "Confirming the connection your calendar provider just approved",
          "Challenge deadlines and action due dates in your calendar",
          "A way back to the page you connected from",
        ]}
      >
        <Group>
          <Button component={Link} to={ROUTES.app}>
            Back to Ideaport
          </Button>
        </Group>
      </PlaceholderPage>
    </PublicPageShell>
  );
}
