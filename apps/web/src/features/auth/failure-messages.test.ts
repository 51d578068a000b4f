import { ERROR_MESSAGES } from "@ideaport/shared";
import { describe, expect, it } from "vitest";
import { ApiError, CLIENT_ERROR_CODES } from "../../lib/api-client.ts";
import { t } from "../../lib/i18n.ts";
import { API_FAILURES } from "../../test/api-failures.ts";
import {
  loginFailureMessage,
  resetRequestFailureMessage,
  sendCodeFailureMessage,
  verifyCodeFailureMessage,
} from "./failure-messages.ts";

const { refusedSilently, refusedWithWords, serverFailure, offline } = API_FAILURES;
const clientLimited = new ApiError({
  status: 429,
  message: t(ERROR_MESSAGES.clientRateLimit, { seconds: 12 }),
  code: CLIENT_ERROR_CODES.rateLimited,
});
const invalidAnswer = new ApiError({
  status: 200,
  message: "The server sent an unexpected answer.",
  code: CLIENT_ERROR_CODES.invalidResponse,
});

describe("login, sign-up and reset failure messages use the error catalogue's words", () => {
  const rows: Array<[string, (error: unknown) => string, unknown, string]> = [
    ["login: server words", (e) => loginFailureMessage(e, "fallback"), refusedWithWords, "Taken."],
    ["login: silent refusal", (e) => loginFailureMessage(e, "fallback"), refusedSilently, "fallback"],
    [
      "login: offline keeps its words",
      (e) => loginFailureMessage(e, "fallback"),
      offline,
      t(ERROR_MESSAGES.networkError),
    ],
    ["send code: server words", sendCodeFailureMessage, refusedWithWords, "Taken."],
    ["send code: silent", sendCodeFailureMessage, serverFailure, t(ERROR_MESSAGES.sendCodeFailed)],
    ["send code: offline", sendCodeFailureMessage, offline, t(ERROR_MESSAGES.sendCodeFailed)],
    [
      "send code: client limit",
      sendCodeFailureMessage,
      clientLimited,
      t(ERROR_MESSAGES.clientRateLimit, { seconds: 12 }),
    ],
    ["verify code: no user id", verifyCodeFailureMessage, invalidAnswer, t(ERROR_MESSAGES.invalidVerificationResponse)],
    ["verify code: refused", verifyCodeFailureMessage, refusedWithWords, t(ERROR_MESSAGES.verificationFailed)],
    ["verify code: offline", verifyCodeFailureMessage, offline, t(ERROR_MESSAGES.verificationFailed)],
    [
      "verify code: rate limited",
      verifyCodeFailureMessage,
      clientLimited,
      t(ERROR_MESSAGES.clientRateLimit, { seconds: 12 }),
    ],
    ["reset: refused", resetRequestFailureMessage, refusedWithWords, t(ERROR_MESSAGES.resetUnableToProcess)],
    ["reset: not a success", resetRequestFailureMessage, invalidAnswer, t(ERROR_MESSAGES.resetUnableToProcess)],
    ["reset: server failure", resetRequestFailureMessage, serverFailure, t(ERROR_MESSAGES.resetGenericError)],
    ["reset: offline", resetRequestFailureMessage, offline, t(ERROR_MESSAGES.resetGenericError)],
  ];

  it.each(rows)("%s", (_name, messageFor, error, expected) => {
    expect(messageFor(error)).toBe(expected);
  });
});
