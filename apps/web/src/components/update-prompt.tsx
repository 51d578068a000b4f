import { Button, Group, Paper, Text } from "@mantine/core";
import { t } from "../lib/i18n.ts";
import { applyUpdate } from "../lib/service-worker.ts";
import { COMPONENT_TEXTS } from "./components.texts.ts";

/** "A new version of Ideaport is ready", with the button that switches to it. */
export default function UpdatePrompt() {
  return (
    <Paper shadow="md" p="sm" withBorder>
      <Group gap="sm" wrap="nowrap">
        <Text size="sm">{t(COMPONENT_TEXTS.updateReady)}</Text>
        <Button size="xs" onClick={applyUpdate}>
          {t(COMPONENT_TEXTS.reloadToUpdate)}
        </Button>
      </Group>
    </Paper>
  );
}
