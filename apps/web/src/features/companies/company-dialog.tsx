import { ERROR_MESSAGES, type LoginResponse, type MessageDescriptor } from "@ideaport/shared";
import { Alert, Button, Loader, Modal, SegmentedControl, Stack, Text } from "@mantine/core";
import { IconAlertCircle, IconInfoCircle } from "@tabler/icons-react";
import { type RefObject, useEffect, useReducer, useRef, useState } from "react";
import { useAuth } from "../../lib/auth-provider.tsx";
import { t } from "../../lib/i18n.ts";
import { loginFieldsOf } from "./companies.endpoints.ts";
import { COMPANY_DIALOG_MESSAGES, JOIN_SIGN_IN_MESSAGES } from "./companies.texts.ts";
import { CreateCompanyForm } from "./create-company-form.tsx";
import { JoinCompanyForm } from "./join-company-form.tsx";
import { INITIAL_JOIN_STATE, nextJoinState } from "./join-company-machine.ts";

export const COMPANY_STACK_ID = "associate-company";

type Mode = "join" | "create";

const MODES: ReadonlyArray<{ value: Mode; label: MessageDescriptor }> = [
  { value: "join", label: COMPANY_DIALOG_MESSAGES.join },
  { value: "create", label: COMPANY_DIALOG_MESSAGES.create },
];

export interface CompanyDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The user being associated: just registered, or logged in without a company. */
  userId: string;
  /** The user's name when known, to prefill the display name. */
  displayName: string;
  /** "Remember me" for the session that starts after joining or creating. */
  remember: boolean;
  /** Called once the user is signed in; the caller decides where to go. */
  onSignedIn: (login: LoginResponse) => void;
  /** 'Log In' after an association whose automatic sign-in failed. */
  onLogIn: () => void;
}

/** The Associate with Company popup: Join Company or Create New Company, then automatic sign-in. */
export function CompanyDialog({ opened, onClose, ...props }: CompanyDialogProps) {
  // Once joined, closing the dialog means "continue": the person is signed in rather than left out.
  const continueRef = useRef<(() => void) | null>(null);
  const close = () => (continueRef.current ? continueRef.current() : onClose());
  return (
    <Modal.Stack>
      <Modal
        stackId={COMPANY_STACK_ID}
        opened={opened}
        onClose={close}
        title={t(COMPANY_DIALOG_MESSAGES.title)}
        size="lg"
        closeOnClickOutside={false}
        centered
      >
        <CompanyAssociation {...props} continueRef={continueRef} />
      </Modal>
    </Modal.Stack>
  );
}

type Completion =
  /** Joined, with something to read first (e.g. the manager role awaits approval); sign-in follows on Continue. */
  | { status: "joined"; message: string; answer: unknown }
  | { status: "signing-in" }
  | { status: "failed"; message: string }
  | null;

function CompanyAssociation({
  userId,
  displayName,
  remember,
  onSignedIn,
  onLogIn,
  continueRef,
}: Omit<CompanyDialogProps, "opened" | "onClose"> & { continueRef: RefObject<(() => void) | null> }) {
  const { signIn } = useAuth();
  const [mode, setMode] = useState<Mode>("join");
  const [joinState, dispatchJoin] = useReducer(nextJoinState, INITIAL_JOIN_STATE);
  const [completion, setCompletion] = useState<Completion>(null);

  /** After creating or joining, the user is logged in automatically. */
  const signInWith = async (
    answer: unknown,
    messages: { missingLogin: MessageDescriptor; signInFailed: MessageDescriptor },
  ) => {
    const login = loginFieldsOf(answer);
    if (!login) {
      setCompletion({ status: "failed", message: t(messages.missingLogin) });
      return;
    }
    setCompletion({ status: "signing-in" });
    try {
      await signIn(login, remember);
    } catch {
      setCompletion({ status: "failed", message: t(messages.signInFailed) });
      return;
    }
    onSignedIn(login);
  };

  const joinedAnswer = completion?.status === "joined" ? completion.answer : null;
  useEffect(() => {
    continueRef.current = joinedAnswer === null ? null : () => void signInWith(joinedAnswer, JOIN_SIGN_IN_MESSAGES);
    return () => {
      continueRef.current = null;
    };
  });

  /** A join answer with a message is read before signing in; otherwise sign in at once. */
  const onJoined = async (answer: { message?: string | undefined }) => {
    const message = answer.message?.trim();
    if (message) {
      setCompletion({ status: "joined", message, answer });
      return;
    }
    await signInWith(answer, JOIN_SIGN_IN_MESSAGES);
  };

  if (completion?.status === "signing-in") {
    return (
      <Stack align="center" gap="sm" py="lg" role="status">
        <Loader aria-hidden />
        <Text>
          {t(mode === "create" ? COMPANY_DIALOG_MESSAGES.createdSigningIn : COMPANY_DIALOG_MESSAGES.joinedSigningIn)}
        </Text>
      </Stack>
    );
  }
  if (completion?.status === "joined") {
    const { answer } = completion;
    return (
      <Stack gap="md">
        <Alert
          variant="light"
          color="blue"
          icon={<IconInfoCircle aria-hidden />}
          role="status"
          title={
            joinState.status === "associated"
              ? t(COMPANY_DIALOG_MESSAGES.joinedNamed, { company: joinState.companyName })
              : t(COMPANY_DIALOG_MESSAGES.joined)
          }
        >
          {completion.message}
        </Alert>
        <Button data-autofocus onClick={() => void signInWith(answer, JOIN_SIGN_IN_MESSAGES)}>
          {t(COMPANY_DIALOG_MESSAGES.continue)}
        </Button>
      </Stack>
    );
  }
  if (completion?.status === "failed") {
    return (
      <Stack gap="md">
        <Alert variant="light" color="orange" icon={<IconAlertCircle aria-hidden />} role="alert">
          {completion.message}
        </Alert>
        <Button onClick={onLogIn}>{t(COMPANY_DIALOG_MESSAGES.logIn)}</Button>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <SegmentedControl
        aria-label={t(COMPANY_DIALOG_MESSAGES.modes)}
        fullWidth
        data={MODES.map((entry) => ({ value: entry.value, label: t(entry.label) }))}
        value={mode}
        onChange={(value) => {
          setMode(value as Mode);
          // Changing between Join and Create resets verification.
          dispatchJoin({ type: "reset" });
        }}
      />
      {mode === "join" ? (
        <JoinCompanyForm
          userId={userId}
          displayName={displayName}
          state={joinState}
          dispatch={dispatchJoin}
          onJoined={onJoined}
        />
      ) : (
        <CreateCompanyForm
          userId={userId}
          onCreated={(answer) =>
            signInWith(answer, {
              missingLogin: ERROR_MESSAGES.companyCreatedLoginFailed,
              signInFailed: ERROR_MESSAGES.companyCreatedAutoLoginFailed,
            })
          }
        />
      )}
    </Stack>
  );
}
