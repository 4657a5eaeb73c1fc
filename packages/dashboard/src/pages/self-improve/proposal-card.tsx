import { Alert, Badge, Button, Group, List, Paper, Stack, Text } from '@mantine/core';
import type { ApplyRefusal, Proposal } from '../../api/self-improve';
import { RelativeTime } from '../../components/relative-time';
import { DiffView } from './diff-view';
import { GateBadge } from './gate-verdict';

interface ProposalCardProps {
  proposal: Proposal;
  /** The refusal of this session's last apply, if any (the server keeps its text too). */
  refusal: ApplyRefusal | null;
  onApply: () => void;
  onReject: () => void;
  rejecting: boolean;
}

const GATE_PREFIX = 'Blocked by safety gate:';

function diffStats(diff: string): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  let inHunk = false;
  for (const line of diff.split('\n')) {
    if (line.startsWith('@@')) inHunk = true;
    else if (inHunk && line.startsWith('+')) added += 1;
    else if (inHunk && line.startsWith('-')) removed += 1;
  }
  return { added, removed };
}

/** A pending proposal: what changes, why, the gate's verdict, and Apply or Reject. */
export function ProposalCard({
  proposal,
  refusal,
  onApply,
  onReject,
  rejecting,
}: ProposalCardProps) {
  const { added, removed } = diffStats(proposal.diff);
  const error = refusal?.error ?? proposal.error;
  const blockedGate = refusal?.gate ?? (proposal.gate.decision === 'BLOCK' ? proposal.gate : null);
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      role="group"
      aria-label={`Proposal for ${proposal.path}`}
      data-proposal-id={proposal.proposal_id}
      id={`proposal-${proposal.proposal_id}`}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="wrap">
            <Text fw={600} ff="monospace" size="sm">
              {proposal.path}
            </Text>
            <Badge variant="light" color="gray" radius="sm">
              {proposal.origin === 'skill' ? 'Proposed by the agent' : 'Manual'}
            </Badge>
            <GateBadge decision={proposal.gate.decision} />
            <Text size="xs" c="green.8" ff="monospace">
              +{added}
            </Text>
            <Text size="xs" c="red.8" ff="monospace">
              -{removed}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {proposal.created_by}, <RelativeTime value={proposal.created_at} />
          </Text>
        </Group>
        {proposal.rationale ? <Text size="sm">{proposal.rationale}</Text> : null}
        {error ? (
          <Alert color="red" variant="light" title="Not applied" data-testid="apply-error">
            {blockedGate && error.startsWith(GATE_PREFIX) ? (
              // The reasons as a list rather than the one long line the API returns.
              <Stack gap={4}>
                <Text size="sm">{GATE_PREFIX}</Text>
                <List size="sm" spacing={2} aria-label="Blocking reasons">
                  {blockedGate.reasons.map((reason) => (
                    <List.Item key={reason}>{reason}</List.Item>
                  ))}
                </List>
              </Stack>
            ) : (
              <Text size="sm" ff="monospace" style={{ wordBreak: 'break-word' }}>
                {error}
              </Text>
            )}
          </Alert>
        ) : null}
        <DiffView diff={proposal.diff} label={`Diff of ${proposal.path}`} />
        <Group gap="sm">
          <Button size="sm" onClick={onApply}>
            Apply
          </Button>
          <Button size="sm" variant="light" color="red" onClick={onReject} loading={rejecting}>
            Reject
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
