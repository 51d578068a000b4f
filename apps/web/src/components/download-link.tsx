import type { MessageDescriptor } from "@ideaport/shared";
import { Anchor, Group, Stack } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useState } from "react";
import { errorMessageOf } from "../lib/form-errors.ts";
import { t } from "../lib/i18n.ts";
import { ActionFeedback } from "./action-feedback.tsx";

/**
 * A file the signed-in person downloads: the link names the file's address, the click fetches it
 * signed in and saves it, saying so while it is busy and why when it fails (`failed` gets `{reason}`).
 */
export function DownloadLink({
  href,
  download,
  texts,
}: {
  href: string;
  download: () => Promise<void>;
  texts: { download: MessageDescriptor; preparing: MessageDescriptor; failed: MessageDescriptor };
}) {
  const [isBusy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <Stack gap={4}>
      <Anchor
        href={href}
        download
        aria-disabled={isBusy || undefined}
        onClick={(event) => {
          event.preventDefault();
          if (isBusy) return;
          setBusy(true);
          setError(null);
          download()
            .catch((failure: unknown) => setError(t(texts.failed, { reason: errorMessageOf(failure) })))
            .finally(() => setBusy(false));
        }}
        size="sm"
        fw={600}
      >
        <Group gap={6} wrap="nowrap" component="span">
          <IconDownload size={16} aria-hidden />
          {isBusy ? t(texts.preparing) : t(texts.download)}
        </Group>
      </Anchor>
      <ActionFeedback error={error} />
    </Stack>
  );
}
