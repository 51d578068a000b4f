import {
  authEndpoints,
  ERROR_MESSAGES,
  type RegistrationRequest,
  RegistrationRequestSchema,
  VERIFICATION_CODE_LENGTH,
  VerifyEmailRequestSchema,
} from "@ideaport/shared";
import { Alert, Anchor, Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { type ReactNode, useEffect, useReducer, useState } from "react";
import { Link } from "react-router";
import { AccountForm, EmailField } from "../../components/account-form.tsx";
import { NameFields, NewPasswordField } from "../../components/person-fields.tsx";
import { apiClient } from "../../lib/api-client.ts";
import { t, tRich } from "../../lib/i18n.ts";
import { useSchemaForm } from "../../lib/use-schema-form.ts";
import { verifyEmailRegisterLenient } from "./auth.endpoints.ts";
import { SIGN_UP_TEXTS } from "./auth.texts.ts";
import { isPlainLeftClick } from "./dialog-links.ts";
import { sendCodeFailureMessage, verifyCodeFailureMessage } from "./failure-messages.ts";
import { INITIAL_SIGN_UP_STATE, nextSignUpState } from "./sign-up-machine.ts";

/** Who just registered: the company association dialog opens for them. */
export interface RegisteredUser {
  userId: string;
  displayName: string;
}

export interface SignUpDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Done: the user id is passed on to the company dialog; the server has set its proof cookie. */
  onRegistered: (user: RegisteredUser) => void;
  onLogIn: () => void;
}

/** The Sign Up popup, two steps: enter details, then enter the code sent by e-mail. */
export function SignUpDialog({ opened, onClose, onRegistered, onLogIn }: SignUpDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={t(SIGN_UP_TEXTS.title)} closeOnClickOutside={false} centered>
      <SignUpFlow onRegistered={onRegistered} onLogIn={onLogIn} />
    </Modal>
  );
}

/** The dialog's content; it starts over each time the dialog opens. */
function SignUpFlow({ onRegistered, onLogIn }: Pick<SignUpDialogProps, "onRegistered" | "onLogIn">) {
  const [state, dispatch] = useReducer(nextSignUpState, INITIAL_SIGN_UP_STATE);

  if (state.step === "enterCode") {
    return (
      <CodeStep
        details={state.details}
        onVerified={(userId) => {
          dispatch({ type: "verified", userId });
          const { first_name, last_name } = state.details;
          onRegistered({ userId, displayName: `${first_name} ${last_name}`.trim() });
        }}
        onBack={() => dispatch({ type: "backToDetails" })}
        onNewCodeSent={(details) => dispatch({ type: "codeSent", details })}
      />
    );
  }
  if (state.step === "done") {
    return (
      <Text role="status" size="sm">
        {t(SIGN_UP_TEXTS.verified)}
      </Text>
    );
  }
  return (
    <DetailsStep
      initialDetails={state.details}
      onCodeSent={(details) => dispatch({ type: "codeSent", details })}
      onLogIn={onLogIn}
    />
  );
}

const EMPTY_DETAILS: RegistrationRequest = { first_name: "", last_name: "", email: "", password: "" };

function DetailsStep({
  initialDetails,
  onCodeSent,
  onLogIn,
}: {
  initialDetails: RegistrationRequest | null;
  onCodeSent: (details: RegistrationRequest) => void;
  onLogIn: () => void;
}) {
  const form = useSchemaForm(RegistrationRequestSchema, {
    defaultValues: initialDetails ?? EMPTY_DETAILS,
    fieldNames: { first_name: "first_name", last_name: "last_name", email: "email", password: "password" },
    failureMessage: sendCodeFailureMessage,
    keepsFormErrorWithFields: true,
  });

  const onSubmit = form.submit((details) => apiClient.call(authEndpoints.requestVerificationCode, details), {
    onSuccess: (_answer, details) => onCodeSent(details),
  });

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t(SIGN_UP_TEXTS.detailsStep, { length: VERIFICATION_CODE_LENGTH })}
      </Text>
      <AccountForm
        form={form}
        onSubmit={onSubmit}
        submitLabel={t(SIGN_UP_TEXTS.sendCode)}
        submitProps={{ fullWidth: true }}
      >
        <NameFields firstName={form.field("first_name")} lastName={form.field("last_name")} autoFocus />
        <EmailField {...form.field("email")} />
        <NewPasswordField {...form.field("password")} />
      </AccountForm>
      <Text size="sm" ta="center">
        {tRich(SIGN_UP_TEXTS.haveAccount, {
          link: (words: ReactNode) => (
            <Anchor
              component={Link}
              to="/login"
              aria-haspopup="dialog"
              onClick={(event) => {
                if (!isPlainLeftClick(event)) return;
                event.preventDefault();
                onLogIn();
              }}
            >
              {words}
            </Anchor>
          ),
        })}
      </Text>
    </Stack>
  );
}

const CodeFormSchema = VerifyEmailRequestSchema.pick({ code: true });

function CodeStep({
  details,
  onVerified,
  onBack,
  onNewCodeSent,
}: {
  details: RegistrationRequest;
  onVerified: (userId: string) => void;
  onBack: () => void;
  onNewCodeSent: (details: RegistrationRequest) => void;
}) {
  const [notice, setNotice] = useState<string | null>(null);
  const [isResending, setResending] = useState(false);
  const form = useSchemaForm(CodeFormSchema, {
    defaultValues: { code: "" },
    failureMessage: verifyCodeFailureMessage,
  });
  const { setFormError, setFocus } = form;

  useEffect(() => setFocus("code"), [setFocus]);

  const onSubmit = form.submit(
    ({ code }) => {
      setNotice(null);
      return apiClient.call(verifyEmailRegisterLenient, { email: details.email, code });
    },
    {
      onSuccess: (answer) => {
        if (answer.userId) onVerified(answer.userId);
        else setFormError(t(ERROR_MESSAGES.invalidVerificationResponse));
      },
    },
  );

  const sendNewCode = async () => {
    setFormError(null);
    setNotice(null);
    setResending(true);
    try {
      await apiClient.call(authEndpoints.requestVerificationCode, details);
      setNotice(t(SIGN_UP_TEXTS.newCodeSent, { email: details.email }));
      onNewCodeSent(details);
    } catch (error) {
      setFormError(sendCodeFailureMessage(error));
    } finally {
      setResending(false);
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm">
        {tRich(SIGN_UP_TEXTS.codeStep, {
          length: VERIFICATION_CODE_LENGTH,
          email: details.email,
          strong: (words: ReactNode) => <strong>{words}</strong>,
        })}
      </Text>
      {notice && (
        <Alert variant="light" color="green" role="status">
          {notice}
        </Alert>
      )}
      <AccountForm
        form={form}
        onSubmit={onSubmit}
        submitLabel={t(SIGN_UP_TEXTS.verifyEmail)}
        submitProps={{ fullWidth: true }}
      >
        <TextInput
          label={t(SIGN_UP_TEXTS.codeLabel)}
          required
          maxLength={VERIFICATION_CODE_LENGTH}
          inputMode="numeric"
          autoComplete="one-time-code"
          {...form.field("code")}
        />
      </AccountForm>
      <Group justify="space-between">
        <Anchor component="button" type="button" size="sm" onClick={onBack}>
          {t(SIGN_UP_TEXTS.backToDetails)}
        </Anchor>
        <Button variant="subtle" size="compact-sm" onClick={sendNewCode} loading={isResending}>
          {t(SIGN_UP_TEXTS.sendNewCode)}
        </Button>
      </Group>
    </Stack>
  );
}
