import { Button, Divider, Group, Text } from "@mantine/core";
import { IconDownload, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { ActionFeedback } from "../../components/action-feedback.tsx";
import { lazyDialog } from "../../components/lazy-dialog.tsx";
import { SettingsSection } from "../../components/settings-section.tsx";
import { useAuth } from "../../lib/auth-provider.tsx";
import { errorMessageOf } from "../../lib/form-errors.ts";
import { t } from "../../lib/i18n.ts";
import { downloadPersonalData } from "./profile.queries.ts";
import { YOUR_DATA_MESSAGES } from "./profile.texts.ts";

/** The Delete my account dialog (delete-account-dialog.tsx), loaded when it first opens. */
const DeleteAccountDialog = lazyDialog(
  () => import("./delete-account-dialog.tsx").then((module) => module.DeleteAccountModal),
  { isOpen: (props) => props.opened, closed: (props) => ({ ...props, opened: false }) },
);

/**
 * Profile Settings → Your data: "Download my data" saves everything about the person as a JSON
 * file; "Delete my account" erases it and signs the person out to the login page, which says so.
 */
export function YourDataSection() {
  const { signOut } = useAuth();
  const [isDeleting, setDeleting] = useState(false);
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
      <Divider />
      <Text size="sm" c="gray.7">
        {t(YOUR_DATA_MESSAGES.deleteDescription)}
      </Text>
      <Group>
        <Button
          variant="outline"
          color="red.9"
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={() => setDeleting(true)}
        >
          {t(YOUR_DATA_MESSAGES.deleteAccount)}
        </Button>
      </Group>
      <DeleteAccountDialog
        opened={isDeleting}
        onClose={() => setDeleting(false)}
        onDeleted={() => signOut("accountDeleted")}
      />
    </SettingsSection>
  );
}
