import { ERROR_MESSAGES } from "@ideaport/shared";
import { ApiError, CLIENT_ERROR_CODES } from "../lib/api-client.ts";
import { t } from "../lib/i18n.ts";

/** The API's failures as the forms meet them, for the tests of their failure messages. */
export const API_FAILURES = {
  /** A 400 whose body says nothing the form can show. */
  refusedSilently: new ApiError({
    status: 400,
    message: "Invalid request. Please check your input and try again.",
  }),
  /** A refusal with the server's own words. */
  refusedWithWords: new ApiError({ status: 409, message: "Taken.", serverMessage: "Taken." }),
  serverFailure: new ApiError({ status: 503, message: "Server error. Please try again later." }),
  offline: new ApiError({ status: 0, message: t(ERROR_MESSAGES.networkError), code: CLIENT_ERROR_CODES.network }),
};
