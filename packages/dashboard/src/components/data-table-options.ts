/**
 * What a page may ask of DataTable beyond its columns: how tightly the rows sit, and which row
 * is the one the page shows beside the list.
 */

/** `compact` for a table inside a drawer or a row's detail, where the page's spacing wastes room. */
export type TableDensity = 'regular' | 'compact';

export const ROW_SPACING: Record<TableDensity, 'xs' | number> = { regular: 'xs', compact: 4 };

/** A selected row, on a table row or a card alike: marked for screen readers and highlighted. */
export const selectedRowProps = (selected: boolean) =>
  selected
    ? { 'aria-selected': true, bg: 'var(--mantine-primary-color-light)' }
    : { 'aria-selected': false };
