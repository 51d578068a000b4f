import { Button, Group, Paper, Text } from "@mantine/core";
import { useSyncExternalStore } from "react";
import { t } from "../lib/i18n.ts";
import { applyUpdate, isServiceWorkerUpdateWaiting, subscribeToServiceWorkerUpdate } from "../lib/service-worker.ts";
import { COMPONENT_TEXTS } from "./components.texts.ts";
import "./status-screens.css";

/**
 * "A new version of Ideaport is ready": shown once a new version has installed, with the button
 * that switches to it. The page never changes version on its own under the person's hands.
 */
export function UpdateNotice() {
  const isWaiting = useSyncExternalStore(subscribeToServiceWorkerUpdate, isServiceWorkerUpdateWaiting, () => false);
  return (
    <div role="status" className="ip-update-notice">
      {isWaiting && (
        <Paper shadow="md" p="sm" withBorder>
          <Group gap="sm" wrap="nowrap">
            <Text size="sm">{t(COMPONENT_TEXTS.updateReady)}</Text>
            <Button size="xs" onClick={applyUpdate}>
              {t(COMPONENT_TEXTS.reloadToUpdate)}
            </Button>
          </Group>
        </Paper>
      )}
    </div>
  );
}
