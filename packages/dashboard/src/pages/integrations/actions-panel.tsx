import { Badge, Select, Switch, Text } from '@mantine/core';
import {
  type IntegrationAction,
  type IntegrationDetail,
  RISK_LEVELS,
  type RiskLevel,
} from '../../api/integrations';
import { type Column, DataTable } from '../../components/data-table';
import { Panel } from '../../components/panel';
import { useSetActionPolicy } from '../../hooks/use-integrations';
import { LevelBadge } from '../skills/level-badge';

function RiskSelect({ id, action }: { id: string; action: IntegrationAction }) {
  const policy = useSetActionPolicy(id);
  return (
    <Select
      aria-label={`Risk of ${action.name}`}
      size="xs"
      data={RISK_LEVELS.map((risk) => ({
        value: risk,
        label: risk === action.default_risk ? `${risk} (default)` : risk,
      }))}
      value={action.risk}
      allowDeselect={false}
      disabled={policy.isPending}
      // The connector's own level is stored as no override, so it follows future releases.
      onChange={(risk) =>
        policy.mutate({
          action: action.name,
          risk: risk === action.default_risk ? null : (risk as RiskLevel),
        })
      }
    />
  );
}

function AllowedSwitch({ id, action }: { id: string; action: IntegrationAction }) {
  const policy = useSetActionPolicy(id);
  return (
    <Switch
      aria-label={`Allow ${action.name}`}
      checked={action.enabled}
      disabled={policy.isPending}
      onChange={(event) =>
        policy.mutate({ action: action.name, enabled: event.currentTarget.checked })
      }
    />
  );
}

function columns(id: string): Column<IntegrationAction>[] {
  return [
    {
      key: 'action',
      header: 'Action',
      cell: (action) => (
        <>
          <Text size="sm" ff="monospace" fw={500}>
            {action.name}
          </Text>
          {action.method ? (
            <Text size="xs" c="dimmed" ff="monospace">
              {action.method} {action.path}
            </Text>
          ) : null}
        </>
      ),
    },
    {
      key: 'description',
      header: 'Description',
      priority: 3,
      cell: (action) => action.description,
      truncate: (action) => action.description,
    },
    {
      key: 'risk',
      header: 'Risk',
      width: 170,
      cell: (action) => <RiskSelect id={id} action={action} />,
    },
    {
      key: 'level',
      header: 'Level',
      width: 130,
      priority: 2,
      cell: (action) => <LevelBadge level={action.level} size="sm" />,
    },
    {
      key: 'confirmation',
      header: 'Confirmation',
      width: 120,
      cell: (action) =>
        action.needs_confirmation ? (
          <Badge variant="light" color="yellow" size="sm">
            asks first
          </Badge>
        ) : (
          <Text size="xs" c="dimmed">
            runs directly
          </Text>
        ),
    },
    {
      key: 'allowed',
      header: 'Allowed',
      width: 80,
      cell: (action) => <AllowedSwitch id={id} action={action} />,
    },
  ];
}

/** What the connector can do, how risky each action is, and which ones it may do at all. */
export function ActionsPanel({ integration }: { integration: IntegrationDetail }) {
  return (
    <Panel title="Actions">
      <DataTable
        label="Actions"
        columns={columns(integration.id)}
        rows={integration.actions}
        rowKey={(action) => action.name}
        rowProps={(action) => ({ 'data-testid': 'action-row', 'data-action': action.name })}
        empty={{
          title: 'No actions',
          description: 'This connector offers no actions the runtime can call.',
        }}
      />
      <Text size="xs" c="dimmed">
        Reads are CONTROLLED, writes RESTRICTED, destructive or money-moving actions PRIVILEGED; the
        autonomy mode decides which of them wait for your approval. Raise or lower an action's risk
        here; a disallowed action is refused for the model and for this page alike.
      </Text>
    </Panel>
  );
}
