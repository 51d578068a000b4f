import { zodResolver } from "@hookform/resolvers/zod";
import { authEndpoints, type LoginRequest, LoginRequestSchema, type LoginResponse } from "@ideaport/shared";
import { Anchor, Button, Checkbox, Group, Stack, Text, TextInput } from "@mantine/core";
import { useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { FormError } from "../../components/form-error.tsx";
import { PasswordField } from "../../components/password-field.tsx";
import { apiClient } from "../../lib/api-client.ts";
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
  const [formError, setFormError] = useState<string | null>(null);
  // Read from the box when the form is sent: unlike a state copy, the box keeps a tick given
  // before the app adopted the prerendered page.
  const rememberBox = useRef<HTMLInputElement>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginRequest>({
    resolver: zodResolver(LoginRequestSchema),
    defaultValues: { email: "", password: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    let login: LoginResponse;
    try {
      login = await apiClient.call(authEndpoints.login, values);
    } catch (error) {
      setFormError(loginFailureMessage(error, fallbackMessage));
      return;
    }
    await onLoggedIn(login, rememberBox.current?.checked ?? false);
  });

  return (
    <Stack gap="md">
      <FormError message={formError} />
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            data-autofocus
            error={errors.email?.message}
            {...register("email")}
          />
          <PasswordField
            label="Password"
            autoComplete="current-password"
            required
            error={errors.password?.message}
            {...register("password")}
          />
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
          <Button type="submit" fullWidth loading={isSubmitting}>
            Log In
          </Button>
        </Stack>
      </form>
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
