import { Anchor, Badge, EmptyState, Group, List, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { LimitKind } from '../../api/insights';
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
          <Table aria-label="Tier reliability">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Tier</Table.Th>
                <Table.Th>Requests</Table.Th>
                <Table.Th>Errors</Table.Th>
                <Table.Th>Success (95 % interval)</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {model.tiers.map((tier) => (
                <Table.Tr key={tier.tier} aria-label={tier.tier}>
                  <Table.Td>{tier.tier}</Table.Td>
                  <Table.Td>{tier.requests}</Table.Td>
                  <Table.Td>{tier.errors}</Table.Td>
                  <Table.Td>
                    <RateText rate={tier.success_rate} interval={tier.interval} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
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
          <Table.ScrollContainer minWidth={720}>
            <Table aria-label="Skill reliability">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Skill</Table.Th>
                  <Table.Th>Level</Table.Th>
                  <Table.Th>Calls</Table.Th>
                  <Table.Th>Done / errors / denied</Table.Th>
                  <Table.Th>Success (95 % interval)</Table.Th>
                  <Table.Th>Median</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {used.map((skill) => (
                  <Table.Tr key={skill.skill} aria-label={skill.skill}>
                    <Table.Td>{skill.skill}</Table.Td>
                    <Table.Td>{skill.level ? <LevelBadge level={skill.level} /> : '–'}</Table.Td>
                    <Table.Td>{skill.calls}</Table.Td>
                    <Table.Td>
                      {skill.done} / {skill.errors} / {skill.denied}
                    </Table.Td>
                    <Table.Td>
                      <RateText rate={skill.success_rate} interval={skill.interval} />
                    </Table.Td>
                    <Table.Td>{skill.p50_ms === null ? '–' : `${skill.p50_ms} ms`}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
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
