import {
  type AcceptInvitationRequest,
  AcceptInvitationRequestSchema,
  type InvitationDetailsResponse,
  invitationsEndpoints,
  landingPathFor,
  ROLE_LABELS,
  ROUTES,
} from "@ideaport/shared";
import { Alert, Button, Group, Stack, Text, Title } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { AccountForm } from "../../components/account-form.tsx";
import { COMPONENT_TEXTS, FIELD_TEXTS } from "../../components/components.texts.ts";
import { LoadingScreen } from "../../components/loading-screen.tsx";
import { NameFields, NewPasswordField } from "../../components/person-fields.tsx";
import { PublicPageShell } from "../../components/public-page-shell.tsx";
import { StatusPanel } from "../../components/status-panel.tsx";
import { usePageTitle } from "../../components/use-page-title.ts";
import { ApiError, apiClient } from "../../lib/api-client.ts";
import { useAuth } from "../../lib/auth-provider.tsx";
import { t } from "../../lib/i18n.ts";
import { takeFailures, useSchemaForm } from "../../lib/use-schema-form.ts";
import { invitationDetailsQueryOptions } from "./invitations.queries.ts";
import { ACCEPT_INVITATION_TEXTS } from "./invitations.texts.ts";

/** An invitation the server refuses: unknown, expired, revoked or already accepted. */
function isDeadInvitation(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.code === "invitation.invalid" ||
      error.code === "invitation.not_found" ||
      error.code === "invitation.not_pending" ||
      (error.status === 400 && !error.fields) ||
      error.status === 404 ||
      error.status === 410)
  );
}

/** /accept-invitation/{token}: the invitation's company, team and role, then names and a password. */
export function AcceptInvitationPage() {
  usePageTitle(t(ACCEPT_INVITATION_TEXTS.pageTitle));
  const { token = "" } = useParams();
  const invitation = useQuery(invitationDetailsQueryOptions(token));
  const [isDead, setDead] = useState(false);

  let content: ReactNode;
  if (invitation.isPending) {
    content = <LoadingScreen label={t(ACCEPT_INVITATION_TEXTS.loading)} />;
  } else if (isDead || (invitation.isError && isDeadInvitation(invitation.error))) {
    content = <DeadInvitation />;
  } else if (invitation.isError) {
    content = (
      <Stack gap="md">
        <Alert variant="light" color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
          {invitation.error instanceof ApiError && invitation.error.status === 429
            ? (invitation.error.serverMessage ?? invitation.error.message)
            : t(ACCEPT_INVITATION_TEXTS.loadFailed)}
        </Alert>
        <Group>
          <Button onClick={() => invitation.refetch()}>{t(COMPONENT_TEXTS.tryAgain)}</Button>
        </Group>
      </Stack>
    );
  } else {
    content = <AcceptInvitationForm token={token} invitation={invitation.data} onDead={() => setDead(true)} />;
  }

  return <PublicPageShell panelWidth={520}>{content}</PublicPageShell>;
}

function AcceptInvitationForm({
  token,
  invitation,
  onDead,
}: {
  token: string;
  invitation: InvitationDetailsResponse;
  onDead: () => void;
}) {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const form = useSchemaForm(AcceptInvitationRequestSchema, {
    defaultValues: { first_name: invitation.first_name, last_name: invitation.last_name, password: "" },
    fieldNames: { first_name: "first_name", last_name: "last_name", password: "password" },
    keepsFormErrorWithFields: true,
    failureMessage: (error) =>
      error instanceof ApiError && (error.serverMessage || error.isClientSide)
        ? (error.serverMessage ?? error.message)
        : t(ACCEPT_INVITATION_TEXTS.acceptFailed),
  });

  const onSubmit = form.submit((values) => acceptInvitation(token, values), {
    onSuccess: async (answer) => {
      await signIn(answer, false);
      navigate(landingPathFor(answer), { replace: true });
    },
    onFailure: takeFailures(isDeadInvitation, onDead),
  });

  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          {t(ACCEPT_INVITATION_TEXTS.heading, { company: invitation.company_name })}
        </Title>
        <Text c="gray.7" size="sm" mt={4}>
          {t(ACCEPT_INVITATION_TEXTS.intro)}
        </Text>
      </div>
      <Stack component="dl" gap={4} m={0} aria-label={t(ACCEPT_INVITATION_TEXTS.facts)}>
        <InvitationFact term={t(ACCEPT_INVITATION_TEXTS.company)} value={invitation.company_name} />
        <InvitationFact term={t(ACCEPT_INVITATION_TEXTS.team)} value={invitation.team_name} />
        <InvitationFact term={t(ACCEPT_INVITATION_TEXTS.role)} value={t(ROLE_LABELS[invitation.role])} />
        <InvitationFact term={t(FIELD_TEXTS.email)} value={invitation.email} />
      </Stack>
      <AccountForm form={form} onSubmit={onSubmit} submitLabel={t(ACCEPT_INVITATION_TEXTS.accept)}>
        <NameFields firstName={form.field("first_name")} lastName={form.field("last_name")} />
        <NewPasswordField {...form.field("password")} />
      </AccountForm>
    </Stack>
  );
}

function InvitationFact({ term, value }: { term: string; value: string }) {
  return (
    <Group gap="xs">
      <Text component="dt" size="sm" fw={600} w={80}>
        {term}
      </Text>
      <Text component="dd" size="sm" m={0}>
        {value}
      </Text>
    </Group>
  );
}

function acceptInvitation(token: string, body: AcceptInvitationRequest) {
  return apiClient.call(invitationsEndpoints.acceptInvitation, body, { params: { token } });
}

function DeadInvitation() {
  return (
    <StatusPanel
      title={t(ACCEPT_INVITATION_TEXTS.deadTitle)}
      actions={
        <>
          <Button component={Link} to={ROUTES.landing}>
            {t(COMPONENT_TEXTS.goToHomePage)}
          </Button>
          <Button component={Link} to={ROUTES.login} variant="default">
            {t(ACCEPT_INVITATION_TEXTS.haveAccount)}
          </Button>
        </>
      }
    >
      <Alert variant="light" color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
        {t(ACCEPT_INVITATION_TEXTS.deadBody)}
      </Alert>
    </StatusPanel>
  );
}
