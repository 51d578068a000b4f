/**
 * The account's e-mails (sign-up, password, security warnings): always sent, whatever the
 * e-mail preferences say.
 */
import { PASSWORD_RESET_TTL_SECONDS, VERIFICATION_CODE_TTL_SECONDS } from "@ideaport/shared";
import { composeMail, type MailContent, type OutgoingMail } from "../mail/mail.service.ts";

const CODE_MINUTES = VERIFICATION_CODE_TTL_SECONDS / 60;
const RESET_MINUTES = PASSWORD_RESET_TTL_SECONDS / 60;

/** An account mail (no preference stops it), greeting its reader by first name when it is known. */
function accountMail(
  to: string,
  firstName: string | null,
  content: Omit<MailContent, "category" | "to" | "greeting">,
): OutgoingMail {
  return composeMail({
    ...content,
    category: "account",
    to,
    greeting: firstName === null ? "Hello," : `Hello ${firstName},`,
  });
}

/** The button to the login dialog. */
function logInLink(appUrl: string): MailContent["link"] {
  return { label: "Log in", url: `${appUrl}/login` };
}

/** The sign-up code mail. */
export function verificationCodeMail(to: string, firstName: string, code: string): OutgoingMail {
  return accountMail(to, firstName, {
    subject: `Your Ideaport verification code: ${code}`,
    paragraphs: [`Enter this code to finish signing up for Ideaport. It expires in ${CODE_MINUTES} minutes.`],
    code,
    footer: ["If you did not sign up, ignore this e-mail; no account is created without the code."],
  });
}

/** Sent instead of a code when the address already has an account, so sign-up reveals nothing. */
export function alreadyRegisteredMail(to: string, appUrl: string): OutgoingMail {
  return accountMail(to, null, {
    subject: "You already have an Ideaport account",
    paragraphs: [
      "Someone, probably you, tried to sign up for Ideaport with this e-mail address, which already has an account.",
      'Log in instead. If you forgot your password, choose "Forgot password" in the login dialog.',
    ],
    link: logInLink(appUrl),
    footer: ["If this was not you, you can ignore this e-mail; nothing has changed."],
  });
}

/** The password reset link mail. */
export function passwordResetMail(to: string, firstName: string, resetUrl: string): OutgoingMail {
  return accountMail(to, firstName, {
    subject: "Reset your Ideaport password",
    paragraphs: [
      `We received a request to reset your Ideaport password. The link works once, within ${RESET_MINUTES} minutes.`,
    ],
    link: { label: "Choose a new password", url: resetUrl },
    footer: ["If you did not ask for this, ignore this e-mail; your password stays the same."],
  });
}

/** Tells the owner that the password was changed, so an unexpected change is noticed. */
export function passwordChangedMail(to: string, firstName: string, appUrl: string): OutgoingMail {
  return accountMail(to, firstName, {
    subject: "Your Ideaport password was changed",
    paragraphs: [
      "The password of your Ideaport account was just changed, and every device was signed out.",
      "If this was not you, reset your password at once and tell your administrator.",
    ],
    link: logInLink(appUrl),
  });
}

/**
 * Tells the owner that many wrong passwords were tried for their account within the hour (sent
 * once per such hour). Their own browsers and addresses are never locked out by it.
 */
export function accountGuessedMail(to: string, firstName: string, appUrl: string): OutgoingMail {
  return accountMail(to, firstName, {
    subject: "Someone is trying to sign in to your Ideaport account",
    paragraphs: [
      "In the last hour, many sign-ins to your Ideaport account failed with a wrong password. If that was not you, someone may be guessing your password.",
      'You can still sign in as usual: we slow down whoever keeps guessing, not you. If your password is short or used elsewhere, change it in Profile Settings, or choose "Forgot password" in the login dialog.',
    ],
    link: logInLink(appUrl),
    footer: ["If it was you, you can ignore this e-mail."],
  });
}
