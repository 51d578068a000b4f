/** Joining has no spec text for a failed automatic sign-in; these mirror the create-mode ones. */
export const JOIN_SIGN_IN_MESSAGES = {
  missingLogin: "You joined the company, but we failed to log you in automatically. Please log in manually.",
  signInFailed: "You joined the company, but automatic login failed. Please log in manually.",
} as const;

/**
 * The shared schema words an empty name or password for the create mode ('... when creating a new
 * company.'); a person joining is told what is missing in words that fit joining.
 */
export const JOIN_FORM_MESSAGES = {
  companyNameRequired: "Please enter the company name.",
  companyPasswordRequired: "Please enter the company password.",
} as const;
