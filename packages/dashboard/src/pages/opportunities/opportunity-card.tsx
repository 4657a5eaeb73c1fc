import { Anchor, Badge, Button, Code, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Opportunity, OpportunityKind } from '../../api/opportunities';
import { RelativeTime } from '../../components/relative-time';

const KIND_LABELS: Record<OpportunityKind, string> = {
  schedule: 'Schedule',
  monitor: 'Monitor',
  subscription: 'Subscription',
  rule: 'Rule',
};

/** Where accept puts what it creates. */
const CREATED_AT: Record<OpportunityKind, (result: Record<string, unknown>) => string> = {
  schedule: (result) => `/scheduler/${result.schedule_id}`,
  monitor: (result) => `/scheduler/${result.schedule_id}`,
  subscription: () => '/subscriptions',
  rule: () => '/behavioral-rules',
};

interface OpportunityCardProps {
  opportunity: Opportunity;
  busy: boolean;
  onDecide(action: 'accept' | 'dismiss' | 'snooze'): void;
}

export function OpportunityCard({ opportunity, busy, onDecide }: OpportunityCardProps) {
  const { evidence, status } = opportunity;
  const undecided = status === 'open' || status === 'snoozed';
  return (
    <Paper withBorder radius="md" p="md" role="article" aria-label={opportunity.title}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={4}>
            <Group gap="xs">
              <Badge variant="light">{KIND_LABELS[opportunity.kind]}</Badge>
              <Text fw={600}>{opportunity.title}</Text>
            </Group>
            <Text size="sm" c="dimmed">
              {evidence.summary}; last <RelativeTime value={evidence.last_at} />
            </Text>
          </Stack>
          {undecided ? (
            <Group gap="xs" wrap="nowrap">
              <Button size="xs" onClick={() => onDecide('accept')} loading={busy}>
                Accept
              </Button>
              <Button
                size="xs"
                variant="default"
                onClick={() => onDecide('snooze')}
                disabled={busy}
              >
                Snooze 7 days
              </Button>
              <Button
                size="xs"
                variant="subtle"
                color="gray"
                onClick={() => onDecide('dismiss')}
                disabled={busy}
              >
                Dismiss
              </Button>
            </Group>
          ) : (
            <Badge variant="outline" color={status === 'accepted' ? 'green' : 'gray'}>
              {status}
            </Badge>
          )}
        </Group>
        <Stack gap={4}>
          <Text size="xs" fw={600} c="dimmed" tt="uppercase">
            Proposal
          </Text>
          <Code block data-testid="opportunity-proposal">
            {JSON.stringify(opportunity.proposal, null, 2)}
          </Code>
        </Stack>
        <Group gap="xs">
          <Text size="xs" c="dimmed">
            Evidence:
          </Text>
          {evidence.request_ids.slice(0, 8).map((id) => (
            <Anchor key={id} component={Link} to={`/traces/${id}`} size="xs" ff="monospace">
              {id.slice(-8)}
            </Anchor>
          ))}
        </Group>
        {status === 'snoozed' && opportunity.snoozed_until ? (
          <Text size="xs" c="dimmed">
            Snoozed until {new Date(opportunity.snoozed_until).toLocaleString('en-GB')}
          </Text>
        ) : null}
        {status === 'accepted' && opportunity.result ? (
          <Anchor component={Link} to={CREATED_AT[opportunity.kind](opportunity.result)} size="sm">
            Open what was created
          </Anchor>
        ) : null}
      </Stack>
    </Paper>
  );
}
