import { PasswordInput, type PasswordInputProps } from "@mantine/core";
import { type Ref, useState } from "react";

/**
 * A password input with a named show/hide toggle that is reachable by keyboard. Unlike TextInput,
 * Mantine's PasswordInput does not mark its input `aria-invalid` on error, so this does.
 */
export function PasswordField({ ref, ...props }: PasswordInputProps & { ref?: Ref<HTMLInputElement> }) {
  const [isVisible, setVisible] = useState(false);
  return (
    <PasswordInput
      ref={ref}
      aria-invalid={props.error ? true : undefined}
      visible={isVisible}
      onVisibilityChange={setVisible}
      visibilityToggleFocusable
      visibilityToggleButtonProps={{
        "aria-label": isVisible ? "Hide password" : "Show password",
        "aria-pressed": isVisible,
      }}
      {...props}
    />
  );
}
