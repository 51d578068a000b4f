import { authEndpoints, LoginRequestSchema, type LoginResponse } from "@ideaport/shared";
import { Anchor, Button, Checkbox, Group, Stack, Text, TextInput } from "@mantine/core";
import { type ReactNode, useEffect, useRef } from "react";
import { Link } from "react-router";
import { FIELD_TEXTS } from "../../components/components.texts.ts";
import { FormError } from "../../components/form-error.tsx";
import { PasswordField } from "../../components/password-field.tsx";
import { apiClient } from "../../lib/api-client.ts";
import { t, tRich } from "../../lib/i18n.ts";
import { useSchemaForm } from "../../lib/use-schema-form.ts";
import { SsoOffer, useSsoOffer } from "../sso/index.ts";
import { LOGIN_TEXTS } from "./auth.texts.ts";
import { DIALOG_LINKS, isPlainLeftClick } from "./dialog-links.ts";
import { loginFailureMessage } from "./failure-messages.ts";

export interface LoginFormProps {
  /** The message when the server says nothing; the login page and the Log In popup use different words. */
  fallbackMessage: string;
  /** Called with the login answer; the caller signs in or asks for a company first. */
  onLoggedIn: (login: LoginResponse, remember: boolean) => Promise<void> | void;
  onForgotPassword: () => void;
  onSignUp: () => void;
}

/**
 * The Log In form of the popup and of /login: e-mail, password, "Remember me", and the two links;
 * for an address whose company signs in through its identity provider, "Continue with single sign-on" too.
 */
export function LoginForm({ fallbackMessage, onLoggedIn, onForgotPassword, onSignUp }: LoginFormProps) {
  // Read from the box when the form is sent: unlike a state copy, the box keeps a tick given
  // before the app adopted the prerendered page.
  const rememberBox = useRef<HTMLInputElement>(null);
  const {
    register,
    submit,
    formError,
    formState: { errors, isSubmitting },
  } = useSchemaForm(LoginRequestSchema, {
    defaultValues: { email: "", password: "" },
    failureMessage: (error) => loginFailureMessage(error, fallbackMessage),
  });

  const onSubmit = submit((values) => apiClient.call(authEndpoints.login, values), {
    onSuccess: (login) => onLoggedIn(login, rememberBox.current?.checked ?? false),
  });
  const sso = useSsoOffer();
  const emailField = register("email");
  const emailInput = useRef<HTMLInputElement | null>(null);
  // An address typed (or filled in by the browser) before the app adopted the prerendered page
  // was never "left" as far as the app knows: it is looked up once the form is live.
  const checkSso = sso.check;
  useEffect(() => {
    if (emailInput.current?.value) checkSso(emailInput.current.value);
  }, [checkSso]);

  return (
    <Stack gap="md">
      <FormError message={formError} />
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t(FIELD_TEXTS.email)}
            type="email"
            autoComplete="email"
            required
            data-autofocus
            error={errors.email?.message}
            {...emailField}
            ref={(element) => {
              emailField.ref(element);
              emailInput.current = element;
            }}
            onBlur={(event) => {
              void emailField.onBlur(event);
              sso.check(event.target.value);
            }}
          />
          <SsoOffer offer={sso.offer} />
          <PasswordField
            label={t(FIELD_TEXTS.password)}
            autoComplete="current-password"
            required
            error={errors.password?.message}
            {...register("password")}
          />
          <Group justify="space-between" gap="xs">
            <Checkbox label={t(LOGIN_TEXTS.rememberMe)} ref={rememberBox} />
            <Anchor
              component={Link}
              to={DIALOG_LINKS.resetPassword}
              size="sm"
              aria-haspopup="dialog"
              onClick={(event) => {
                if (!isPlainLeftClick(event)) return;
                event.preventDefault();
                onForgotPassword();
              }}
            >
              {t(LOGIN_TEXTS.forgotPassword)}
            </Anchor>
          </Group>
          <Button type="submit" fullWidth loading={isSubmitting}>
            {t(LOGIN_TEXTS.logIn)}
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        {tRich(LOGIN_TEXTS.noAccount, {
          link: (words: ReactNode) => (
            <Anchor
              component={Link}
              to={DIALOG_LINKS.signUp}
              aria-haspopup="dialog"
              onClick={(event) => {
                if (!isPlainLeftClick(event)) return;
                event.preventDefault();
                onSignUp();
              }}
            >
              {words}
            </Anchor>
          ),
        })}
      </Text>
    </Stack>
  );
}
