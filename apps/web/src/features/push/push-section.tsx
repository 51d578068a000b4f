import {
  type PushSubscription as DeviceSubscription,
  EMAIL_CATEGORY_LABELS,
  type EmailCategory,
  emailCategoriesFor,
} from "@ideaport/shared";
import { Alert, Checkbox, Group, Loader, Stack, Switch, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { SettingsSection } from "../../components/settings-section.tsx";
import { useAuth } from "../../lib/auth-provider.tsx";
import { errorMessageOf } from "../../lib/form-errors.ts";
import { t } from "../../lib/i18n.ts";
import { fetchPushPublicKey, usePushSubscriptions, useSubscribePush, useUnsubscribePush } from "./push.queries.ts";
import { PUSH_TEXTS } from "./push.texts.ts";
import {
  currentSubscription,
  PushPermissionRefused,
  pushAvailability,
  subscribeThisDevice,
  subscriptionBody,
  unsubscribeThisDevice,
} from "./push-device.ts";

type Feedback = { color: "green" | "red"; text: string } | null;

/** This device's endpoint, read once from the browser's push manager (null: not subscribed). */
function useThisDeviceEndpoint() {
  const [endpoint, setEndpoint] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    let isCurrent = true;
    currentSubscription()
      .then((subscription) => isCurrent && setEndpoint(subscription?.endpoint ?? null))
      .catch(() => isCurrent && setEndpoint(null));
    return () => {
      isCurrent = false;
    };
  }, []);
  return [endpoint, setEndpoint] as const;
}

/**
 * Profile Settings' "Push notifications on this device": a switch for this browser (the
 * permission is asked only when the person turns it on) and the categories it hears about, the
 * same categories as e-mail.
 */
export function PushSection() {
  const { user } = useAuth();
  const availability = pushAvailability();
  const subscriptions = usePushSubscriptions();
  const subscribe = useSubscribePush();
  const unsubscribe = useUnsubscribePush();
  const [endpoint, setEndpoint] = useThisDeviceEndpoint();
  const [isBusy, setIsBusy] = useState(false);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const offered: EmailCategory[] = user ? emailCategoriesFor(user) : [];

  const saved: DeviceSubscription | undefined = subscriptions.data?.subscriptions.find(
    (subscription) => subscription.endpoint === endpoint,
  );
  const isOn = saved !== undefined;

  async function turnOn() {
    const subscription = await subscribeThisDevice(await fetchPushPublicKey());
    await subscribe.mutateAsync({ ...subscriptionBody(subscription), categories: offered });
    setEndpoint(subscription.endpoint);
    return t(PUSH_TEXTS.turnedOn);
  }

  async function turnOff() {
    const ended = (await unsubscribeThisDevice()) ?? endpoint;
    if (ended) await unsubscribe.mutateAsync(ended).catch(() => undefined);
    setEndpoint(null);
    return t(PUSH_TEXTS.turnedOff);
  }

  async function run(step: () => Promise<string>, failure: string) {
    setIsBusy(true);
    setFeedback(null);
    try {
      setFeedback({ color: "green", text: await step() });
    } catch (error) {
      setFeedback({
        color: "red",
        text: error instanceof PushPermissionRefused ? t(PUSH_TEXTS.permissionRefused) : failure,
      });
    } finally {
      setIsBusy(false);
    }
  }

  async function changeCategories(categories: string[]) {
    const subscription = await currentSubscription();
    if (!subscription) return;
    await run(async () => {
      await subscribe.mutateAsync({
        ...subscriptionBody(subscription),
        categories: offered.filter((category) => categories.includes(category)),
      });
      return t(PUSH_TEXTS.categoriesSaved);
    }, t(PUSH_TEXTS.subscribeFailed));
  }

  let content: React.ReactNode;
  if (availability === "unsupported") {
    content = <Text>{t(PUSH_TEXTS.unsupported)}</Text>;
  } else if (subscriptions.isPending || endpoint === undefined) {
    content = (
      <Group gap="xs" role="status">
        <Loader size="sm" aria-hidden />
        {t(PUSH_TEXTS.loading)}
      </Group>
    );
  } else if (subscriptions.isError) {
    content = (
      <Alert color="red" variant="light" role="alert">
        {errorMessageOf(subscriptions.error)}
      </Alert>
    );
  } else {
    content = (
      <Stack gap="sm" maw={520}>
        {availability === "denied" && !isOn ? (
          <Alert color="yellow" variant="light">
            {t(PUSH_TEXTS.blocked)}
          </Alert>
        ) : (
          <Switch
            label={t(PUSH_TEXTS.toggle)}
            checked={isOn}
            disabled={isBusy}
            onChange={(event) =>
              void run(event.currentTarget.checked ? turnOn : turnOff, t(PUSH_TEXTS.subscribeFailed))
            }
          />
        )}
        {isOn && (
          <Checkbox.Group label={t(PUSH_TEXTS.categories)} value={saved.categories} onChange={changeCategories}>
            <Stack gap="xs" mt="xs">
              {offered.map((category) => (
                <Checkbox
                  key={category}
                  value={category}
                  label={t(EMAIL_CATEGORY_LABELS[category])}
                  disabled={isBusy}
                />
              ))}
            </Stack>
          </Checkbox.Group>
        )}
        {feedback && (
          <Alert color={feedback.color} variant="light" role={feedback.color === "red" ? "alert" : "status"}>
            {feedback.text}
          </Alert>
        )}
      </Stack>
    );
  }

  return (
    <SettingsSection title={t(PUSH_TEXTS.title)} description={t(PUSH_TEXTS.description)}>
      {content}
    </SettingsSection>
  );
}
