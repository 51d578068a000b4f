/**
 * The account's e-mails (sign-up, password, security warnings): always sent, whatever the
 * e-mail preferences say, each in its reader's language (`t`).
 */
import {
  defineMessages,
  PASSWORD_RESET_TTL_SECONDS,
  type Translate,
  VERIFICATION_CODE_TTL_SECONDS,
} from "@ideaport/shared";
import { composeMail, MAIL_TEXTS, type MailContent, type OutgoingMail } from "../mail/mail.service.ts";

const CODE_MINUTES = VERIFICATION_CODE_TTL_SECONDS / 60;
const RESET_MINUTES = PASSWORD_RESET_TTL_SECONDS / 60;

const AUTH_MAIL_TEXTS = defineMessages({
  logIn: { id: "server.authMails.logIn", defaultMessage: "Log in", description: "An e-mail's button" },
  verificationSubject: {
    id: "server.authMails.verification.subject",
    defaultMessage: "Your Ideaport verification code: {code}",
  },
  verificationBody: {
    id: "server.authMails.verification.body",
    defaultMessage: "Enter this code to finish signing up for Ideaport. It expires in {minutes} minutes.",
  },
  verificationFooter: {
    id: "server.authMails.verification.footer",
    defaultMessage: "If you did not sign up, ignore this e-mail; no account is created without the code.",
  },
  alreadyRegisteredSubject: {
    id: "server.authMails.alreadyRegistered.subject",
    defaultMessage: "You already have an Ideaport account",
  },
  alreadyRegisteredBody: {
    id: "server.authMails.alreadyRegistered.body",
    defaultMessage:
      "Someone, probably you, tried to sign up for Ideaport with this e-mail address, which already has an account.",
  },
  alreadyRegisteredHint: {
    id: "server.authMails.alreadyRegistered.hint",
    defaultMessage: 'Log in instead. If you forgot your password, choose "Forgot password" in the login dialog.',
  },
  notYouNothingChanged: {
    id: "server.authMails.notYouNothingChanged",
    defaultMessage: "If this was not you, you can ignore this e-mail; nothing has changed.",
  },
  resetSubject: { id: "server.authMails.reset.subject", defaultMessage: "Reset your Ideaport password" },
  resetBody: {
    id: "server.authMails.reset.body",
    defaultMessage:
      "We received a request to reset your Ideaport password. The link works once, within {minutes} minutes.",
  },
  resetButton: {
    id: "server.authMails.reset.button",
    defaultMessage: "Choose a new password",
    description: "An e-mail's button",
  },
  resetFooter: {
    id: "server.authMails.reset.footer",
    defaultMessage: "If you did not ask for this, ignore this e-mail; your password stays the same.",
  },
  changedSubject: { id: "server.authMails.changed.subject", defaultMessage: "Your Ideaport password was changed" },
  changedBody: {
    id: "server.authMails.changed.body",
    defaultMessage: "The password of your Ideaport account was just changed, and every device was signed out.",
  },
  changedHint: {
    id: "server.authMails.changed.hint",
    defaultMessage: "If this was not you, reset your password at once and tell your administrator.",
  },
  guessedSubject: {
    id: "server.authMails.guessed.subject",
    defaultMessage: "Someone is trying to sign in to your Ideaport account",
  },
  guessedBody: {
    id: "server.authMails.guessed.body",
    defaultMessage:
      "In the last hour, many sign-ins to your Ideaport account failed with a wrong password. If that was not you, someone may be guessing your password.",
  },
  guessedHint: {
    id: "server.authMails.guessed.hint",
    defaultMessage:
      'You can still sign in as usual: we slow down whoever keeps guessing, not you. If your password is short or used elsewhere, change it in Profile Settings, or choose "Forgot password" in the login dialog.',
  },
  guessedFooter: {
    id: "server.authMails.guessed.footer",
    defaultMessage: "If it was you, you can ignore this e-mail.",
  },
});

const M = AUTH_MAIL_TEXTS;

/**
 * An account mail (no preference stops it) in its reader's language, greeting them by first name
 * when it is known.
 */
function accountMail(
  to: string,
  firstName: string | null,
  content: Omit<MailContent, "category" | "to" | "greeting">,
  t: Translate,
): OutgoingMail {
  const greeting = firstName === null ? t(MAIL_TEXTS.greetingWithoutName) : t(MAIL_TEXTS.greeting, { name: firstName });
  return composeMail({ ...content, category: "account", to, greeting }, t);
}

/** The button to the login dialog. */
function logInLink(appUrl: string, t: Translate): MailContent["link"] {
  return { label: t(M.logIn), url: `${appUrl}/login` };
}

/** The sign-up code mail. */
export function verificationCodeMail(to: string, firstName: string, code: string, t: Translate): OutgoingMail {
  return accountMail(
    to,
    firstName,
    {
      subject: t(M.verificationSubject, { code }),
      paragraphs: [t(M.verificationBody, { minutes: CODE_MINUTES })],
      code,
      footer: [t(M.verificationFooter)],
    },
    t,
  );
}

/** Sent instead of a code when the address already has an account, so sign-up reveals nothing. */
export function alreadyRegisteredMail(to: string, appUrl: string, t: Translate): OutgoingMail {
  return accountMail(
    to,
    null,
    {
      subject: t(M.alreadyRegisteredSubject),
      paragraphs: [t(M.alreadyRegisteredBody), t(M.alreadyRegisteredHint)],
      link: logInLink(appUrl, t),
      footer: [t(M.notYouNothingChanged)],
    },
    t,
  );
}

/** The password reset link mail. */
export function passwordResetMail(to: string, firstName: string, resetUrl: string, t: Translate): OutgoingMail {
  return accountMail(
    to,
    firstName,
    {
      subject: t(M.resetSubject),
      paragraphs: [t(M.resetBody, { minutes: RESET_MINUTES })],
      link: { label: t(M.resetButton), url: resetUrl },
      footer: [t(M.resetFooter)],
    },
    t,
  );
}

/** Tells the owner that the password was changed, so an unexpected change is noticed. */
export function passwordChangedMail(to: string, firstName: string, appUrl: string, t: Translate): OutgoingMail {
  return accountMail(
    to,
    firstName,
    {
      subject: t(M.changedSubject),
      paragraphs: [t(M.changedBody), t(M.changedHint)],
      link: logInLink(appUrl, t),
    },
    t,
  );
}

/**
 * Tells the owner that many wrong passwords were tried for their account within the hour (sent
 * once per such hour). Their own browsers and addresses are never locked out by it.
 */
export function accountGuessedMail(to: string, firstName: string, appUrl: string, t: Translate): OutgoingMail {
  return accountMail(
    to,
    firstName,
    {
      subject: t(M.guessedSubject),
      paragraphs: [t(M.guessedBody), t(M.guessedHint)],
      link: logInLink(appUrl, t),
      footer: [t(M.guessedFooter)],
    },
    t,
  );
}
