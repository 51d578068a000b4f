import type { Session } from "@ideaport/shared";
import { Badge, Button, Group, Paper, Stack, Text } from "@mantine/core";
import { IconLogout } from "@tabler/icons-react";
import { useState } from "react";
import { ActionFeedback } from "../../components/action-feedback.tsx";
import { InlineConfirm } from "../../components/inline-confirm.tsx";
import { QueryStates } from "../../components/query-states.tsx";
import { SettingsSection } from "../../components/settings-section.tsx";
import { errorMessageOf } from "../../lib/form-errors.ts";
import { formatDateTime } from "../../lib/format.ts";
import { t } from "../../lib/i18n.ts";
import { useSessions, useSignOutEverywhere, useSignOutSession } from "./profile.queries.ts";
import { SESSIONS_MESSAGES } from "./profile.texts.ts";

/** A device's name in the reader's language: "Firefox on Windows", the browser alone, or "Unknown browser". */
export function deviceNameOf(session: Pick<Session, "browser" | "os">): string {
  if (!session.browser) return t(SESSIONS_MESSAGES.unknownBrowser);
  return session.os
    ? t(SESSIONS_MESSAGES.browserOnSystem, { browser: session.browser, os: session.os })
    : session.browser;
}

function SessionRow({
  session,
  onSignOut,
  isSigningOut,
}: {
  session: Session;
  onSignOut: (session: Session) => void;
  isSigningOut: boolean;
}) {
  const device = deviceNameOf(session);
  return (
    <Paper withBorder p="sm" radius="md" component="li" aria-label={device}>
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <Stack gap={2} style={{ minWidth: 0, flex: "1 1 200px" }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} style={{ overflowWrap: "anywhere" }}>
              {device}
            </Text>
            {session.is_current && (
              <Badge variant="light" color="green.9">
                {t(SESSIONS_MESSAGES.thisDevice)}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="gray.7" style={{ overflowWrap: "anywhere" }}>
            {t(SESSIONS_MESSAGES.details, {
              address: session.ip_address ?? t(SESSIONS_MESSAGES.unknownAddress),
              lastActive: formatDateTime(session.last_active_at),
            })}
          </Text>
        </Stack>
        {!session.is_current && (
          <Button
            variant="default"
            leftSection={<IconLogout size={16} aria-hidden />}
            aria-label={t(SESSIONS_MESSAGES.signOutNamed, { device })}
            loading={isSigningOut}
            onClick={() => onSignOut(session)}
          >
            {t(SESSIONS_MESSAGES.signOut)}
          </Button>
        )}
      </Group>
    </Paper>
  );
}

/**
 * Profile Settings → Sessions: every device where the person is signed in (browser, address, last
 * activity; this one marked), "Sign out" for each other one and "Sign out everywhere" else.
 */
export function SessionsSection() {
  const sessions = useSessions();
  const signOut = useSignOutSession();
  const signOutEverywhere = useSignOutEverywhere();
  const [isConfirming, setIsConfirming] = useState(false);
  const [success, setSuccess] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const signOutDevice = async (session: Session) => {
    setError(null);
    setSuccess(null);
    try {
      await signOut.mutateAsync(session.id);
      setSuccess(t(SESSIONS_MESSAGES.signedOut, { device: deviceNameOf(session) }));
    } catch (caught) {
      setError(errorMessageOf(caught));
    }
  };
  const signOutOthers = async () => {
    setError(null);
    setSuccess(null);
    try {
      const answer = await signOutEverywhere.mutateAsync();
      setIsConfirming(false);
      setSuccess(t(SESSIONS_MESSAGES.signedOutEverywhere, { count: answer.signed_out }));
    } catch (caught) {
      setError(errorMessageOf(caught));
    }
  };

  return (
    <SettingsSection title={t(SESSIONS_MESSAGES.title)} description={t(SESSIONS_MESSAGES.description)}>
      <QueryStates query={sessions} loading={t(SESSIONS_MESSAGES.loading)} failure={t(SESSIONS_MESSAGES.loadFailed)}>
        {({ sessions: list }) => {
          const hasOthers = list.some((session) => !session.is_current);
          return (
            <Stack gap="sm">
              <Stack gap="xs" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
                {list.map((session) => (
                  <SessionRow
                    key={session.id}
                    session={session}
                    onSignOut={signOutDevice}
                    isSigningOut={signOut.isPending && signOut.variables === session.id}
                  />
                ))}
              </Stack>
              {!hasOthers && (
                <Text size="sm" c="gray.7">
                  {t(SESSIONS_MESSAGES.onlyThisDevice)}
                </Text>
              )}
              {hasOthers &&
                (isConfirming ? (
                  <InlineConfirm
                    question={t(SESSIONS_MESSAGES.signOutEverywhereQuestion)}
                    confirmLabel={t(SESSIONS_MESSAGES.signOutEverywhere)}
                    onConfirm={signOutOthers}
                    onCancel={() => setIsConfirming(false)}
                    isPending={signOutEverywhere.isPending}
                    error={error}
                  />
                ) : (
                  <Group>
                    <Button
                      variant="default"
                      color="red.9"
                      onClick={() => {
                        setSuccess(null);
                        setError(null);
                        setIsConfirming(true);
                      }}
                    >
                      {t(SESSIONS_MESSAGES.signOutEverywhere)}
                    </Button>
                  </Group>
                ))}
            </Stack>
          );
        }}
      </QueryStates>
      <ActionFeedback success={success} error={isConfirming ? null : error} />
    </SettingsSection>
  );
}
