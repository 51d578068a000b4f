import type { RegistrationRequest } from "@ideaport/shared";

/** Registration: enterDetails, then enterCode (after the code is sent), then done. */
export type SignUpState =
  | { step: "enterDetails"; details: RegistrationRequest | null }
  | { step: "enterCode"; details: RegistrationRequest }
  | { step: "done"; details: RegistrationRequest; userId: string };

export type SignUpEvent =
  | { type: "codeSent"; details: RegistrationRequest }
  | { type: "backToDetails" }
  | { type: "verified"; userId: string };

export const INITIAL_SIGN_UP_STATE: SignUpState = { step: "enterDetails", details: null };

/** The next registration state; an event that does not apply to the current step changes nothing. */
export function nextSignUpState(state: SignUpState, event: SignUpEvent): SignUpState {
  switch (event.type) {
    case "codeSent":
      // Sending a new code from enterCode keeps the user on the code step.
      return state.step === "done" ? state : { step: "enterCode", details: event.details };
    case "backToDetails":
      // The details typed so far come back with the form.
      return state.step === "enterCode" ? { step: "enterDetails", details: state.details } : state;
    case "verified":
      return state.step === "enterCode" ? { step: "done", details: state.details, userId: event.userId } : state;
  }
}
