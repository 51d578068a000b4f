import { landingPathFor, ROUTES, SCREEN_TEXTS } from "@ideaport/shared";
import { Button, Container, Group, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft, IconHome } from "@tabler/icons-react";
import { useEffect } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { LoadingScreen } from "../../components/loading-screen.tsx";
import { usePageTitle } from "../../components/use-page-title.ts";
import { useAuth } from "../../lib/auth-provider.tsx";
import { reportClientError } from "../../lib/error-reporting.ts";
import { t } from "../../lib/i18n.ts";
import { NOT_FOUND_TEXTS } from "../app.texts.ts";
import { AppLayout } from "../layout/app-layout.tsx";
import { MultipleTabsGuard } from "../multiple-tabs-guard.tsx";

/**
 * Any unknown path shows the not-found screen, and the visit is reported: inside the app's frame
 * (header, bell, user menu) for a signed-in person, on its own otherwise.
 */
export function NotFoundPage() {
  const { user, status } = useAuth();
  if (status === "loading") return <LoadingScreen label={t(SCREEN_TEXTS.authenticating)} fullScreen />;
  if (!user) return <NotFoundScreen home={ROUTES.landing} standalone />;
  return (
    <MultipleTabsGuard>
      <AppLayout>
        <NotFoundScreen home={landingPathFor(user)} standalone={false} />
      </AppLayout>
    </MultipleTabsGuard>
  );
}

/** The screen itself; `standalone` makes it the page's main landmark (the app's frame has its own). */
function NotFoundScreen({ home, standalone }: { home: string; standalone: boolean }) {
  usePageTitle(t(NOT_FOUND_TEXTS.pageTitle));
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    reportClientError({
      kind: "not_found",
      message: `${t(SCREEN_TEXTS.notFound)} (${location.pathname})`,
      path: `${location.pathname}${location.search}`,
    });
  }, [location.pathname, location.search]);

  return (
    <Container component={standalone ? "main" : "div"} size="sm" py={80}>
      <Stack align="center" gap="md" ta="center">
        <Text fz={64} fw={800} c="brand.6" aria-hidden>
          404
        </Text>
        <Title order={1}>{t(NOT_FOUND_TEXTS.heading)}</Title>
        <Text size="lg">{t(SCREEN_TEXTS.notFound)}</Text>
        <Group justify="center" mt="md">
          <Button variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={() => navigate(-1)}>
            {t(SCREEN_TEXTS.goBack)}
          </Button>
          <Button component={Link} to={home} leftSection={<IconHome size={16} aria-hidden />}>
            {t(SCREEN_TEXTS.goHome)}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
