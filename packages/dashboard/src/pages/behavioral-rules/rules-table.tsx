import {
  Badge,
  Button,
  Group,
  Progress,
  Stack,
  Switch,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { MIN_FIRING_CONFIDENCE, type Rule } from '../../api/behavioral';
import { type Column, DataTable } from '../../components/data-table';
import { RelativeTime } from '../../components/relative-time';
import { useToggleRule } from '../../hooks/use-behavioral';
import { formatConfidence, SOURCE_LABELS } from './rule-labels';
import { TriggerView } from './trigger-view';

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

function columns({
  onEdit,
  onDelete,
}: Pick<RulesTableProps, 'onEdit' | 'onDelete'>): Column<Rule>[] {
  return [
    {
      key: 'rule',
      header: 'Rule',
      cell: (rule) => (
        // A switched-off rule reads as such before its switch is found.
        <Stack gap={0} opacity={rule.enabled ? 1 : 0.7}>
          <Text size="sm" fw={500} data-testid="rule-text">
            {rule.text}
          </Text>
          <Text size="xs" c="dimmed">
            {rule.created_by}, <RelativeTime value={rule.created_at} />
          </Text>
        </Stack>
      ),
    },
    {
      key: 'trigger',
      header: 'Trigger',
      width: 220,
      priority: 2,
      cell: (rule) => <TriggerView trigger={rule.trigger} />,
    },
    {
      key: 'source',
      header: 'Source',
      width: 110,
      priority: 3,
      cell: (rule) => {
        const source = SOURCE_LABELS[rule.source];
        return (
          <Tooltip label={source?.hint ?? rule.source} withArrow>
            <Badge variant="light" color={source?.color ?? 'gray'} radius="sm">
              {source?.label ?? rule.source}
            </Badge>
          </Tooltip>
        );
      },
    },
    {
      key: 'confidence',
      header: 'Confidence',
      width: 110,
      priority: 2,
      cell: (rule) => <Confidence confidence={rule.confidence} />,
    },
    {
      key: 'enabled',
      header: 'Enabled',
      width: 100,
      cell: (rule) => <EnabledSwitch rule={rule} />,
    },
    {
      key: 'hits',
      header: 'Hits',
      width: 70,
      align: 'right',
      priority: 3,
      cell: (rule) => (
        <Text span size="sm" ff="monospace" data-testid="rule-hits">
          {rule.hit_count.toLocaleString('en-US')}
        </Text>
      ),
    },
    {
      key: 'last-hit',
      header: 'Last hit',
      width: 130,
      priority: 3,
      cell: (rule) =>
        rule.last_hit_at ? (
          <RelativeTime value={rule.last_hit_at} />
        ) : (
          <Text span size="sm" c="dimmed">
            Never
          </Text>
        ),
    },
    {
      key: 'actions',
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      width: 140,
      cell: (rule) => (
        <Group gap={6} wrap="nowrap" justify="flex-end">
          <Button size="compact-sm" variant="light" onClick={() => onEdit(rule)}>
            Edit
          </Button>
          <Button size="compact-sm" variant="subtle" color="red" onClick={() => onDelete(rule)}>
            Delete
          </Button>
        </Group>
      ),
    },
  ];
}

export function RulesTable({ rules, loading, onEdit, onDelete }: RulesTableProps) {
  return (
    <DataTable
      label="Behavioral rules"
      columns={columns({ onEdit, onDelete })}
      rows={loading ? undefined : rules}
      rowKey={(rule) => rule.rule_id}
      rowProps={(rule) => ({ 'data-rule-id': rule.rule_id, 'data-enabled': String(rule.enabled) })}
      loadingRows={4}
      empty={{ title: 'No rules', description: 'Rules appear here once learned or written.' }}
    />
  );
}
