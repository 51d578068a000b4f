import { defineMessages } from "@ideaport/shared";

/** The Log In form, its popup and the /login page. */
export const LOGIN_TEXTS = defineMessages({
  logIn: { id: "auth.login.logIn", defaultMessage: "Log In", description: "The popup's title and the form's button." },
  pageTitle: { id: "auth.login.pageTitle", defaultMessage: "Log in" },
  heading: { id: "auth.login.heading", defaultMessage: "Log in to Ideaport" },
  intro: {
    id: "auth.login.intro",
    defaultMessage: "Share ideas, answer challenges and follow your team's progress.",
  },
  rememberMe: { id: "auth.login.rememberMe", defaultMessage: "Remember me" },
  accountDeleted: {
    id: "auth.login.accountDeleted",
    defaultMessage: "Your account has been deleted. Your ideas and comments stay, under “Former colleague”. Goodbye!",
  },
  forgotPassword: { id: "auth.login.forgotPassword", defaultMessage: "Forgot password?" },
  noAccount: {
    id: "auth.login.noAccount",
    defaultMessage: "No account yet? <link>Sign up</link>",
    description: "Under the form; the link opens the Sign Up popup.",
  },
  backHome: { id: "auth.login.backHome", defaultMessage: "Back to the home page" },
  backToLogIn: { id: "auth.login.backToLogIn", defaultMessage: "Back to Log In" },
});

/** The Sign Up popup's two steps. */
export const SIGN_UP_TEXTS = defineMessages({
  title: { id: "auth.signUp.title", defaultMessage: "Sign Up" },
  verified: { id: "auth.signUp.verified", defaultMessage: "Your e-mail address is verified." },
  detailsStep: {
    id: "auth.signUp.detailsStep",
    defaultMessage: "Step 1 of 2: your details. We will e-mail you a {length}-digit code.",
  },
  sendCode: { id: "auth.signUp.sendCode", defaultMessage: "Send verification code" },
  haveAccount: {
    id: "auth.signUp.haveAccount",
    defaultMessage: "Already have an account? <link>Log in</link>",
    description: "Under the details; the link opens the Log In popup.",
  },
  codeStep: {
    id: "auth.signUp.codeStep",
    defaultMessage: "Step 2 of 2: enter the {length}-digit code we sent to <strong>{email}</strong>.",
  },
  newCodeSent: { id: "auth.signUp.newCodeSent", defaultMessage: "We sent a new code to {email}." },
  verifyEmail: { id: "auth.signUp.verifyEmail", defaultMessage: "Verify email" },
  codeLabel: { id: "auth.signUp.codeLabel", defaultMessage: "Verification code" },
  backToDetails: { id: "auth.signUp.backToDetails", defaultMessage: "Back to details" },
  sendNewCode: { id: "auth.signUp.sendNewCode", defaultMessage: "Send a new code" },
});

/** The Reset Password popup. */
export const RESET_REQUEST_TEXTS = defineMessages({
  title: { id: "auth.resetRequest.title", defaultMessage: "Reset Password" },
  intro: {
    id: "auth.resetRequest.intro",
    defaultMessage: "Enter the e-mail address of your account and we will send you a link to choose a new password.",
  },
  send: { id: "auth.resetRequest.send", defaultMessage: "Send reset link" },
  linkLifetime: {
    id: "auth.resetRequest.linkLifetime",
    defaultMessage: "The link works for one hour. Check your spam folder if nothing arrives.",
  },
});

/** The /password-reset/{token} page: texts the spec does not word. */
export const PASSWORD_RESET_PAGE_TEXTS = defineMessages({
  pageTitle: { id: "auth.passwordReset.pageTitle", defaultMessage: "Reset your password" },
  heading: { id: "auth.passwordReset.heading", defaultMessage: "Choose a new password" },
  passwordsDiffer: { id: "auth.passwordReset.passwordsDiffer", defaultMessage: "Passwords do not match." },
  deadLinkTitle: { id: "auth.passwordReset.deadLinkTitle", defaultMessage: "This link no longer works" },
  deadLinkBody: {
    id: "auth.passwordReset.deadLinkBody",
    defaultMessage: "This password reset link is invalid or has expired. Each link works once, for one hour.",
  },
  requestNewLink: { id: "auth.passwordReset.requestNewLink", defaultMessage: "Request a new link" },
  successTitle: { id: "auth.passwordReset.successTitle", defaultMessage: "Your password has been changed" },
  successBody: {
    id: "auth.passwordReset.successBody",
    defaultMessage: "You can now log in with your new password. For your safety, every other session was signed out.",
  },
  checking: { id: "auth.passwordReset.checking", defaultMessage: "Checking your reset link..." },
});
