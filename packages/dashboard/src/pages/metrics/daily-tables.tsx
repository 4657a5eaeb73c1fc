import { Table } from '@mantine/core';
import type { MetricsReport } from '../../api/insights';
import { formatPercent } from '../../components/format';

export const formatCost = (usd: number | null) =>
  usd === null ? '–' : `$${usd < 0.01 && usd > 0 ? usd.toFixed(5) : usd.toFixed(2)}`;

/** Requests and errors per day and tier. */
export function ErrorRateTable({ daily }: { daily: MetricsReport['daily'] }) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped aria-label="Error rate per day">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Day (UTC)</Table.Th>
            <Table.Th>Tier</Table.Th>
            <Table.Th>Requests</Table.Th>
            <Table.Th>Errors</Table.Th>
            <Table.Th>Cancelled</Table.Th>
            <Table.Th>Error rate</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {daily.map((row) => (
            <Table.Tr key={`${row.day}-${row.tier}`}>
              <Table.Td>{row.day}</Table.Td>
              <Table.Td>{row.tier}</Table.Td>
              <Table.Td>{row.requests}</Table.Td>
              <Table.Td>{row.errors}</Table.Td>
              <Table.Td>{row.cancelled}</Table.Td>
              <Table.Td>
                {row.error_rate === null ? '–' : formatPercent(row.error_rate, 1)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Tokens and recorded cost per day and model. */
export function UsageTable({ usage }: { usage: MetricsReport['usage'] }) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped aria-label="Token usage and cost per day">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Day (UTC)</Table.Th>
            <Table.Th>Model</Table.Th>
            <Table.Th>Requests</Table.Th>
            <Table.Th>Input tokens</Table.Th>
            <Table.Th>Output tokens</Table.Th>
            <Table.Th>Cost</Table.Th>
            <Table.Th>Unpriced</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {usage.map((row) => (
            <Table.Tr key={`${row.day}-${row.model}`}>
              <Table.Td>{row.day}</Table.Td>
              <Table.Td>{row.model}</Table.Td>
              <Table.Td>{row.requests}</Table.Td>
              <Table.Td>{row.input_tokens.toLocaleString('en')}</Table.Td>
              <Table.Td>{row.output_tokens.toLocaleString('en')}</Table.Td>
              <Table.Td>{formatCost(row.cost_usd)}</Table.Td>
              <Table.Td>{row.unpriced_requests}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
