/**
 * A page a service answered, as the contract's list answers carry it: `success`, the page's
 * items (and whatever else it holds), and the cursor of the next page as `next_cursor`.
 */
export function pageAnswer<Page extends { nextCursor: string | null }>(
  page: Page,
): Omit<Page, "nextCursor"> & { success: true; next_cursor: string | null } {
  const { nextCursor, ...items } = page;
  return { success: true, ...items, next_cursor: nextCursor };
}
