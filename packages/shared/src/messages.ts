/**
 * The message catalogue: every user-facing text of the screens, the validation rules and the
 * error messages, word for word as users already know them.
 * Both the client and the server import these, so both say the same words.
 */
export const VALIDATION_MESSAGES = {
  emailRequired: "Email is required",
  loginEmailInvalid: "Please enter a valid email address",
  passwordRequired: "Password is required",
  firstNameRequired: "First name is required",
  lastNameRequired: "Last name is required",
  signupEmailInvalid: "Email is invalid",
  passwordTooShort: "Password must be at least 8 characters",
  codeRequired: "Verification code is required",
  codeFormat: "Code must be 6 digits",
  resetEmailRequired: "Please enter your email address",
  companyNameAndPasswordRequired: "Company name and password are required when creating a new company.",
  atLeastOneTeam: "Please define at least one team for the new company.",
  teamNameRequired: "Please enter a team name.",
  teamAlreadyExists: (name: string) => `Team "${name}" already exists.`,
  teamRequiredToJoin: "Please select a team to join.",
  inviteFieldsRequired: "First name, last name, and email are required.",
  inviteEmailInvalid: "Please enter a valid email address.",
  inviteAlreadyInvited: "This email address has already been invited to this team.",
} as const;

export const ERROR_MESSAGES = {
  authenticationFailed: "Authentication failed",
  authenticationFailedPopup: "Authentication failed. Please check your credentials.",
  authenticationExpired: "Authentication expired. Please log in again.",
  sendCodeFailed: "Failed to send verification code. Please try again.",
  invalidVerificationResponse: "Invalid response from server during verification.",
  verificationFailed: "Verification failed. Please check the code or request a new one.",
  resetUnableToProcess: "Unable to process your request. Please try again.",
  resetGenericError: "An error occurred. Please try again later.",
  companyVerificationFailed: "Company verification failed.",
  companyVerifyDetailsFailed: "Failed to verify company details.",
  companyAssociateFailed: "Failed to associate with company.",
  companyCreateFailed: "Failed to create company.",
  companyCreatedLoginFailed: "Company created, but failed to log you in automatically. Please log in manually.",
  companyCreatedAutoLoginFailed: "Company created, but automatic login failed. Please log in manually.",
  notificationsFetchFailed: "Failed to fetch notifications",
  notificationsLoadFailed: "Could not load notifications.",
  networkError: "Network error. Please check your internet connection.",
  requestTimeout: "The server took too long to answer. Please try again.",
  clientRateLimit: (seconds: number) => `Rate limit exceeded. Try again in ${seconds} seconds.`,
  rateLimitAlert: (seconds: number) => `Too many requests. Please wait ${seconds} seconds before trying again.`,
  multipleTabs: "This application is already open in another tab. Please use that tab to continue.",
} as const;

/** The message shown for an HTTP status when the server's answer carries none. */
export function statusMessage(status: number): string {
  switch (status) {
    case 400:
      return "Invalid request. Please check your input and try again.";
    case 401:
      return "Authentication required. Please log in again.";
    case 403:
      return "You do not have permission to perform this action.";
    case 404:
      return "The requested resource was not found.";
    case 422:
      return "The request could not be processed. Please check your input.";
    case 429:
      return "Too many requests. Please try again later.";
    case 500:
    case 502:
    case 503:
    case 504:
      return "Server error. Please try again later.";
    default:
      return `Request failed with status ${status}`;
  }
}

export const SCREEN_TEXTS = {
  authenticating: "Authenticating...",
  loadingApplication: "Loading application...",
  notFound: "The page you requested could not be found.",
  goBack: "Go Back",
  goHome: "Go Home",
  renderErrorTitle: "Something went wrong",
  renderErrorBody: "An error occurred while rendering this component.",
  tryAgain: "Try Again",
  goToHome: "Go to Home",
  multipleErrorsTitle: "Something's not right",
  multipleErrorsBody: "We've encountered multiple errors in this section.",
  multipleErrorsHint: "Please try refreshing the page or contact support if the issue persists.",
  goToHomePage: "Go to Home Page",
  /** On /login, when the server refused to renew the session the person was in. */
  sessionExpired: "Your session has expired. Please log in again.",
  noNotifications: "No notifications",
  loadingNotifications: "Loading notifications...",
  passwordResetSent: "If an account exists for that address, we have sent a link to reset your password.",
  /** After joining with the manager role: it is a request, and the joiner is an employee until it is approved. */
  managerRoleAwaitsApproval: (team: string) =>
    `Your request to manage ${team} awaits the approval of one of its managers or an administrator; until then you are an employee.`,
} as const;
