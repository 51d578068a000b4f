import { defineMessages, type MessageDescriptor } from "./i18n/messages.ts";

/**
 * The message catalogue: every user-facing text of the screens, the validation rules and the
 * error messages, word for word as users already know them.
 * Both the client and the server import these, so both say the same words.
 */
export const VALIDATION_MESSAGES = defineMessages({
  emailRequired: { id: "shared.validation.emailRequired", defaultMessage: "Email is required" },
  loginEmailInvalid: {
    id: "shared.validation.loginEmailInvalid",
    defaultMessage: "Please enter a valid email address",
  },
  passwordRequired: { id: "shared.validation.passwordRequired", defaultMessage: "Password is required" },
  firstNameRequired: { id: "shared.validation.firstNameRequired", defaultMessage: "First name is required" },
  lastNameRequired: { id: "shared.validation.lastNameRequired", defaultMessage: "Last name is required" },
  signupEmailInvalid: { id: "shared.validation.signupEmailInvalid", defaultMessage: "Email is invalid" },
  passwordTooShort: {
    id: "shared.validation.passwordTooShort",
    defaultMessage: "Password must be at least 8 characters",
  },
  passwordTooLong: {
    id: "shared.validation.passwordTooLong",
    defaultMessage: "Password must be at most 1024 characters",
  },
  codeRequired: { id: "shared.validation.codeRequired", defaultMessage: "Verification code is required" },
  codeFormat: { id: "shared.validation.codeFormat", defaultMessage: "Code must be 6 digits" },
  resetEmailRequired: { id: "shared.validation.resetEmailRequired", defaultMessage: "Please enter your email address" },
  companyNameAndPasswordRequired: {
    id: "shared.validation.companyNameAndPasswordRequired",
    defaultMessage: "Company name and password are required when creating a new company.",
  },
  atLeastOneTeam: {
    id: "shared.validation.atLeastOneTeam",
    defaultMessage: "Please define at least one team for the new company.",
  },
  teamNameRequired: { id: "shared.validation.teamNameRequired", defaultMessage: "Please enter a team name." },
  scimTokenNameRequired: {
    id: "shared.validation.scimTokenNameRequired",
    defaultMessage: "Please name the token, e.g. after the identity provider that uses it.",
  },
  teamAlreadyExists: { id: "shared.validation.teamAlreadyExists", defaultMessage: 'Team "{name}" already exists.' },
  teamRequiredToJoin: { id: "shared.validation.teamRequiredToJoin", defaultMessage: "Please select a team to join." },
  inviteFieldsRequired: {
    id: "shared.validation.inviteFieldsRequired",
    defaultMessage: "First name, last name, and email are required.",
  },
  inviteEmailInvalid: {
    id: "shared.validation.inviteEmailInvalid",
    defaultMessage: "Please enter a valid email address.",
  },
  inviteAlreadyInvited: {
    id: "shared.validation.inviteAlreadyInvited",
    defaultMessage: "This email address has already been invited to this team.",
  },
  /** Every partial update (PATCH) given no field at all. */
  nothingToUpdate: { id: "shared.validation.nothingToUpdate", defaultMessage: "Please change at least one field." },
  /** Zod's own refusal of a long text, in the words the name fields use. */
  textTooLong: { id: "shared.validation.textTooLong", defaultMessage: "Must be at most {max} characters." },
  idInvalid: { id: "shared.validation.idInvalid", defaultMessage: "Invalid id." },
  teamIdInvalid: { id: "shared.validation.teamIdInvalid", defaultMessage: "Invalid team id." },
  challengeIdInvalid: { id: "shared.validation.challengeIdInvalid", defaultMessage: "Invalid challenge id." },
  ideaIdInvalid: { id: "shared.validation.ideaIdInvalid", defaultMessage: "Invalid idea id." },
  ownerIdInvalid: { id: "shared.validation.ownerIdInvalid", defaultMessage: "Invalid owner id." },
  onboardingStatusInvalid: {
    id: "shared.validation.onboardingStatusInvalid",
    defaultMessage: "That onboarding status is not valid.",
  },
  unsubscribeLinkInvalid: {
    id: "shared.validation.unsubscribeLinkInvalid",
    defaultMessage: "This unsubscribe link is not valid.",
  },
  languageInvalid: {
    id: "shared.validation.languageInvalid",
    defaultMessage: "That language is not available. Choose one of the languages Ideaport offers.",
  },
});

