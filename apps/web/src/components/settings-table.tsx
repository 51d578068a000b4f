import { Button, Group, Table } from "@mantine/core";
import type { CSSProperties, ReactNode } from "react";
import { formatDate, formatDateTime } from "../lib/format.ts";
import { EmptyState } from "./empty-state.tsx";
import { ScrollableTable } from "./scrollable-table.tsx";

/** A column of a settings table: its heading and what each row shows in it. */
export interface SettingsTableColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  style?: CSSProperties;
}

/**
 * A settings section's list as a table (tokens, channels, webhooks, a log): a named table that
 * scrolls sideways on a narrow screen, the row's name as its row header when it has one, and its
 * buttons in the last column; a quiet line instead when there are no rows.
 */
export function SettingsTable<Row extends { id: string }>({
  label,
  minWidth,
  rows,
  empty,
  rowHeader,
  columns,
  actions,
}: {
  /** Names the table and its scroll region, e.g. "API tokens". */
  label: string;
  minWidth: number;
  rows: readonly Row[];
  /** What an empty list says. */
  empty: ReactNode;
  /** The first column, which names the row (a token's name, a webhook's address); none when no column does. */
  rowHeader?: SettingsTableColumn<Row>;
  columns: readonly SettingsTableColumn<Row>[];
  /** The last column: the row's buttons. */
  actions?: { header: string; cell: (row: Row) => ReactNode };
}) {
  if (rows.length === 0) return <EmptyState>{empty}</EmptyState>;
  const headings = [rowHeader, ...columns, actions].filter((column) => column !== undefined);
  return (
    <ScrollableTable label={label} minWidth={minWidth}>
      <Table aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {headings.map((column) => (
              <Table.Th key={column.header} scope="col">
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              {rowHeader && (
                <Table.Th scope="row" fw={600} style={rowHeader.style}>
                  {rowHeader.cell(row)}
                </Table.Th>
              )}
              {columns.map((column) => (
                <Table.Td key={column.header} style={column.style}>
                  {column.cell(row)}
                </Table.Td>
              ))}
              {actions && (
                <Table.Td>
                  <Group gap="xs" wrap="wrap">
                    {actions.cell(row)}
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollableTable>
  );
}

/** A row's button, named for its row ("Revoke Weekly report"); red for one that removes. */
export function RowButton({
  label,
  removes = false,
  loading,
  onClick,
  children,
}: {
  /** The accessible name, which names the row. */
  label: string;
  removes?: boolean;
  loading?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      size="xs"
      variant="default"
      color={removes ? "red.9" : undefined}
      aria-label={label}
      loading={loading}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}

/** A moment in a cell: its date, or its date and time. */
export function TimeCell({ value, withTime = false }: { value: string; withTime?: boolean }) {
  return <time dateTime={value}>{withTime ? formatDateTime(value) : formatDate(value)}</time>;
}
