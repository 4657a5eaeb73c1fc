import { Badge, Code, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ResetPlan } from '../../api/reset';
import { plural } from '../../components/format';
import { KeyValueList } from '../../components/key-value-list';
import { Panel } from '../../components/panel';

/** What a reset wipes and what it keeps, as the runtime says before anything runs. */
export function ResetPlanView({ plan }: { plan: ResetPlan }) {
  const rows = plan.tables.reduce((sum, table) => sum + table.rows, 0);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Panel
        title="Wiped"
        aside={
          <Badge
            color="red"
            variant="light"
          >{`${plural(plan.tables.length, 'table')}, ${plural(rows, 'row')}`}</Badge>
        }
      >
        <Stack gap={4} data-testid="reset-plan-tables">
          <KeyValueList
            items={plan.tables.map((table) => ({
              label: <Code>{table.name}</Code>,
              value: plural(table.rows, 'row'),
            }))}
          />
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {`${plural(plan.kv_patterns.length, 'key pattern')} and ${plural(plan.queues.length, 'queue')}`}
          </Text>
          <Group gap={6}>
            {[...plan.kv_patterns, ...plan.queues].map((name) => (
              <Code key={name}>{name}</Code>
            ))}
          </Group>
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {plural(plan.job_queues.length, 'job queue')}
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
