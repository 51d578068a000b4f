import { PasswordInput, type PasswordInputProps } from "@mantine/core";
import { type Ref, useState } from "react";
import { t } from "../lib/i18n.ts";
import { PASSWORD_TOGGLE_LABELS, type PasswordToggleSubject } from "./components.texts.ts";

export interface PasswordFieldProps extends PasswordInputProps {
  ref?: Ref<HTMLInputElement>;
  /** What the toggle shows and hides, named in its label: "Show password" / "Hide password" by default. */
  toggleSubject?: PasswordToggleSubject;
}

/**
 * The app's only password input. Mantine's PasswordInput leaves its show/hide toggle out of the tab
 * order with a generic name, and (unlike TextInput) does not mark its input `aria-invalid` on error;
 * this one puts the toggle in the tab order, names it by what a press will do, reports its state
 * with `aria-pressed`, and marks the input invalid. Mantine already links the description and error
 * text to the input. Visibility is the field's own unless `visible` is given, so several fields can
 * share one state. Callers choose `autoComplete` ("current-password" or "new-password").
 */
export function PasswordField({
  ref,
  toggleSubject = "password",
  visible,
  defaultVisible = false,
  onVisibilityChange,
  visibilityToggleButtonProps,
  ...props
}: PasswordFieldProps) {
  const [isOwnVisible, setOwnVisible] = useState(defaultVisible);
  const isVisible = visible ?? isOwnVisible;
  const changeVisibility = (isNowVisible: boolean) => {
    setOwnVisible(isNowVisible);
    onVisibilityChange?.(isNowVisible);
  };
  return (
    <PasswordInput
      {...props}
      ref={ref}
      aria-invalid={props.error ? true : undefined}
      visible={isVisible}
      onVisibilityChange={changeVisibility}
      visibilityToggleFocusable
      visibilityToggleButtonProps={{
        ...visibilityToggleButtonProps,
        "aria-label": t(PASSWORD_TOGGLE_LABELS[toggleSubject][isVisible ? "hide" : "show"]),
        "aria-pressed": isVisible,
      }}
    />
  );
}
