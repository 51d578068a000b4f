import { Button, CopyButton, Group, TextInput } from "@mantine/core";
import { IconCheck, IconCopy } from "@tabler/icons-react";
import { t } from "../lib/i18n.ts";
import { COMPONENT_TEXTS } from "./components.texts.ts";

/** A read-only value with its copy button (an address to paste elsewhere, a new token shown once). */
export function CopyableValue({
  label,
  description,
  value,
  copyLabel,
}: {
  label: string;
  description?: string;
  value: string;
  /** The copy button's accessible name, e.g. "Copy the token". */
  copyLabel: string;
}) {
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <TextInput
        label={label}
        description={description}
        value={value}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
        style={{ flex: "1 1 320px" }}
        styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
      />
      <CopyButton value={value} timeout={3000}>
        {({ copied, copy }) => (
          <Button
            variant="default"
            onClick={copy}
            aria-label={copied ? t(COMPONENT_TEXTS.copied) : copyLabel}
            leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
          >
            {copied ? t(COMPONENT_TEXTS.copied) : t(COMPONENT_TEXTS.copy)}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}
