import type { RegistrationRequest } from "@ideaport/shared";
import { describe, expect, it } from "vitest";
import { INITIAL_SIGN_UP_STATE, nextSignUpState, type SignUpEvent, type SignUpState } from "./sign-up-machine.ts";

const details: RegistrationRequest = {
  email: "jane@example.com",
  password: "long enough",
  first_name: "Jane",
  last_name: "Doe",
};
const newDetails: RegistrationRequest = { ...details, email: "jane.doe@example.com" };
const enterCode: SignUpState = { step: "enterCode", details };
const done: SignUpState = { step: "done", details, userId: "user-1" };

describe("sign-up state machine: enterDetails, enterCode, done", () => {
  const rows: Array<[string, SignUpState, SignUpEvent, SignUpState]> = [
    ["sending the code moves to enterCode", INITIAL_SIGN_UP_STATE, { type: "codeSent", details }, enterCode],
    [
      "a new code from enterCode stays on enterCode",
      enterCode,
      { type: "codeSent", details: newDetails },
      { step: "enterCode", details: newDetails },
    ],
    [
      "'Back to details' returns to enterDetails with the details kept",
      enterCode,
      { type: "backToDetails" },
      { step: "enterDetails", details },
    ],
    ["verifying the code is done with the user id", enterCode, { type: "verified", userId: "user-1" }, done],
    [
      "no verification before a code was sent",
      INITIAL_SIGN_UP_STATE,
      { type: "verified", userId: "u" },
      INITIAL_SIGN_UP_STATE,
    ],
    ["no going back from enterDetails", INITIAL_SIGN_UP_STATE, { type: "backToDetails" }, INITIAL_SIGN_UP_STATE],
    ["done is final", done, { type: "codeSent", details }, done],
    ["done ignores going back", done, { type: "backToDetails" }, done],
  ];

  it.each(rows)("%s", (_name, state, event, expected) => {
    expect(nextSignUpState(state, event)).toEqual(expected);
  });
});
