import { Button, type ButtonProps, Table } from "@mantine/core";
import type { MouseEventHandler, ReactNode } from "react";
import { QueryStates } from "../../components/query-states.tsx";
import { TableHead } from "./table-head.tsx";

/** What a team table reads of its query. */
interface TableQuery<Data> {
  data: Data | undefined;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * A table of Team Settings whose rows a query loads: the query's loading, failure and empty
 * states, then the rows under their column headings, each row's buttons in a last column.
 */
export function TeamTable<Data, Row>({
  query,
  rowsOf,
  loading,
  failure,
  empty,
  label,
  columns,
  children,
}: {
  query: TableQuery<Data>;
  rowsOf: (data: Data) => readonly Row[];
  loading: string;
  failure: string;
  empty: string;
  /** The table's name for assistive technology. */
  label: string;
  columns: readonly string[];
  /** One row (a `Table.Tr` with its key). */
  children: (row: Row) => ReactNode;
}) {
  return (
    <QueryStates
      query={query}
      loading={loading}
      failure={failure}
      isEmpty={(data) => rowsOf(data).length === 0}
      empty={empty}
    >
      {(data) => (
        <Table.ScrollContainer minWidth={560}>
          <Table aria-label={label} verticalSpacing="sm">
            <TableHead columns={columns} withActions />
            <Table.Tbody>{rowsOf(data).map(children)}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </QueryStates>
  );
}

/** A row's button that takes something away (revoke, remove, delete): small, quiet and red. */
export function RemoveButton({
  onClick,
  children,
  ...props
}: ButtonProps & { "aria-label": string; onClick: MouseEventHandler<HTMLButtonElement>; children: ReactNode }) {
  return (
    <Button size="xs" variant="subtle" color="red" c="red.9" onClick={onClick} {...props}>
      {children}
    </Button>
  );
}
