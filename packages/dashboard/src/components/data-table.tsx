import {
  Box,
  EmptyState,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Fragment, type MouseEvent, type ReactNode } from 'react';
import { PHONE_QUERY } from '../theme';
import { ROW_SPACING, selectedRowProps, type TableDensity } from './data-table-options';
import { type RowDetail, useRowDetail } from './row-detail';

/**
 * Which columns a table keeps as it narrows: 1 always, 2 from Mantine's `md` (992 px), 3 from
 * `lg` (1200 px). On a phone (PHONE_QUERY, under 576 px) every row is a card with all its
 * fields, one per line.
 */
export type ColumnPriority = 1 | 2 | 3;

const VISIBLE_FROM: Record<ColumnPriority, 'md' | 'lg' | undefined> = {
  1: undefined,
  2: 'md',
  3: 'lg',
};

export interface Column<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  priority?: ColumnPriority;
  /** The cell's full text: the cell is cut to one line and the text shown in a tooltip. */
  truncate?: (row: Row) => string;
  /** Fixed width (a time, a badge, a switch), so the free text columns take the rest. */
  width?: number;
  align?: 'left' | 'right' | 'center';
}

interface DataTableProps<Row> {
  /** The table's accessible name. */
  label: string;
  columns: Column<Row>[];
  rows: Row[] | undefined;
  rowKey: (row: Row) => string;
  /** Shown instead of the table when there are no rows. */
  empty: { title: string; description: string };
  /** Attributes of a row (data-* for tests, aria-label). */
  rowProps?: (row: Row) => Record<string, string | undefined>;
  /** Opens the row's record; a click on a link or button inside the row does its own thing. */
  onRowClick?: (row: Row) => void;
  /** Rows open to show this (a full-width row under the row, or the end of its card). */
  detail?: RowDetail<Row>;
  loadingRows?: number;
  /** The row the page shows beside the list (a memory item open in its editor). */
  isSelected?: (row: Row) => boolean;
  density?: TableDensity;
}

function Cell<Row>({ column, row }: { column: Column<Row>; row: Row }) {
  const content = column.cell(row);
  if (!column.truncate) return content;
  const full = column.truncate(row);
  return (
    <Tooltip label={full} disabled={!full} multiline maw={480} withArrow openDelay={300}>
      <Text size="sm" truncate="end">
        {content}
      </Text>
    </Tooltip>
  );
}

/** A card opens its record like a row does, unless the click was on a link or control in it. */
const cardClick =
  <Row,>(row: Row, open: (row: Row) => void) =>
  (event: MouseEvent<HTMLElement>) => {
    if ((event.target as HTMLElement).closest('a, button, input')) return;
    open(row);
  };

/** The rows of a table on a phone: a card per row, each field a line of label and value. */
function RowCards<Row>({
  label,
  columns,
  rows,
  rowKey,
  rowProps,
  isSelected,
  onRowClick,
  opened,
}: Pick<
  DataTableProps<Row>,
  'label' | 'columns' | 'rows' | 'rowKey' | 'rowProps' | 'isSelected' | 'onRowClick'
> & {
  opened: (row: Row) => ReactNode;
}) {
  if (!rows) return <Skeleton h={120} />;
  return (
    <Stack gap="xs" role="list" aria-label={label} data-testid="data-cards">
      {rows.map((row) => (
        <Paper
          key={rowKey(row)}
          withBorder
          radius="sm"
          p="sm"
          role="listitem"
          {...(isSelected ? selectedRowProps(isSelected(row)) : {})}
          {...rowProps?.(row)}
          {...(onRowClick
            ? { style: { cursor: 'pointer' }, onClick: cardClick(row, onRowClick) }
            : {})}
        >
          <Stack gap={6}>
            {columns.map((column) => (
              <Group key={column.key} justify="space-between" gap="sm" wrap="nowrap" align="center">
                <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
                  {column.header}
                </Text>
                <Box miw={0} ta="right" style={{ overflowWrap: 'anywhere' }}>
                  <Cell column={column} row={row} />
                </Box>
              </Group>
            ))}
            {opened(row)}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * The one table of the dashboard's lists: columns by priority (narrow screens drop the
 * optional ones instead of scrolling sideways), long text cut with a tooltip, a header that
 * stays in view, placeholder rows while loading and an empty state that says what fills it.
 * It lays out to its container's width (fixed layout), so no column pushes another out of view.
 */
export function DataTable<Row>({
  label,
  columns: ownColumns,
  rows,
  rowKey,
  empty,
  rowProps,
  onRowClick: rowClick,
  detail,
  loadingRows = 5,
  isSelected,
  density = 'regular',
}: DataTableProps<Row>) {
  const phone = useMediaQuery(PHONE_QUERY);
  const expansion = useRowDetail(detail, rowKey);
  const columns = [...expansion.columns, ...ownColumns];
  // A row with a detail opens on a click, unless it opens a record of its own.
  const onRowClick = rowClick ?? expansion.toggle;
  if (rows && rows.length === 0) {
    return <EmptyState size="sm" title={empty.title} description={empty.description} />;
  }
  if (phone)
    return (
      <RowCards
        label={label}
        columns={columns}
        rows={rows}
        rowKey={rowKey}
        rowProps={rowProps}
        isSelected={isSelected}
        onRowClick={rowClick}
        opened={expansion.opened}
      />
    );
  const shown = (column: Column<Row>) => {
    const from = VISIBLE_FROM[column.priority ?? 1];
    return from ? { visibleFrom: from } : {};
  };
  return (
    <Table
      aria-label={label}
      verticalSpacing={ROW_SPACING[density]}
      highlightOnHover
      stickyHeader
      // Below the app header (60 px), which stays on top of the page as it scrolls.
      stickyHeaderOffset={60}
      layout="fixed"
      data-testid="data-table"
    >
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th
              key={column.key}
              {...shown(column)}
              {...(column.width ? { w: column.width } : {})}
              ta={column.align ?? 'left'}
            >
              {column.header}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows
          ? rows.map((row) => {
              const opened = expansion.opened(row);
              return (
                <Fragment key={rowKey(row)}>
                  <Table.Tr
                    {...(isSelected ? selectedRowProps(isSelected(row)) : {})}
                    {...rowProps?.(row)}
                    {...(onRowClick
                      ? {
                          style: { cursor: 'pointer' },
                          onClick: (event: MouseEvent<HTMLTableRowElement>) => {
                            if ((event.target as HTMLElement).closest('a, button, input')) return;
                            // Selecting text to copy it is not a click on the row.
                            if (window.getSelection()?.toString()) return;
                            onRowClick(row);
                          },
                        }
                      : {})}
                  >
                    {columns.map((column) => (
                      <Table.Td
                        key={column.key}
                        {...shown(column)}
                        ta={column.align ?? 'left'}
                        style={{ overflowWrap: 'anywhere' }}
                      >
                        <Cell column={column} row={row} />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                  {opened ? (
                    <Table.Tr bg="var(--mantine-color-gray-0)">
                      <Table.Td colSpan={columns.length}>{opened}</Table.Td>
                    </Table.Tr>
                  ) : null}
                </Fragment>
              );
            })
          : Array.from({ length: loadingRows }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <Table.Tr key={index}>
                {columns.map((column) => (
                  <Table.Td key={column.key} {...shown(column)}>
                    <Skeleton h={14} />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
      </Table.Tbody>
    </Table>
  );
}
