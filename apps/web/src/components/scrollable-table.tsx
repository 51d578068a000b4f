import { Table } from "@mantine/core";
import type { ReactNode } from "react";

export interface ScrollableTableProps {
  /** Names the scroll region, e.g. "Users table". */
  label: string;
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth: number;
  children: ReactNode;
}

/**
 * A table wider than a phone's screen: it scrolls sideways with its scrollbar shown whenever
 * there is more to see, and the scroll region is a named tab stop, so keyboard users can scroll
 * it with the arrow keys.
 */
export function ScrollableTable({ label, minWidth, children }: ScrollableTableProps) {
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      scrollAreaProps={{
        type: "auto",
        viewportProps: { tabIndex: 0, role: "region", "aria-label": label },
      }}
    >
      {children}
    </Table.ScrollContainer>
  );
}
