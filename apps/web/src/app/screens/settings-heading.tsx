import { Text, Title } from "@mantine/core";
import { t } from "../../lib/i18n.ts";
import { SETTINGS_TEXTS } from "../app.texts.ts";

/**
 * The settings page's title and subtitle. Both read the same for everyone and every area (the tabs
 * below show which areas a person may open), so the page's HTML paints them before anyone is known
 * (app/page-skeleton.tsx) and the app's page takes their place without a change.
 */
export function SettingsHeading() {
  return (
    <>
      <Title order={1}>{t(SETTINGS_TEXTS.pageTitle)}</Title>
      <Text c="gray.7" mb="md">
        {t(SETTINGS_TEXTS.subtitle)}
      </Text>
    </>
  );
}
