import { Badge, Select, Switch, Table, Text } from '@mantine/core';
import {
  type IntegrationAction,
  type IntegrationDetail,
  RISK_LEVELS,
  type RiskLevel,
} from '../../api/integrations';
import { Panel } from '../../components/panel';
import { useSetActionPolicy } from '../../hooks/use-integrations';
import { LevelBadge } from '../skills/level-badge';

function ActionRow({ id, action }: { id: string; action: IntegrationAction }) {
  const policy = useSetActionPolicy(id);
  return (
    <Table.Tr data-testid="action-row" data-action={action.name}>
      <Table.Td>
        <Text size="sm" ff="monospace" fw={500}>
          {action.name}
        </Text>
        {action.method ? (
          <Text size="xs" c="dimmed" ff="monospace">
            {action.method} {action.path}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        <Text size="sm">{action.description}</Text>
      </Table.Td>
      <Table.Td>
        <Select
          aria-label={`Risk of ${action.name}`}
          size="xs"
          w={170}
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
      </Table.Td>
      <Table.Td>
        <LevelBadge level={action.level} size="sm" />
      </Table.Td>
      <Table.Td>
        {action.needs_confirmation ? (
          <Badge variant="light" color="yellow" size="sm">
            asks first
          </Badge>
        ) : (
          <Text size="xs" c="dimmed">
            runs directly
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Switch
          aria-label={`Allow ${action.name}`}
          checked={action.enabled}
          disabled={policy.isPending}
          onChange={(event) =>
            policy.mutate({ action: action.name, enabled: event.currentTarget.checked })
          }
        />
      </Table.Td>
    </Table.Tr>
  );
}

/** What the connector can do, how risky each action is, and which ones it may do at all. */
export function ActionsPanel({ integration }: { integration: IntegrationDetail }) {
  return (
    <Panel title="Actions">
      <Table.ScrollContainer minWidth={820}>
        <Table verticalSpacing="sm" aria-label="Actions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Action</Table.Th>
              <Table.Th>Description</Table.Th>
              <Table.Th>Risk</Table.Th>
              <Table.Th>Level</Table.Th>
              <Table.Th>Confirmation</Table.Th>
              <Table.Th>Allowed</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {integration.actions.map((action) => (
              <ActionRow key={action.name} id={integration.id} action={action} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="xs" c="dimmed">
        Reads are CONTROLLED, writes RESTRICTED, destructive or money-moving actions PRIVILEGED; the
        autonomy mode decides which of them wait for your approval. Raise or lower an action's risk
        here; a disallowed action is refused for the model and for this page alike.
      </Text>
    </Panel>
  );
}
