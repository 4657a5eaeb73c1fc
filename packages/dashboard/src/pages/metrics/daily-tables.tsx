import type { MetricsReport } from '../../api/insights';
import { type Column, DataTable } from '../../components/data-table';
import { formatPercent } from '../../components/format';

export const formatCost = (usd: number | null) =>
  usd === null ? '–' : `$${usd < 0.01 && usd > 0 ? usd.toFixed(5) : usd.toFixed(2)}`;

type Daily = MetricsReport['daily'][number];
type Usage = MetricsReport['usage'][number];

/** Day columns are dates, counts are right-aligned; the optional counts go first when narrow. */
const DAY = { key: 'day', header: 'Day (UTC)', width: 110 } as const;
const count = <Row,>(key: string, header: string, value: (row: Row) => string | number) =>
  ({ key, header, align: 'right', cell: value }) satisfies Column<Row>;

const DAILY_COLUMNS: Column<Daily>[] = [
  { ...DAY, cell: (row) => row.day },
  { key: 'tier', header: 'Tier', cell: (row) => row.tier },
  count<Daily>('requests', 'Requests', (row) => row.requests),
  count<Daily>('errors', 'Errors', (row) => row.errors),
  { ...count<Daily>('cancelled', 'Cancelled', (row) => row.cancelled), priority: 2 },
  count<Daily>('rate', 'Error rate', (row) =>
    row.error_rate === null ? '–' : formatPercent(row.error_rate, 1),
  ),
];

const USAGE_COLUMNS: Column<Usage>[] = [
  { ...DAY, cell: (row) => row.day },
  { key: 'model', header: 'Model', cell: (row) => row.model, truncate: (row) => row.model },
  { ...count<Usage>('requests', 'Requests', (row) => row.requests), priority: 2 },
  count<Usage>('input', 'Input tokens', (row) => row.input_tokens.toLocaleString('en')),
  count<Usage>('output', 'Output tokens', (row) => row.output_tokens.toLocaleString('en')),
  count<Usage>('cost', 'Cost', (row) => formatCost(row.cost_usd)),
  { ...count<Usage>('unpriced', 'Unpriced', (row) => row.unpriced_requests), priority: 3 },
];

/** Requests and errors per day and tier. */
export function ErrorRateTable({ daily }: { daily: MetricsReport['daily'] }) {
  return (
    <DataTable
      label="Error rate per day"
      columns={DAILY_COLUMNS}
      rows={daily}
      rowKey={(row) => `${row.day}-${row.tier}`}
      empty={{ title: 'No requests', description: 'Nothing was answered in this range.' }}
    />
  );
}

/** Tokens and recorded cost per day and model. */
export function UsageTable({ usage }: { usage: MetricsReport['usage'] }) {
  return (
    <DataTable
      label="Token usage and cost per day"
      columns={USAGE_COLUMNS}
      rows={usage}
      rowKey={(row) => `${row.day}-${row.model}`}
      empty={{ title: 'No token use', description: 'No model answered in this range.' }}
    />
  );
}
