import { Badge, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ShieldIcon } from '../../components/icons';
import { RelativeTime } from '../../components/relative-time';
import {
  pendingConfirmationsQueryKey,
  useDecideConfirmation,
  useKnownConfirmation,
} from '../../hooks/use-confirmations';
import { ConfirmationDetails } from '../chat/confirmation-details';

interface ExecuteConfirmationProps {
  confirmationId: string;
  /** Runs the approved call (the same action and params with the confirmation id). */
  onApproved: () => void;
}

/**
 * The runtime held the call back for the operator (a 202): its dry run (method, URL without
 * credentials, body), and approve or deny. Approved here or anywhere else, the call then runs.
 */
export function ExecuteConfirmation({ confirmationId, onApproved }: ExecuteConfirmationProps) {
  const queryClient = useQueryClient();
  const confirmation = useKnownConfirmation(confirmationId);
  const decide = useDecideConfirmation();
  const ran = useRef(false);
  const status = confirmation?.status;

  // The queue is polled every 5 s; the call just created should not wait for the next poll.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: pendingConfirmationsQueryKey });
  }, [queryClient]);

  useEffect(() => {
    if (status !== 'approved' || ran.current) return;
    ran.current = true;
    onApproved();
  }, [status, onApproved]);

  const pending = !status || status === 'pending';
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      role="group"
      aria-label="Confirmation of the call"
      data-testid="execute-confirmation"
      data-outcome={status ?? 'pending'}
      style={
        pending ? { borderColor: 'var(--mantine-color-yellow-5)', borderLeftWidth: 4 } : undefined
      }
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="nowrap">
            <ShieldIcon size={18} color="var(--mantine-color-yellow-7)" />
            <Text fw={600} size="sm">
              {pending ? 'Approval needed before this call runs' : 'Confirmation'}
            </Text>
          </Group>
          {pending && confirmation ? (
            <Text size="xs" c="dimmed">
              Denied automatically <RelativeTime value={confirmation.expires_at} />
            </Text>
          ) : null}
          {!pending ? (
            <Badge variant="light" color={status === 'approved' ? 'teal' : 'orange'}>
              {status === 'approved' ? 'Approved' : 'Denied'}
              {confirmation?.decided_by ? ` by ${confirmation.decided_by}` : ''}
            </Badge>
          ) : null}
        </Group>
        {confirmation ? <ConfirmationDetails confirmation={confirmation} /> : <Skeleton h={60} />}
        {pending ? (
          <Group gap="sm">
            <Button
              color="teal"
              size="sm"
              onClick={() => decide.mutate({ id: confirmationId, decision: 'approve' })}
              loading={decide.isPending && decide.variables?.decision === 'approve'}
              disabled={!confirmation || decide.isPending || decide.isSuccess}
            >
              Approve and run
            </Button>
            <Button
              color="red"
              variant="light"
              size="sm"
              onClick={() => decide.mutate({ id: confirmationId, decision: 'deny' })}
              loading={decide.isPending && decide.variables?.decision === 'deny'}
              disabled={!confirmation || decide.isPending || decide.isSuccess}
            >
              Deny
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
