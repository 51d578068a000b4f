import { Text, type TextProps } from "@mantine/core";
import type { ReactNode } from "react";

/** Text a person typed (a description, a comment, a reason): its line breaks kept, long words wrapped. */
export function PlainText({ children, ...props }: TextProps & { children: ReactNode }) {
  return (
    <Text {...props} style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
      {children}
    </Text>
  );
}
