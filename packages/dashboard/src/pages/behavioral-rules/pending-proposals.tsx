import {
  Anchor,
  Badge,
  Blockquote,
  Button,
  EmptyState,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router';
import type { RuleProposal } from '../../api/behavioral';
import { Panel } from '../../components/panel';
import { RelativeTime } from '../../components/relative-time';
import {
  useApproveProposal,
  usePendingProposals,
  useRejectProposal,
} from '../../hooks/use-behavioral';
import { changedFields, RuleForm } from './rule-form';
import { formatConfidence } from './rule-labels';
import { TriggerView } from './trigger-view';

const caption = (label: string) => (
  <Text size="xs" c="dimmed" fw={700} tt="uppercase" lts={0.5}>
    {label}
  </Text>
);

function Correction({ proposal }: { proposal: RuleProposal }) {
  return (
    <Stack gap={4}>
      {caption('Correction')}
      <Blockquote color="grape" p="xs" pl="sm" fz="sm" data-testid="proposal-correction">
        {proposal.correction}
      </Blockquote>
      <Text size="xs" c="dimmed">
        {proposal.created_by}, <RelativeTime value={proposal.created_at} />
        {proposal.chat_id ? (
          <>
            {' · '}
            <Anchor component={Link} to={`/chat?chat=${encodeURIComponent(proposal.chat_id)}`}>
              open the chat
            </Anchor>
          </>
        ) : null}
      </Text>
    </Stack>
  );
}

interface ProposalCardProps {
  proposal: RuleProposal;
  onEditApprove: () => void;
}

function ProposalCard({ proposal, onEditApprove }: ProposalCardProps) {
  const approve = useApproveProposal();
  const reject = useRejectProposal();
  const busy = approve.isPending || reject.isPending;

  const approveAsIs = () =>
    approve.mutate(
      { id: proposal.proposal_id },
      {
        onSuccess: () =>
          notifications.show({
            color: 'green',
            title: 'Rule approved',
            message: 'It is enabled and applies from the next request its trigger matches.',
          }),
      },
    );
  const rejectIt = () =>
    reject.mutate(proposal.proposal_id, {
      onSuccess: () =>
        notifications.show({
          color: 'gray',
          title: 'Proposal rejected',
          message: 'No rule was made, and the same correction will not be proposed again.',
        }),
    });

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      role="group"
      aria-label={`Proposal: ${proposal.text}`}
      data-proposal-id={proposal.proposal_id}
      style={{ borderLeft: '4px solid var(--mantine-color-grape-4)' }}
    >
      <Stack gap="sm">
        <Correction proposal={proposal} />
        <Stack gap={4}>
          {caption('Proposed rule')}
          <Text size="sm" fw={600} data-testid="proposal-text">
            {proposal.text}
          </Text>
          <Group gap="md" wrap="wrap">
            <TriggerView trigger={proposal.trigger} />
            <Badge variant="light" color="gray" radius="sm">
              Confidence {formatConfidence(proposal.confidence)}
            </Badge>
          </Group>
        </Stack>
        <Group gap="sm">
          <Button
            size="sm"
            color="teal"
            onClick={approveAsIs}
            loading={approve.isPending}
            disabled={busy}
          >
            Approve
          </Button>
          <Button size="sm" variant="default" onClick={onEditApprove} disabled={busy}>
            Edit and approve
          </Button>
          <Button
            size="sm"
            variant="light"
            color="red"
            onClick={rejectIt}
            loading={reject.isPending}
            disabled={busy}
          >
            Reject
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function ApproveDialog({ proposal, onClose }: { proposal: RuleProposal; onClose: () => void }) {
  const approve = useApproveProposal(true);
  const initial = {
    text: proposal.text,
    trigger: proposal.trigger,
    confidence: proposal.confidence,
    enabled: true,
  };
  return (
    <RuleForm
      title="Approve the proposed rule"
      initial={initial}
      error={approve.error}
      pending={approve.isPending}
      submitLabel="Approve rule"
      intro={<Correction proposal={proposal} />}
      onSubmit={(values) => {
        const edits = changedFields(initial, values);
        return approve.mutateAsync({ id: proposal.proposal_id, edits }).then(() =>
          notifications.show({
            color: 'green',
            title: 'Rule approved',
            message:
              Object.keys(edits).length > 0
                ? 'Your edited rule is enabled and applies from the next request.'
                : 'It is enabled and applies from the next request its trigger matches.',
          }),
        );
      }}
      onClose={onClose}
      onReset={approve.reset}
      onTouch={() => {
        if (approve.isError) approve.reset();
      }}
    />
  );
}

/** Rules learned from the operator's corrections, waiting for a decision. */
export function PendingProposals() {
  const pending = usePendingProposals();
  const [approving, setApproving] = useState<RuleProposal | null>(null);
  const proposals = pending.data ?? [];

  return (
    <Panel
      title="Pending proposals"
      aside={
        <Badge
          variant="light"
          color={proposals.length > 0 ? 'grape' : 'gray'}
          data-testid="pending-count"
        >
          {pending.data ? proposals.length : '…'}
        </Badge>
      }
    >
      {pending.isPending ? (
        <Skeleton h={120} />
      ) : pending.isError && !pending.data ? (
        <EmptyState size="sm" title="The proposals could not be loaded">
          <EmptyState.Actions>
            <Button variant="light" onClick={() => pending.refetch()}>
              Try again
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      ) : proposals.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="no-proposals">
          Nothing waiting. When you correct the agent in a chat ("No, always answer in French.",
          "Don't use bullet points in emails"), a rule is proposed here for you to approve, edit or
          reject.
        </Text>
      ) : (
        <Stack gap="md">
          {proposals.map((proposal) => (
            <ProposalCard
              key={proposal.proposal_id}
              proposal={proposal}
              onEditApprove={() => setApproving(proposal)}
            />
          ))}
        </Stack>
      )}
      {approving ? (
        <ApproveDialog
          key={approving.proposal_id}
          proposal={approving}
          onClose={() => setApproving(null)}
        />
      ) : null}
    </Panel>
  );
}
