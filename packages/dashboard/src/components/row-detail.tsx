import { ActionIcon, VisuallyHidden } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import type { Column } from './data-table';
import { ChevronIcon } from './icons';

/** A row that opens to show more (an audit entry's payload, a skill's input schema). */
export interface RowDetail<Row> {
  /** What opens, for the toggle's name: "Show details", "Hide input schema". */
  label: string;
  render: (row: Row) => ReactNode;
}

/**
 * Which rows are open, the chevron column that opens them and the detail of an open row; used
 * by DataTable, so every list with a detail opens the same way.
 */
export function useRowDetail<Row>(
  detail: RowDetail<Row> | undefined,
  rowKey: (row: Row) => string,
) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (row: Row) =>
    setOpen((previous) => {
      const next = new Set(previous);
      if (!next.delete(rowKey(row))) next.add(rowKey(row));
      return next;
    });
  if (!detail) return { columns: [], toggle: undefined, opened: () => null };
  const column: Column<Row> = {
    key: 'row-detail',
    header: <VisuallyHidden>{detail.label}</VisuallyHidden>,
    width: 48,
    cell: (row) => {
      const isOpen = open.has(rowKey(row));
      return (
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={`${isOpen ? 'Hide' : 'Show'} ${detail.label}`}
          aria-expanded={isOpen}
          onClick={() => toggle(row)}
        >
          <ChevronIcon
            size={16}
            style={{ transform: isOpen ? 'rotate(90deg)' : undefined, transition: '120ms' }}
          />
        </ActionIcon>
      );
    },
  };
  return {
    columns: [column],
    toggle,
    opened: (row: Row) => (open.has(rowKey(row)) ? detail.render(row) : null),
  };
}
