import { ERROR_MESSAGES } from "@ideaport/shared";
import { describe, expect, it } from "vitest";
import { t } from "../../lib/i18n.ts";
import { API_FAILURES } from "../../test/api-failures.ts";
import {
  associateCompanyFailureMessage,
  createCompanyFailureMessage,
  verifyCompanyFailureMessage,
} from "./company-failure-messages.ts";

const { refusedSilently, refusedWithWords, serverFailure, offline } = API_FAILURES;

describe("company join and create failure messages use the error catalogue's words", () => {
  const rows: Array<[string, (error: unknown) => string, unknown, string]> = [
    [
      "verify company: silent refusal",
      verifyCompanyFailureMessage,
      refusedSilently,
      t(ERROR_MESSAGES.companyVerificationFailed),
    ],
    ["verify company: server words", verifyCompanyFailureMessage, refusedWithWords, "Taken."],
    ["verify company: offline", verifyCompanyFailureMessage, offline, t(ERROR_MESSAGES.companyVerifyDetailsFailed)],
    [
      "verify company: server failure",
      verifyCompanyFailureMessage,
      serverFailure,
      t(ERROR_MESSAGES.companyVerifyDetailsFailed),
    ],
    ["join: silent", associateCompanyFailureMessage, serverFailure, t(ERROR_MESSAGES.companyAssociateFailed)],
    ["join: server words", associateCompanyFailureMessage, refusedWithWords, "Taken."],
    ["create: silent", createCompanyFailureMessage, offline, t(ERROR_MESSAGES.companyCreateFailed)],
    ["create: server words", createCompanyFailureMessage, refusedWithWords, "Taken."],
  ];

  it.each(rows)("%s", (_name, messageFor, error, expected) => {
    expect(messageFor(error)).toBe(expected);
  });
});
