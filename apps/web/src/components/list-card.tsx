import { Card, type MantineSpacing, Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * One entry of a list or grid as a card: an article named by its title (the element with id
 * `titleId`), its content stacked. `tour` marks it for a guided tour's step; `fillsHeight`
 * stretches the content to a grid row's height, so a footer with `mt="auto"` lines up.
 */
export function ListCard({
  titleId,
  tour,
  padding = "md",
  gap,
  fillsHeight = false,
  children,
}: {
  titleId: string;
  tour?: string | undefined;
  padding?: "sm" | "md";
  gap: MantineSpacing | number;
  fillsHeight?: boolean;
  children: ReactNode;
}) {
  return (
    <Card component="article" withBorder radius="md" padding={padding} aria-labelledby={titleId} data-tour={tour}>
      <Stack gap={gap} h={fillsHeight ? "100%" : undefined}>
        {children}
      </Stack>
    </Card>
  );
}

/** A card's title, a level-3 heading that carries the id the card is named by. */
export function CardTitle({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Title order={3} size="h5" id={id} style={{ overflowWrap: "anywhere" }}>
      {children}
    </Title>
  );
}
