import type { LoginResponse } from "@ideaport/shared";
import { useAuth } from "../../lib/auth-provider.tsx";
import { CompanyDialog } from "../companies/index.ts";
import { LoginDialog } from "./login-dialog.tsx";
import { ResetPasswordDialog } from "./reset-password-dialog.tsx";
import { SignUpDialog } from "./sign-up-dialog.tsx";

/** Which account dialog is open; the company one carries who is being associated. */
export type AccountDialog =
  | { kind: "login" }
  | { kind: "signUp" }
  | { kind: "resetPassword" }
  | { kind: "company"; userId: string; displayName: string; remember: boolean };

export interface AccountDialogsProps {
  dialog: AccountDialog | null;
  onDialogChange: (dialog: AccountDialog | null) => void;
  /**
   * Called once a dialog has signed the user in. The landing page navigates to the user's
   * landing path; /login redirects by itself.
   */
  onSignedIn?: (login: LoginResponse) => void;
  /** On /login the page is the login form: asking for Log In closes the dialogs instead of opening the popup. */
  isOnLoginPage?: boolean;
}

/**
 * The account dialogs and how they lead to each other: Log In, Sign Up (then
 * Associate with Company), Reset Password. A login without a company opens Associate with Company
 * instead of the app.
 */
export function AccountDialogs({ dialog, onDialogChange, onSignedIn, isOnLoginPage = false }: AccountDialogsProps) {
  const { signIn } = useAuth();
  const close = () => onDialogChange(null);
  const openLogin = () => onDialogChange(isOnLoginPage ? null : { kind: "login" });

  const onLoggedIn = async (login: LoginResponse, remember: boolean) => {
    if (login.company_id === null) {
      onDialogChange({ kind: "company", userId: login.userId, displayName: login.displayName, remember });
      return;
    }
    await signIn(login, remember);
    onSignedIn?.(login);
  };

  return (
    <>
      {!isOnLoginPage && (
        <LoginDialog
          opened={dialog?.kind === "login"}
          onClose={close}
          onLoggedIn={onLoggedIn}
          onForgotPassword={() => onDialogChange({ kind: "resetPassword" })}
          onSignUp={() => onDialogChange({ kind: "signUp" })}
        />
      )}
      <SignUpDialog
        opened={dialog?.kind === "signUp"}
        onClose={close}
        onLogIn={openLogin}
        onRegistered={({ userId, displayName }) =>
          onDialogChange({ kind: "company", userId, displayName, remember: false })
        }
      />
      <ResetPasswordDialog opened={dialog?.kind === "resetPassword"} onClose={close} onLogIn={openLogin} />
      {dialog?.kind === "company" && (
        <CompanyDialog
          opened
          onClose={close}
          userId={dialog.userId}
          displayName={dialog.displayName}
          remember={dialog.remember}
          onSignedIn={(login) => onSignedIn?.(login)}
          onLogIn={openLogin}
        />
      )}
    </>
  );
}
