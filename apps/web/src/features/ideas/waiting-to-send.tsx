import { Badge, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useId } from "react";
import { t } from "../../lib/i18n.ts";
import { usePendingWrites } from "./ideas.outbox.ts";
import { WAITING_TO_SEND_MESSAGES } from "./ideas.texts.ts";

/** "Waiting to send": beside a write kept on the device until the network returns. */
export function WaitingBadge() {
  return (
    <Badge variant="light" color="orange" tt="none">
      {t(WAITING_TO_SEND_MESSAGES.waitingToSend)}
    </Badge>
  );
}

function titleOf(body: unknown): string {
  return typeof body === "object" && body !== null && "title" in body ? String(body.title) : "";
}

function textOf(body: unknown): string {
  return typeof body === "object" && body !== null && "body" in body ? String(body.body) : "";
}

/** The brain-dump ideas kept on this device, each marked "Waiting to send". */
export function WaitingIdeas() {
  const headingId = useId();
  const waiting = usePendingWrites("idea");
  if (waiting.length === 0) return null;
  return (
    <Paper component="section" aria-labelledby={headingId} bg="orange.0" p="sm" radius="sm">
      <Title order={3} size="h5" id={headingId}>
        {t(WAITING_TO_SEND_MESSAGES.ideasTitle)}
      </Title>
      <Stack component="ul" gap={6} m={0} mt={6} p={0} style={{ listStyle: "none" }}>
        {waiting.map((entry) => (
          <li key={entry.key}>
            <Group gap="xs" wrap="nowrap">
              <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
                {titleOf(entry.body)}
              </Text>
              <WaitingBadge />
            </Group>
          </li>
        ))}
      </Stack>
    </Paper>
  );
}

/** The comments on an idea kept on this device, after the sent ones, each marked "Waiting to send". */
export function WaitingComments({ ideaId }: { ideaId: string }) {
  const waiting = usePendingWrites("comment", ideaId);
  if (waiting.length === 0) return null;
  return (
    <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: "none" }}>
      {waiting.map((entry) => (
        <li key={entry.key}>
          <Paper bg="orange.0" p="sm" radius="sm">
            <WaitingBadge />
            <Text size="sm" mt={4} style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
              {textOf(entry.body)}
            </Text>
          </Paper>
        </li>
      ))}
    </Stack>
  );
}

/** True while the person's vote for the idea waits on this device. */
export function useIsVoteWaiting(ideaId: string): boolean {
  return usePendingWrites("vote", ideaId).length > 0;
}
