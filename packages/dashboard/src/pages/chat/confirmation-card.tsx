import { Badge, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { type Decision, needsAcknowledgement } from '../../api/confirmations';
import { ShieldIcon } from '../../components/icons';
import { RelativeTime } from '../../components/relative-time';
import type { TurnStep } from '../../hooks/use-chat';
import { useDecideConfirmation, useKnownConfirmation } from '../../hooks/use-confirmations';
import { formatJson } from './chat-labels';
import { ConfirmationDetails, LevelBadge, WarningAcknowledgement } from './confirmation-details';

type Outcome = 'pending' | 'approved' | 'denied' | 'ended';

const OUTCOMES: Record<Exclude<Outcome, 'pending'>, { label: string; color: string }> = {
  approved: { label: 'Approved', color: 'teal' },
  denied: { label: 'Denied', color: 'orange' },
  ended: { label: 'Not decided', color: 'gray' },
};

interface ConfirmationCardProps {
  confirmationId: string;
  step: TurnStep;
  /** The reply is still streaming, so a step still waiting can be decided. */
  active: boolean;
}

/** A skill call waiting for the operator, in the conversation that asked for it. */
export function ConfirmationCard({ confirmationId, step, active }: ConfirmationCardProps) {
  const confirmation = useKnownConfirmation(confirmationId);
  const decide = useDecideConfirmation();
  const decided = confirmation && confirmation.status !== 'pending' ? confirmation : undefined;
  const [acknowledged, setAcknowledged] = useState(false);
  const warned = confirmation ? needsAcknowledgement(confirmation) : false;

  // The stream knows first when someone else decided (the header, another operator).
  let outcome: Outcome;
  if (decided) outcome = decided.status === 'approved' ? 'approved' : 'denied';
  else if (step.status === 'awaiting_confirmation') outcome = active ? 'pending' : 'ended';
  else outcome = step.status === 'denied' ? 'denied' : 'approved';

  const submit = (decision: Decision) =>
    decide.mutate({
      id: confirmationId,
      decision,
      acknowledgeWarning: decision === 'approve' && acknowledged,
    });
  const by = decided?.decided_by;
  const pending = outcome === 'pending';

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      role="group"
      aria-label={`Confirmation for ${step.skill}`}
      data-testid="confirmation-card"
      data-outcome={outcome}
      style={
        pending ? { borderColor: 'var(--mantine-color-yellow-5)', borderLeftWidth: 4 } : undefined
      }
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="nowrap">
            <ShieldIcon size={18} color={`var(--mantine-color-${pending ? 'yellow' : 'gray'}-7)`} />
            <Text fw={600} size="sm">
              {pending ? 'Approval needed:' : 'Confirmation:'}{' '}
              <Text span ff="monospace" inherit>
                {step.skill}
              </Text>
            </Text>
            {confirmation ? <LevelBadge level={confirmation.level} /> : null}
          </Group>
          {pending && confirmation ? (
            <Text size="xs" c="dimmed">
              Denied automatically <RelativeTime value={confirmation.expires_at} />
            </Text>
          ) : null}
          {outcome !== 'pending' ? (
            <Badge
              variant="light"
              color={OUTCOMES[outcome].color}
              data-testid="confirmation-outcome"
            >
              {OUTCOMES[outcome].label}
              {by ? ` by ${by}` : ''}
            </Badge>
          ) : null}
        </Group>
        {!pending && confirmation ? (
          // Once decided, the call is a line: what it was, not a form to read again.
          <Text size="xs" ff="monospace" c="dimmed" truncate title={formatJson(confirmation.input)}>
            {JSON.stringify(confirmation.input)}
          </Text>
        ) : confirmation ? (
          <ConfirmationDetails confirmation={confirmation} />
        ) : pending ? (
          <Skeleton h={60} />
        ) : null}
        {pending && warned ? (
          <WarningAcknowledgement checked={acknowledged} onChange={setAcknowledged} />
        ) : null}
        {pending ? (
          <Group gap="sm">
            <Button
              color="teal"
              size="sm"
              onClick={() => submit('approve')}
              loading={decide.isPending && decide.variables?.decision === 'approve'}
              disabled={decide.isPending || decide.isSuccess || (warned && !acknowledged)}
            >
              Approve
            </Button>
            <Button
              color="red"
              variant="light"
              size="sm"
              onClick={() => submit('deny')}
              loading={decide.isPending && decide.variables?.decision === 'deny'}
              disabled={decide.isPending || decide.isSuccess}
            >
              Deny
            </Button>
            <Text size="xs" c="dimmed">
              The reply continues once you decide.
            </Text>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
