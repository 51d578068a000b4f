import { Alert, Group, Stack, Title } from "@mantine/core";
import { IconCircleCheck } from "@tabler/icons-react";
import type { ReactNode, Ref } from "react";

/**
 * A public page's panel for one state of its errand (checking, done, failed): the page's level-1
 * heading, what it says, then the ways on side by side. `headingRef` makes the heading focusable,
 * for a state that should be read first when it appears.
 */
export function StatusPanel({
  title,
  headingRef,
  actions,
  children,
}: {
  title: ReactNode;
  headingRef?: Ref<HTMLHeadingElement>;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Stack gap="md">
      <Title order={1} size="h2" ref={headingRef} tabIndex={headingRef ? -1 : undefined}>
        {title}
      </Title>
      {children}
      {actions && <Group>{actions}</Group>}
    </Stack>
  );
}

/** What went right, announced politely, with a tick. */
export function SuccessAlert({ children }: { children: ReactNode }) {
  return (
    <Alert variant="light" color="green" role="status" icon={<IconCircleCheck aria-hidden />}>
      {children}
    </Alert>
  );
}
