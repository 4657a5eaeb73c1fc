import { EmptyState, SegmentedControl, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { Opportunity, OpportunityStatus } from '../../api/opportunities';
import { PageHeader } from '../../components/page-header';
import { useDecideOpportunity, useOpportunities } from '../../hooks/use-opportunities';
import { OpportunityCard } from './opportunity-card';

const DONE: Record<'accept' | 'dismiss' | 'snooze', string> = {
  accept: 'Created',
  dismiss: 'Dismissed: it comes back only with new evidence',
  snooze: 'Snoozed for 7 days',
};

export function OpportunitiesPage() {
  const [status, setStatus] = useState<OpportunityStatus>('open');
  const list = useOpportunities(status);
  const decide = useDecideOpportunity();
  const onDecide = (opportunity: Opportunity, action: 'accept' | 'dismiss' | 'snooze') =>
    decide.mutate(
      { id: opportunity.opportunity_id, action },
      {
        onSuccess: () =>
          notifications.show({ color: 'green', message: `${DONE[action]}: ${opportunity.title}` }),
      },
    );
  const items = list.data ?? [];
  return (
    <Stack gap="lg">
      <PageHeader
        title="Opportunities"
        description="Repeated work found in the traces, each with its evidence and a ready proposal. Accept creates it through its module; every decision is audited."
        aside={
          <SegmentedControl
            aria-label="Status"
            value={status}
            onChange={(value) => setStatus(value as OpportunityStatus)}
            data={[
              { value: 'open', label: 'Open' },
              { value: 'snoozed', label: 'Snoozed' },
              { value: 'accepted', label: 'Accepted' },
              { value: 'dismissed', label: 'Dismissed' },
            ]}
          />
        }
      />
      {list.data && items.length === 0 ? (
        <EmptyState
          title={list.isError ? 'Opportunities could not be loaded' : `No ${status} opportunity`}
          description="Found from the traces: the same request asked on 3 or more days at about the same time (a schedule), the same page read in 3 or more requests on 2 or more days within 14 days (a monitor, or a subscription for a feed), the same correction made twice (a rule)."
        />
      ) : (
        <Stack gap="md">
          {items.map((opportunity) => (
            <OpportunityCard
              key={opportunity.opportunity_id}
              opportunity={opportunity}
              busy={decide.isPending && decide.variables?.id === opportunity.opportunity_id}
              onDecide={(action) => onDecide(opportunity, action)}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