export const ERROR_MESSAGES = defineMessages({
  authenticationFailed: { id: "shared.clientErrors.authenticationFailed", defaultMessage: "Authentication failed" },
  authenticationFailedPopup: {
    id: "shared.clientErrors.authenticationFailedPopup",
    defaultMessage: "Authentication failed. Please check your credentials.",
  },
  authenticationExpired: {
    id: "shared.clientErrors.authenticationExpired",
    defaultMessage: "Authentication expired. Please log in again.",
  },
  sendCodeFailed: {
    id: "shared.clientErrors.sendCodeFailed",
    defaultMessage: "Failed to send verification code. Please try again.",
  },
  invalidVerificationResponse: {
    id: "shared.clientErrors.invalidVerificationResponse",
    defaultMessage: "Invalid response from server during verification.",
  },
  verificationFailed: {
    id: "shared.clientErrors.verificationFailed",
    defaultMessage: "Verification failed. Please check the code or request a new one.",
  },
  resetUnableToProcess: {
    id: "shared.clientErrors.resetUnableToProcess",
    defaultMessage: "Unable to process your request. Please try again.",
  },
  resetGenericError: {
    id: "shared.clientErrors.resetGenericError",
    defaultMessage: "An error occurred. Please try again later.",
  },
  companyVerificationFailed: {
    id: "shared.clientErrors.companyVerificationFailed",
    defaultMessage: "Company verification failed.",
  },
  companyVerifyDetailsFailed: {
    id: "shared.clientErrors.companyVerifyDetailsFailed",
    defaultMessage: "Failed to verify company details.",
  },
  companyAssociateFailed: {
    id: "shared.clientErrors.companyAssociateFailed",
    defaultMessage: "Failed to associate with company.",
  },
  companyCreateFailed: { id: "shared.clientErrors.companyCreateFailed", defaultMessage: "Failed to create company." },
  companyCreatedLoginFailed: {
    id: "shared.clientErrors.companyCreatedLoginFailed",
    defaultMessage: "Company created, but failed to log you in automatically. Please log in manually.",
  },
  companyCreatedAutoLoginFailed: {
    id: "shared.clientErrors.companyCreatedAutoLoginFailed",
    defaultMessage: "Company created, but automatic login failed. Please log in manually.",
  },
  notificationsFetchFailed: {
    id: "shared.clientErrors.notificationsFetchFailed",
    defaultMessage: "Failed to fetch notifications",
  },
  notificationsLoadFailed: {
    id: "shared.clientErrors.notificationsLoadFailed",
    defaultMessage: "Could not load notifications.",
  },
  networkError: {
    id: "shared.clientErrors.networkError",
    defaultMessage: "Network error. Please check your internet connection.",
  },
  invalidResponse: {
    id: "shared.clientErrors.invalidResponse",
    defaultMessage: "The server sent an unexpected answer. Please try again later.",
  },
  somethingWentWrong: {
    id: "shared.clientErrors.somethingWentWrong",
    defaultMessage: "Something went wrong. Please try again.",
    description: "A failure that came with no message of its own",
  },
  requestTimeout: {
    id: "shared.clientErrors.requestTimeout",
    defaultMessage: "The server took too long to answer. Please try again.",
  },
  clientRateLimit: {
    id: "shared.clientErrors.clientRateLimit",
    defaultMessage: "Rate limit exceeded. Try again in {seconds} seconds.",
  },
  rateLimitAlert: {
    id: "shared.clientErrors.rateLimitAlert",
    defaultMessage: "Too many requests. Please wait {seconds} seconds before trying again.",
  },
  multipleTabs: {
    id: "shared.clientErrors.multipleTabs",
    defaultMessage: "This application is already open in another tab. Please use that tab to continue.",
  },
});

