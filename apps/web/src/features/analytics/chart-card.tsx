import "@mantine/charts/styles.css";
import { BarChart, type BarChartSeries } from "@mantine/charts";
import { Box, Button, Table, VisuallyHidden } from "@mantine/core";
import { IconTable } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { EmptyState } from "../../components/empty-state.tsx";
import { ScrollableTable } from "../../components/scrollable-table.tsx";
import { SettingsSection } from "../../components/settings-section.tsx";
import { formatNumber } from "../../lib/format.ts";
import { t } from "../../lib/i18n.ts";
import { CHART_MESSAGES } from "./analytics.texts.ts";

const CHART_HEIGHT = 240;

export interface TableColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Numbers line up on the right. */
  numeric?: boolean;
}

export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  scrollable = true,
}: {
  caption: string;
  columns: TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** In a named scroll region (a tab stop); off for a table that is not on screen. */
  scrollable?: boolean;
}) {
  const [first, ...rest] = columns;
  if (!first) return null;
  const table = (
    <Table verticalSpacing="xs">
      <Table.Caption style={{ captionSide: "top", textAlign: "left" }}>
        <VisuallyHidden>{caption}</VisuallyHidden>
      </Table.Caption>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th key={column.header} scope="col" ta={column.numeric ? "right" : undefined}>
              {column.header}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={rowKey(row)}>
            <Table.Th scope="row" fw={500} ta={first.numeric ? "right" : undefined}>
              {first.cell(row)}
            </Table.Th>
            {rest.map((column) => (
              <Table.Td key={column.header} ta={column.numeric ? "right" : undefined}>
                {column.cell(row)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return scrollable ? (
    <ScrollableTable label={t(CHART_MESSAGES.tableRegion, { caption })} minWidth={360}>
      {table}
    </ScrollableTable>
  ) : (
    table
  );
}

/** A titled card of the overview: a section at heading level 4, under the overview's level-3 ones. */
export function OverviewCard(props: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return <SettingsSection level={4} {...props} />;
}

/**
 * A bar chart and the same figures as a table. Screen readers get the table (the drawing is
 * hidden from them); "Show as table" puts the table in the chart's place on screen.
 */
export function ChartCard<Row extends object>({
  title,
  description,
  rows,
  labelKey,
  rowKey = (row) => String(row[labelKey]),
  series,
  stacked = false,
  columns,
  horizontal = false,
  valueFormatter = formatNumber,
  empty,
}: {
  title: string;
  description?: ReactNode;
  rows: readonly Row[];
  /** The row field that names each bar. */
  labelKey: keyof Row & string;
  /** What tells rows apart, when their names may not (by default, the name). */
  rowKey?: (row: Row) => string;
  series: BarChartSeries[];
  /** The series one after the other in one bar (parts of a whole), rather than side by side. */
  stacked?: boolean;
  columns: TableColumn<Row>[];
  /**
   * Bars across the card, each named on its own line: for long names (teams, activities) and for
   * more than two bars, whose names side by side would not fit a phone's width.
   */
  horizontal?: boolean;
  valueFormatter?: (value: number) => string;
  /** Said instead of the chart and the table when there are no rows. */
  empty: string;
}) {
  const [asTable, setAsTable] = useState(false);
  const table = (scrollable: boolean) => (
    <DataTable caption={title} columns={columns} rows={rows} rowKey={rowKey} scrollable={scrollable} />
  );
  return (
    <OverviewCard
      title={title}
      description={description}
      actions={
        rows.length > 0 && (
          <Button
            size="xs"
            variant={asTable ? "filled" : "default"}
            leftSection={<IconTable size={14} aria-hidden />}
            aria-pressed={asTable}
            aria-label={t(CHART_MESSAGES.showAsTableOf, { title })}
            onClick={() => setAsTable((value) => !value)}
          >
            {t(CHART_MESSAGES.showAsTable)}
          </Button>
        )
      }
    >
      {rows.length === 0 ? (
        <EmptyState>{empty}</EmptyState>
      ) : asTable ? (
        table(true)
      ) : (
        <>
          <Box aria-hidden data-testid="analytics-chart">
            <BarChart
              h={horizontal ? Math.max(CHART_HEIGHT, rows.length * 36 + 40) : CHART_HEIGHT}
              data={rows as unknown as Record<string, unknown>[]}
              dataKey={labelKey}
              series={series}
              type={stacked ? "stacked" : "default"}
              orientation={horizontal ? "vertical" : "horizontal"}
              // Every bar keeps its label: the axis never drops one to make room.
              xAxisProps={horizontal ? undefined : { interval: 0 }}
              yAxisProps={horizontal ? { width: 120, interval: 0 } : undefined}
              tickLine="none"
              gridAxis={horizontal ? "x" : "y"}
              valueFormatter={valueFormatter}
              withLegend={series.length > 1}
              textColor="gray.8"
              tooltipAnimationDuration={0}
              // The drawing is hidden from screen readers (the table says it all), so it takes no focus either.
              accessibilityLayer={false}
            />
          </Box>
          <VisuallyHidden>{table(false)}</VisuallyHidden>
        </>
      )}
    </OverviewCard>
  );
}
