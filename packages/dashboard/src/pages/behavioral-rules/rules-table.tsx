import {
  Badge,
  Button,
  Group,
  Progress,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { MIN_FIRING_CONFIDENCE, type Rule } from '../../api/behavioral';
import { RelativeTime } from '../../components/relative-time';
import { useToggleRule } from '../../hooks/use-behavioral';
import { formatConfidence, SOURCE_LABELS } from './rule-labels';
import { TriggerView } from './trigger-view';

const COLUMNS = 8;

function EnabledSwitch({ rule }: { rule: Rule }) {
  const toggle = useToggleRule();
  const pending = toggle.isPending;
  const checked = pending ? Boolean(toggle.variables?.enabled) : rule.enabled;
  return (
    <Switch
      checked={checked}
      disabled={pending}
      onChange={(event) =>
        toggle.mutate({ id: rule.rule_id, enabled: event.currentTarget.checked })
      }
      aria-label={`Enabled: ${rule.text}`}
      label={checked ? 'On' : 'Off'}
      size="sm"
    />
  );
}

function Confidence({ confidence }: { confidence: number }) {
  const silent = confidence < MIN_FIRING_CONFIDENCE;
  const body = (
    <Stack gap={4} w={80}>
      <Text size="sm" fw={500} c={silent ? 'orange.8' : undefined}>
        {formatConfidence(confidence)}
      </Text>
      <Progress
        value={confidence * 100}
        size="sm"
        color={silent ? 'orange' : confidence >= 0.8 ? 'teal' : 'indigo'}
        aria-hidden
      />
    </Stack>
  );
  return silent ? (
    <Tooltip label="Below 50 %: this rule never fires, even when enabled" withArrow>
      {body}
    </Tooltip>
  ) : (
    body
  );
}

interface RulesTableProps {
  rules: Rule[];
  loading: boolean;
  onEdit: (rule: Rule) => void;
  onDelete: (rule: Rule) => void;
}

export function RulesTable({ rules, loading, onEdit, onDelete }: RulesTableProps) {
  return (
    <Table.ScrollContainer minWidth={1040}>
      <Table verticalSpacing="sm" highlightOnHover aria-label="Behavioral rules">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Rule</Table.Th>
            <Table.Th w={220}>Trigger</Table.Th>
            <Table.Th w={110}>Source</Table.Th>
            <Table.Th w={110}>Confidence</Table.Th>
            <Table.Th w={100}>Enabled</Table.Th>
            <Table.Th w={70} ta="right">
              Hits
            </Table.Th>
            <Table.Th w={130}>Last hit</Table.Th>
            <Table.Th w={140} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading
            ? Array.from({ length: 4 }, (_, row) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                <Table.Tr key={row}>
                  {Array.from({ length: COLUMNS }, (_, cell) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                    <Table.Td key={cell}>
                      <Skeleton h={14} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            : rules.map((rule) => {
                const source = SOURCE_LABELS[rule.source];
                return (
                  <Table.Tr
                    key={rule.rule_id}
                    data-rule-id={rule.rule_id}
                    data-enabled={rule.enabled}
                    style={rule.enabled ? undefined : { opacity: 0.75 }}
                  >
                    <Table.Td>
                      <Text size="sm" fw={500} data-testid="rule-text">
                        {rule.text}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {rule.created_by}, <RelativeTime value={rule.created_at} />
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <TriggerView trigger={rule.trigger} />
                    </Table.Td>
                    <Table.Td>
                      <Tooltip label={source?.hint ?? rule.source} withArrow>
                        <Badge variant="light" color={source?.color ?? 'gray'} radius="sm">
                          {source?.label ?? rule.source}
                        </Badge>
                      </Tooltip>
                    </Table.Td>
                    <Table.Td>
                      <Confidence confidence={rule.confidence} />
                    </Table.Td>
                    <Table.Td>
                      <EnabledSwitch rule={rule} />
                    </Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm" ff="monospace" data-testid="rule-hits">
                        {rule.hit_count.toLocaleString('en-US')}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {rule.last_hit_at ? (
                        <Text size="sm">
                          <RelativeTime value={rule.last_hit_at} />
                        </Text>
                      ) : (
                        <Text size="sm" c="dimmed">
                          Never
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap" justify="flex-end">
                        <Button size="compact-sm" variant="light" onClick={() => onEdit(rule)}>
                          Edit
                        </Button>
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          color="red"
                          onClick={() => onDelete(rule)}
                        >
                          Delete
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
