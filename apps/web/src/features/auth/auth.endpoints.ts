import { authEndpoints, VerifyEmailResponseSchema } from "@ideaport/shared";

/**
 * `POST /api/verify-email-register/` as the contract declares it, read leniently: an answer
 * without `userId` must reach the dialog so it can say 'Invalid response from server during
 * verification.' instead of failing inside the API client.
 */
export const verifyEmailRegisterLenient = {
  ...authEndpoints.verifyEmailRegister,
  response: VerifyEmailResponseSchema.partial(),
};
