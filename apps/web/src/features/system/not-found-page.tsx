import { ROUTES, SCREEN_TEXTS } from "@ideaport/shared";
import { Button, Container, Group, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft, IconHome } from "@tabler/icons-react";
import { useEffect } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { usePageTitle } from "../../components/use-page-title.ts";
import { reportClientError } from "../../lib/error-reporting.ts";

/** Any unknown path shows this screen, and the visit is reported. */
export function NotFoundPage() {
  usePageTitle("Page not found");
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    reportClientError({
      kind: "not_found",
      message: `${SCREEN_TEXTS.notFound} (${location.pathname})`,
      path: `${location.pathname}${location.search}`,
    });
  }, [location.pathname, location.search]);

  return (
    <Container component="main" size="sm" py={80}>
      <Stack align="center" gap="md" ta="center">
        <Text fz={64} fw={800} c="brand.6" aria-hidden>
          404
        </Text>
        <Title order={1}>Page Not Found</Title>
        <Text size="lg">{SCREEN_TEXTS.notFound}</Text>
        <Group justify="center" mt="md">
          <Button variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={() => navigate(-1)}>
            {SCREEN_TEXTS.goBack}
          </Button>
          <Button component={Link} to={ROUTES.landing} leftSection={<IconHome size={16} aria-hidden />}>
            {SCREEN_TEXTS.goHome}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
