import { Text, Title } from "@mantine/core";

/**
 * A page's title and intro, at the top of its content: the same markup on the page and in the
 * first screen its HTML carries (app/page-skeleton.tsx), so the one takes the other's place
 * without a shift.
 */
export function PageHeading({ title, intro }: { title: string; intro: string }) {
  return (
    <div>
      <Title order={1}>{title}</Title>
      <Text c="gray.7">{intro}</Text>
    </div>
  );
}
