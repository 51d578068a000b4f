import { Button, Group } from "@mantine/core";

/** What the button reads of a paged list (TanStack Query's infinite query). */
interface PagedList {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** "Show more …" under a paged list while it has a next page; nothing once it is all shown. */
export function ShowMoreButton({ list, label }: { list: PagedList; label: string }) {
  if (!list.hasNextPage) return null;
  return (
    <Group>
      <Button variant="default" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
        {label}
      </Button>
    </Group>
  );
}
