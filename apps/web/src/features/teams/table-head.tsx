import { Table, VisuallyHidden } from "@mantine/core";
import { t } from "../../lib/i18n.ts";
import { TEAMS_TEXTS } from "./teams.texts.ts";

/** A table's column headings; `withActions` adds the hidden heading of a last column of buttons. */
export function TableHead({ columns, withActions = false }: { columns: readonly string[]; withActions?: boolean }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((column) => (
          <Table.Th key={column} scope="col">
            {column}
          </Table.Th>
        ))}
        {withActions && (
          <Table.Th scope="col">
            <VisuallyHidden>{t(TEAMS_TEXTS.actionsColumn)}</VisuallyHidden>
          </Table.Th>
        )}
      </Table.Tr>
    </Table.Thead>
  );
}