/** The messages of HTTP statuses, shown when the server's answer carries none. */
export const STATUS_MESSAGES = defineMessages({
  badRequest: {
    id: "shared.httpStatus.badRequest",
    defaultMessage: "Invalid request. Please check your input and try again.",
  },
  unauthorized: {
    id: "shared.httpStatus.unauthorized",
    defaultMessage: "Authentication required. Please log in again.",
  },
  forbidden: {
    id: "shared.httpStatus.forbidden",
    defaultMessage: "You do not have permission to perform this action.",
  },
  notFound: { id: "shared.httpStatus.notFound", defaultMessage: "The requested resource was not found." },
  unprocessable: {
    id: "shared.httpStatus.unprocessable",
    defaultMessage: "The request could not be processed. Please check your input.",
  },
  tooManyRequests: {
    id: "shared.httpStatus.tooManyRequests",
    defaultMessage: "Too many requests. Please try again later.",
  },
  serverError: { id: "shared.httpStatus.serverError", defaultMessage: "Server error. Please try again later." },
  other: { id: "shared.httpStatus.other", defaultMessage: "Request failed with status {status}" },
});

/**
 * The message shown for an HTTP status when the server's answer carries none; its wording takes
 * the status as `{status}` (`t(statusMessage(status), { status })`).
 */
export function statusMessage(status: number): MessageDescriptor {
  switch (status) {
    case 400:
      return STATUS_MESSAGES.badRequest;
    case 401:
      return STATUS_MESSAGES.unauthorized;
    case 403:
      return STATUS_MESSAGES.forbidden;
    case 404:
      return STATUS_MESSAGES.notFound;
    case 422:
      return STATUS_MESSAGES.unprocessable;
    case 429:
      return STATUS_MESSAGES.tooManyRequests;
    case 500:
    case 502:
    case 503:
    case 504:
      return STATUS_MESSAGES.serverError;
    default:
      return STATUS_MESSAGES.other;
  }
}

export const SCREEN_TEXTS = defineMessages({
  authenticating: { id: "shared.screens.authenticating", defaultMessage: "Authenticating..." },
  loadingApplication: { id: "shared.screens.loadingApplication", defaultMessage: "Loading application..." },
  notFound: { id: "shared.screens.notFound", defaultMessage: "The page you requested could not be found." },
  goBack: { id: "shared.screens.goBack", defaultMessage: "Go Back" },
  goHome: { id: "shared.screens.goHome", defaultMessage: "Go Home" },
  renderErrorTitle: { id: "shared.screens.renderErrorTitle", defaultMessage: "Something went wrong" },
  renderErrorBody: {
    id: "shared.screens.renderErrorBody",
    defaultMessage: "An error occurred while rendering this component.",
  },
  tryAgain: { id: "shared.screens.tryAgain", defaultMessage: "Try Again" },
  goToHome: { id: "shared.screens.goToHome", defaultMessage: "Go to Home" },
  multipleErrorsTitle: { id: "shared.screens.multipleErrorsTitle", defaultMessage: "Something's not right" },
  multipleErrorsBody: {
    id: "shared.screens.multipleErrorsBody",
    defaultMessage: "We've encountered multiple errors in this section.",
  },
  multipleErrorsHint: {
    id: "shared.screens.multipleErrorsHint",
    defaultMessage: "Please try refreshing the page or contact support if the issue persists.",
  },
  goToHomePage: { id: "shared.screens.goToHomePage", defaultMessage: "Go to Home Page" },
  sessionExpired: {
    id: "shared.screens.sessionExpired",
    defaultMessage: "Your session has expired. Please log in again.",
    description: "On /login, when the server refused to renew the session the person was in.",
  },
  noNotifications: { id: "shared.screens.noNotifications", defaultMessage: "No notifications" },
  loadingNotifications: { id: "shared.screens.loadingNotifications", defaultMessage: "Loading notifications..." },
  passwordResetSent: {
    id: "shared.screens.passwordResetSent",
    defaultMessage: "If an account exists for that address, we have sent a link to reset your password.",
  },
  managerRoleAwaitsApproval: {
    id: "shared.screens.managerRoleAwaitsApproval",
    defaultMessage:
      "Your request to manage {team} awaits the approval of one of its managers or an administrator; until then you are an employee.",
    description:
      "After joining with the manager role: it is a request, and the joiner is an employee until it is approved.",
  },
});
