import { Anchor, Badge, EmptyState, Group, List, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { LimitKind, SelfModel } from '../../api/insights';
import { type Column, DataTable } from '../../components/data-table';

import { RateText } from '../../components/rate-text';
import { RelativeTime } from '../../components/relative-time';
import { useSelfModel } from '../../hooks/use-insights';
import { LevelBadge } from '../skills/level-badge';

const LIMIT_LABELS: Record<LimitKind, string> = {
  unavailable: 'Unavailable',
  repeated_error: 'Same error again and again',
  mostly_failing: 'Mostly failing',
  mostly_denied: 'Mostly denied',
};

const TIER_COLUMNS: Column<SelfModel['tiers'][number]>[] = [
  { key: 'tier', header: 'Tier', cell: (tier) => tier.tier },
  { key: 'requests', header: 'Requests', width: 100, align: 'right', cell: (t) => t.requests },
  {
    key: 'errors',
    header: 'Errors',
    width: 90,
    align: 'right',
    priority: 2,
    cell: (t) => t.errors,
  },
  {
    key: 'success',
    header: 'Success (95 % interval)',
    width: 210,
    cell: (tier) => <RateText rate={tier.success_rate} interval={tier.interval} />,
  },
];

const SKILL_COLUMNS: Column<SelfModel['skills'][number]>[] = [
  { key: 'skill', header: 'Skill', cell: (skill) => skill.skill, truncate: (skill) => skill.skill },
  {
    key: 'level',
    header: 'Level',
    width: 130,
    priority: 3,
    cell: (skill) => (skill.level ? <LevelBadge level={skill.level} /> : '–'),
  },
  { key: 'calls', header: 'Calls', width: 80, align: 'right', cell: (skill) => skill.calls },
  {
    key: 'outcomes',
    header: 'Done / errors / denied',
    width: 180,
    priority: 2,
    cell: (skill) => `${skill.done} / ${skill.errors} / ${skill.denied}`,
  },
  {
    key: 'success',
    header: 'Success (95 % interval)',
    width: 210,
    cell: (skill) => <RateText rate={skill.success_rate} interval={skill.interval} />,
  },
  {
    key: 'median',
    header: 'Median',
    width: 100,
    align: 'right',
    priority: 2,
    cell: (skill) => (skill.p50_ms === null ? '–' : `${skill.p50_ms} ms`),
  },
];

/** /cognitive's self-model: reliability with 95 % intervals, and the limits the agent knows. */
export function SelfModelSection() {
  const { data: model, isError } = useSelfModel();
  if (!model)
    return isError ? <EmptyState size="sm" title="The self-model could not be loaded" /> : null;
  const used = model.skills.filter((skill) => skill.calls > 0);
  return (
    <Stack gap="lg">
      <Text size="xs" c="dimmed">
        Computed <RelativeTime value={model.computed_at} /> from the traces since{' '}
        {model.since.slice(0, 10)}. Intervals are Wilson 95 % intervals of the success rate.
      </Text>
      <Stack gap="xs">
        <Text fw={600} size="sm">
          Tiers
        </Text>
        {model.tiers.length === 0 ? (
          <EmptyState
            size="sm"
            title="No requests yet"
            description="Every answered request stores a trace; each tier's reliability appears once there are some."
          />
        ) : (
          <DataTable
            label="Tier reliability"
            columns={TIER_COLUMNS}
            rows={model.tiers}
            rowKey={(tier) => tier.tier}
            rowProps={(tier) => ({ 'aria-label': tier.tier })}
            empty={{ title: 'No requests yet', description: 'Each tier appears once it answers.' }}
          />
        )}
      </Stack>
      <Stack gap="xs">
        <Text fw={600} size="sm">
          Skills
        </Text>
        {used.length === 0 ? (
          <EmptyState
            size="sm"
            title="No skill calls yet"
            description="Skills called by the decision layer or the model are recorded in the traces; their reliability appears here."
          />
        ) : (
          <DataTable
            label="Skill reliability"
            columns={SKILL_COLUMNS}
            rows={used}
            rowKey={(skill) => skill.skill}
            rowProps={(skill) => ({ 'aria-label': skill.skill })}
            empty={{ title: 'No skill calls yet', description: 'Each called skill appears here.' }}
          />
        )}
      </Stack>
      <Stack gap="xs">
        <Text fw={600} size="sm">
          Known limits
        </Text>
        {model.limits.length === 0 ? (
          <Text size="sm" c="dimmed">
            None known: every skill is available, and none failed the same way 3 times or was
            failing or denied in 80 % of 5 or more calls.
          </Text>
        ) : (
          <List spacing="xs" aria-label="Known limits" listStyleType="none">
            {model.limits.map((limit) => (
              <List.Item key={`${limit.kind}-${limit.skill}-${limit.detail}`}>
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  <Badge variant="light" color={limit.kind === 'unavailable' ? 'gray' : 'red'}>
                    {LIMIT_LABELS[limit.kind]}
                  </Badge>
                  <Stack gap={2}>
                    <Text size="sm">
                      <b>{limit.skill}</b>: {limit.detail}
                      {limit.kind === 'repeated_error' ? ` (${limit.count} times)` : ''}
                    </Text>
                    {limit.request_ids.length > 0 ? (
                      <Group gap="xs">
                        {limit.request_ids.slice(0, 5).map((id) => (
                          <Anchor
                            key={id}
                            component={Link}
                            to={`/traces/${id}`}
                            size="xs"
                            ff="monospace"
                          >
                            {id.slice(-8)}
                          </Anchor>
                        ))}
                      </Group>
                    ) : null}
                  </Stack>
                </Group>
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Stack>
  );
}
