import { ERROR_MESSAGES, type LoginResponse } from "@ideaport/shared";
import { Modal } from "@mantine/core";
import { t } from "../../lib/i18n.ts";
import { LOGIN_TEXTS } from "./auth.texts.ts";
import { LoginForm } from "./login-form.tsx";

export interface LoginDialogProps {
  opened: boolean;
  onClose: () => void;
  onLoggedIn: (login: LoginResponse, remember: boolean) => Promise<void>;
  onForgotPassword: () => void;
  onSignUp: () => void;
}

/** The Log In popup: the login form, falling back to 'Authentication failed. Please check your credentials.' */
export function LoginDialog({ opened, onClose, ...formProps }: LoginDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={t(LOGIN_TEXTS.logIn)} centered>
      <LoginForm fallbackMessage={t(ERROR_MESSAGES.authenticationFailedPopup)} {...formProps} />
    </Modal>
  );
}
