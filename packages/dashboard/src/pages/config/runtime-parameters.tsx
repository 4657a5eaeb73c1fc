import {
  Badge,
  Button,
  EmptyState,
  Group,
  Paper,
  Stack,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { RuntimeParameter } from '../../api/config';
import { type Column, DataTable } from '../../components/data-table';
import { Panel } from '../../components/panel';
import { RelativeTime } from '../../components/relative-time';
import { useParameters, useSetParameter } from '../../hooks/use-config';
import { ParameterDialog } from './parameter-dialog';
import { formatParameterRange, formatParameterValue, rawParameterValue } from './parameter-format';

function Value({ parameter }: { parameter: RuntimeParameter }) {
  const raw = rawParameterValue(parameter.value, parameter.unit);
  return (
    <Stack gap={0}>
      <Text size="sm" fw={600} data-testid="parameter-value">
        {formatParameterValue(parameter.value, parameter.unit)}
      </Text>
      {raw ? (
        <Text size="xs" c="dimmed" ff="monospace">
          {raw}
        </Text>
      ) : null}
    </Stack>
  );
}

function Source({ parameter }: { parameter: RuntimeParameter }) {
  if (parameter.source === 'environment') {
    return (
      <Badge variant="light" color="gray" data-testid="parameter-source">
        Environment
      </Badge>
    );
  }
  return (
    <Stack gap={2} align="flex-start">
      <Badge variant="light" color="indigo" data-testid="parameter-source">
        Operator
      </Badge>
      {parameter.updated_by && parameter.updated_at ? (
        <Text size="xs" c="dimmed">
          {parameter.updated_by}, <RelativeTime value={parameter.updated_at} />
        </Text>
      ) : null}
      <Text size="xs" c="dimmed">
        Environment: {formatParameterValue(parameter.default, parameter.unit)}
      </Text>
    </Stack>
  );
}

function Applies({ parameter }: { parameter: RuntimeParameter }) {
  return parameter.live ? (
    <Tooltip label="A change applies at once, on every replica within seconds" withArrow>
      <Badge variant="dot" color="green">
        Live
      </Badge>
    </Tooltip>
  ) : (
    <Tooltip label="Read at start: a change applies after the runtime restarts" withArrow>
      <Badge variant="light" color="orange" miw="max-content" data-testid="needs-restart">
        Needs a restart
      </Badge>
    </Tooltip>
  );
}

/** Limits, timeouts and thresholds: value, bounds, where it comes from, and whether it is live. */
export function RuntimeParameters() {
  const parameters = useParameters();
  const reset = useSetParameter();
  const [editing, setEditing] = useState<RuntimeParameter | null>(null);
  const list = parameters.data?.parameters ?? [];
  const overridden = list.filter((parameter) => parameter.source === 'operator').length;

  const resetParameter = (parameter: RuntimeParameter) =>
    reset.mutate(
      { name: parameter.name, value: null },
      {
        onSuccess: (saved) =>
          notifications.show({
            color: 'green',
            title: `${saved.name} reset`,
            message: `Back to the environment's value, ${formatParameterValue(saved.value, saved.unit)}${saved.live ? '.' : ', from the next restart.'}`,
          }),
      },
    );

  const columns: Column<RuntimeParameter>[] = [
    {
      key: 'name',
      header: 'Parameter',
      cell: (parameter) => (
        <>
          <Text size="sm" fw={600} ff="monospace" truncate="end" title={parameter.name}>
            {parameter.name}
          </Text>
          <Text size="xs" c="dimmed">
            {parameter.doc}
          </Text>
        </>
      ),
    },
    { key: 'value', header: 'Value', width: 150, cell: (p) => <Value parameter={p} /> },
    {
      key: 'allowed',
      header: 'Allowed',
      width: 170,
      priority: 3,
      cell: (parameter) => (
        <Text size="sm" c="dimmed" data-testid="parameter-range">
          {formatParameterRange(parameter.min, parameter.max, parameter.unit)}
        </Text>
      ),
    },
    {
      key: 'source',
      header: 'Source',
      width: 170,
      priority: 2,
      cell: (p) => <Source parameter={p} />,
    },
    { key: 'applies', header: 'Applies', width: 150, cell: (p) => <Applies parameter={p} /> },
    {
      key: 'actions',
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      width: 140,
      align: 'right',
      cell: (parameter) => (
        <Group gap={6} wrap="nowrap" justify="flex-end">
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => setEditing(parameter)}
            aria-label={`Edit ${parameter.name}`}
          >
            Edit
          </Button>
          {parameter.source === 'operator' ? (
            <Button
              size="compact-sm"
              variant="subtle"
              color="gray"
              onClick={() => resetParameter(parameter)}
              loading={reset.isPending && reset.variables?.name === parameter.name}
              aria-label={`Reset ${parameter.name}`}
            >
              Reset
            </Button>
          ) : null}
        </Group>
      ),
    },
  ];

  return (
    <Panel
      title="Runtime parameters"
      aside={
        parameters.data ? (
          <Text size="sm" c="dimmed" data-testid="parameters-summary">
            {overridden === 0
              ? 'All from the environment'
              : `${overridden} of ${list.length} set by an operator`}
          </Text>
        ) : null
      }
    >
      <Text size="sm" c="dimmed">
        Limits, timeouts and thresholds. A value set here overrides the environment's until you
        reset it; every change is validated against the bounds and audited.
      </Text>
      <Paper withBorder radius="md" p={0}>
        {parameters.isError && !parameters.data ? (
          <EmptyState py={40} title="The runtime parameters could not be loaded">
            <EmptyState.Actions>
              <Button variant="light" onClick={() => parameters.refetch()}>
                Try again
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        ) : !parameters.isPending && list.length === 0 ? (
          <EmptyState py={40} title="This runtime has no adjustable parameters" />
        ) : (
          <DataTable
            label="Runtime parameters"
            columns={columns}
            rows={parameters.isPending ? undefined : list}
            rowKey={(parameter) => parameter.name}
            rowProps={(parameter) => ({ 'data-parameter': parameter.name })}
            loadingRows={6}
            empty={{
              title: 'This runtime has no adjustable parameters',
              description: 'Limits, timeouts and thresholds appear here.',
            }}
          />
        )}
      </Paper>
      {editing ? (
        <ParameterDialog key={editing.name} parameter={editing} onClose={() => setEditing(null)} />
      ) : null}
    </Panel>
  );
}
