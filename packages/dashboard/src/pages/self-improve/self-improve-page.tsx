import { Alert, Badge, Button, EmptyState, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import type { ApplyRefusal, ApplyResult, Proposal } from '../../api/self-improve';
import { PageHeader } from '../../components/page-header';
import { Panel } from '../../components/panel';
import {
  useApplyProposal,
  usePatches,
  useProposals,
  useRejectProposal,
} from '../../hooks/use-self-improve';
import { ApplyDialog } from './apply-dialog';
import { GateVerdict } from './gate-verdict';
import { PatchHistory } from './patch-history';
import { ProposalCard } from './proposal-card';

interface AppliedNotice {
  path: string;
  result: ApplyResult;
}

export function SelfImprovePage() {
  const pending = useProposals('pending');
  const patches = usePatches();
  const apply = useApplyProposal();
  const reject = useRejectProposal();
  // The dialog keeps its proposal while it animates closed.
  const [confirming, setConfirming] = useState<Proposal | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [refusals, setRefusals] = useState<Record<string, ApplyRefusal>>({});
  const [applied, setApplied] = useState<AppliedNotice | null>(null);

  const runApply = () => {
    const proposal = confirming;
    if (!proposal) return;
    return apply.mutateAsync(proposal.proposal_id).then((outcome) => {
      if (outcome.applied) {
        setApplied({ path: proposal.path, result: outcome.result });
        setRefusals(({ [proposal.proposal_id]: _done, ...rest }) => rest);
      } else {
        setRefusals((previous) => ({ ...previous, [proposal.proposal_id]: outcome.refusal }));
      }
    });
  };
  const runReject = (proposal: Proposal) =>
    reject.mutate(proposal.proposal_id, {
      onSuccess: () =>
        notifications.show({
          color: 'gray',
          title: 'Proposal dismissed',
          message: `The change to ${proposal.path} was rejected; nothing was written.`,
        }),
    });

  const proposals = pending.data ?? [];
  // A search result links to #proposal-<id>: show that card once the list is there.
  const { hash } = useLocation();
  useEffect(() => {
    if (hash.startsWith('#proposal-') && pending.data)
      document.getElementById(hash.slice(1))?.scrollIntoView({ block: 'center' });
  }, [hash, pending.data]);
  return (
    <Stack gap="lg">
      <PageHeader
        title="Self-improve"
        description="Changes the agent proposes to its own source code. Review the diff and the safety gate's verdict, then apply or reject. An applied patch takes effect when the runtime restarts."
      />
      {applied ? (
        <Alert
          color={applied.result.gate ? 'yellow' : 'green'}
          variant="light"
          title={`Applied to ${applied.path}`}
          withCloseButton
          onClose={() => setApplied(null)}
          data-testid="apply-result"
        >
          <Stack gap={6}>
            <Text size="sm">
              Written to{' '}
              <Text span ff="monospace" size="sm" data-testid="applied-path">
                {applied.result.applied_path}
              </Text>
            </Text>
            <Text size="sm">
              {applied.result.backup_path ? 'Backup at ' : 'A new file: no backup was needed.'}
              {applied.result.backup_path ? (
                <Text span ff="monospace" size="sm" data-testid="backup-path">
                  {applied.result.backup_path}
                </Text>
              ) : null}
            </Text>
            {applied.result.gate ? <GateVerdict gate={applied.result.gate} /> : null}
            <Text size="sm" c="dimmed">
              Restart the runtime for the change to take effect.
            </Text>
          </Stack>
        </Alert>
      ) : null}
      <Panel
        title="Pending proposals"
        aside={
          <Badge variant="light" color={proposals.length > 0 ? 'indigo' : 'gray'}>
            {proposals.length}
          </Badge>
        }
      >
        {pending.isPending ? (
          <Skeleton h={160} />
        ) : pending.isError && !pending.data ? (
          <EmptyState size="sm" title="The proposals could not be loaded">
            <EmptyState.Actions>
              <Button variant="light" onClick={() => pending.refetch()}>
                Try again
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        ) : proposals.length === 0 ? (
          <EmptyState
            size="sm"
            title="No pending proposals"
            description="The agent proposes changes with its self_improve skill; scripts can propose through POST /api/self-improve/proposals."
          />
        ) : (
          <Stack gap="md">
            {proposals.map((proposal) => (
              <ProposalCard
                key={proposal.proposal_id}
                proposal={proposal}
                refusal={refusals[proposal.proposal_id] ?? null}
                onApply={() => {
                  setConfirming(proposal);
                  setDialogOpen(true);
                }}
                onReject={() => runReject(proposal)}
                rejecting={reject.isPending && reject.variables === proposal.proposal_id}
              />
            ))}
          </Stack>
        )}
      </Panel>
      <Panel title="Applied history">
        <PatchHistory patches={patches.data} />
      </Panel>
      <ApplyDialog
        proposal={confirming}
        opened={dialogOpen}
        applying={apply.isPending}
        error={apply.error}
        onApply={runApply}
        onClose={() => setDialogOpen(false)}
        onReset={apply.reset}
      />
    </Stack>
  );
}
