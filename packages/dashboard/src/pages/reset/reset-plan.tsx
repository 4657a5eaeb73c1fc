import { Badge, Code, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { ResetPlan } from '../../api/reset';
import { Panel } from '../../components/panel';

/** What a reset wipes and what it keeps, as the runtime says before anything runs. */
export function ResetPlanView({ plan }: { plan: ResetPlan }) {
  const rows = plan.tables.reduce((sum, table) => sum + table.rows, 0);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Panel
        title="Wiped"
        aside={
          <Badge color="red" variant="light">{`${plan.tables.length} tables, ${rows} rows`}</Badge>
        }
      >
        <Table striped withRowBorders={false} data-testid="reset-plan-tables">
          <Table.Tbody>
            {plan.tables.map((table) => (
              <Table.Tr key={table.name}>
                <Table.Td>
                  <Code>{table.name}</Code>
                </Table.Td>
                <Table.Td ta="right">{table.rows}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {`${plan.kv_patterns.length} key patterns and ${plan.queues.length} queues`}
          </Text>
          <Group gap={6}>
            {[...plan.kv_patterns, ...plan.queues].map((name) => (
              <Code key={name}>{name}</Code>
            ))}
          </Group>
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {`${plan.job_queues.length} job queues`}
          </Text>
          <Group gap={6}>
            {plan.job_queues.map((name) => (
              <Code key={name}>{name}</Code>
            ))}
          </Group>
        </Stack>
        <Stack gap={4} data-testid="reset-plan-held">
          <Text size="sm" fw={500}>
            Held back, never stored after the reset
          </Text>
          {plan.held_records.map((held) => (
            <Text size="sm" key={held.name}>
              <Code>{held.name}</Code>{' '}
              <Badge size="xs" variant="light" color={held.handling === 'fenced' ? 'grape' : 'red'}>
                {held.handling}
              </Badge>{' '}
              {held.what}
            </Text>
          ))}
        </Stack>
        <Stack gap={4}>
          {plan.reset.map((item) => (
            <Text size="sm" key={item.name}>
              <Code>{item.name}</Code> {item.what}
            </Text>
          ))}
        </Stack>
      </Panel>
      <Panel title="Kept">
        <Stack gap={4} data-testid="reset-plan-survivors">
          {plan.survives.files.map((file) => (
            <Text size="sm" key={file.path}>
              <Code>{file.path}</Code> {file.what}
            </Text>
          ))}
          {plan.survives.kv.map((kv) => (
            <Text size="sm" key={kv.pattern}>
              <Code>{kv.pattern}</Code> {kv.what}
            </Text>
          ))}
          {plan.survives.tables.map((table) => (
            <Text size="sm" key={table.name}>
              <Code>{table.name}</Code> {table.what}
            </Text>
          ))}
          {plan.survives.job_queues.map((queue) => (
            <Text size="sm" key={queue.name}>
              <Code>{queue.name}</Code> {queue.what}
            </Text>
          ))}
        </Stack>
      </Panel>
    </SimpleGrid>
  );
}
