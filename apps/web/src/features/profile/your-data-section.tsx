import { Button, Group } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useState } from "react";
import { ActionFeedback } from "../../components/action-feedback.tsx";
import { SettingsSection } from "../../components/settings-section.tsx";
import { errorMessageOf } from "../../lib/form-errors.ts";
import { t } from "../../lib/i18n.ts";
import { downloadPersonalData } from "./profile.queries.ts";
import { YOUR_DATA_MESSAGES } from "./profile.texts.ts";

/** Profile Settings → Your data: "Download my data" saves everything about the person as a JSON file. */
export function YourDataSection() {
  const [isBusy, setBusy] = useState(false);
  const [success, setSuccess] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const download = async () => {
    setBusy(true);
    setError(null);
    setSuccess(null);
    try {
      await downloadPersonalData();
      setSuccess(t(YOUR_DATA_MESSAGES.downloaded));
    } catch (caught) {
      setError(t(YOUR_DATA_MESSAGES.downloadFailed, { reason: errorMessageOf(caught) }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <SettingsSection title={t(YOUR_DATA_MESSAGES.title)} description={t(YOUR_DATA_MESSAGES.description)}>
      <Group>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={isBusy}
          loaderProps={{ "aria-label": t(YOUR_DATA_MESSAGES.preparing) }}
          onClick={() => void download()}
        >
          {t(YOUR_DATA_MESSAGES.download)}
        </Button>
      </Group>
      <ActionFeedback success={success} error={error} />
    </SettingsSection>
  );
}
