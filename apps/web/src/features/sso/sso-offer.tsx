import { EMAIL_PATTERN } from "@ideaport/shared";
import { Alert, Button, Stack, Text } from "@mantine/core";
import { IconKey } from "@tabler/icons-react";
import { useCallback, useRef, useState } from "react";
import { errorMessageOf } from "../../lib/form-errors.ts";
import { t } from "../../lib/i18n.ts";
import { lookUpSso, startSso } from "./sso.queries.ts";
import { SSO_LOGIN_TEXTS } from "./sso.texts.ts";

type Offer = { sso: false } | { sso: true; required: boolean; email: string };

/**
 * The login form's single sign-on: once an e-mail address is typed (the field is left), asks
 * whether its domain signs in through the company's identity provider, and then offers
 * "Continue with single sign-on" above the password, which stays for everyone else and for
 * administrators.
 */
export function useSsoOffer() {
  const [offer, setOffer] = useState<Offer>({ sso: false });
  const asked = useRef<string | null>(null);
  const check = useCallback((typed: string) => {
    const email = typed.trim();
    if (!EMAIL_PATTERN.test(email) || asked.current === email) return;
    asked.current = email;
    lookUpSso(email)
      .then((answer) => {
        if (asked.current === email)
          setOffer(answer.sso ? { sso: true, required: answer.required, email } : { sso: false });
      })
      // Without an answer the password form stays as it is.
      .catch(() => undefined);
  }, []);
  return { offer, check };
}

/** "Continue with single sign-on": starts the sign-in and sends the browser to the provider. */
export function SsoOffer({ offer }: { offer: Offer }) {
  const [isStarting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!offer.sso) return null;
  return (
    <Alert color="blue" variant="light" icon={<IconKey aria-hidden />}>
      <Stack gap="xs">
        <Text size="sm">{t(offer.required ? SSO_LOGIN_TEXTS.offerRequired : SSO_LOGIN_TEXTS.offer)}</Text>
        {error && (
          <Text size="sm" c="red.8" role="alert">
            {error}
          </Text>
        )}
        <Button
          type="button"
          loading={isStarting}
          onClick={() => {
            setStarting(true);
            setError(null);
            startSso(offer.email)
              .then((url) => window.location.assign(url))
              .catch((failure: unknown) => {
                setError(errorMessageOf(failure) || t(SSO_LOGIN_TEXTS.startFailed));
                setStarting(false);
              });
          }}
        >
          {t(SSO_LOGIN_TEXTS.continue)}
        </Button>
      </Stack>
    </Alert>
  );
}
