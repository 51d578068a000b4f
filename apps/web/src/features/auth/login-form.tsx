import { authEndpoints, LoginRequestSchema, type LoginResponse } from "@ideaport/shared";
import { Anchor, Checkbox, Group, Stack, Text } from "@mantine/core";
import { useRef } from "react";
import { Link } from "react-router";
import { AccountForm, EmailField } from "../../components/account-form.tsx";
import { PasswordField } from "../../components/password-field.tsx";
import { apiClient } from "../../lib/api-client.ts";
import { useSchemaForm } from "../../lib/use-schema-form.ts";
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

/** The Log In form of the popup and of /login: e-mail, password, "Remember me", and the two links. */
export function LoginForm({ fallbackMessage, onLoggedIn, onForgotPassword, onSignUp }: LoginFormProps) {
  // Read from the box when the form is sent: unlike a state copy, the box keeps a tick given
  // before the app adopted the prerendered page.
  const rememberBox = useRef<HTMLInputElement>(null);
  const form = useSchemaForm(LoginRequestSchema, {
    defaultValues: { email: "", password: "" },
    failureMessage: (error) => loginFailureMessage(error, fallbackMessage),
  });

  const onSubmit = form.submit((values) => apiClient.call(authEndpoints.login, values), {
    onSuccess: (login) => onLoggedIn(login, rememberBox.current?.checked ?? false),
  });

  return (
    <Stack gap="md">
      <AccountForm form={form} onSubmit={onSubmit} submitLabel="Log In" submitProps={{ fullWidth: true }}>
        <EmailField data-autofocus {...form.field("email")} />
        <PasswordField label="Password" autoComplete="current-password" required {...form.field("password")} />
        <Group justify="space-between" gap="xs">
          <Checkbox label="Remember me" ref={rememberBox} />
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
            Forgot password?
          </Anchor>
        </Group>
      </AccountForm>
      <Text size="sm" ta="center">
        No account yet?{" "}
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
          Sign up
        </Anchor>
      </Text>
    </Stack>
  );
}
