import { Alert, Button, Group, Text } from '@mantine/core';
import type { IntegrationDetail } from '../../api/integrations';
import { formatPercent } from '../../components/format';
import { KeyValueList } from '../../components/key-value-list';
import { Panel } from '../../components/panel';
import { RelativeTime } from '../../components/relative-time';
import { useResetBreaker } from '../../hooks/use-integrations';
import { BreakerBadge } from './integration-badges';

/** The circuit breaker and the last day's calls: how healthy the vendor looks from here. */
export function BreakerPanel({ integration }: { integration: IntegrationDetail }) {
  const reset = useResetBreaker(integration.id);
  const { breaker, stats } = integration;
  const closed = breaker.state === 'CLOSED';

  return (
    <Panel title="Health" aside={<BreakerBadge state={breaker.state} />}>
      {closed ? null : (
        <Alert variant="light" color={breaker.state === 'OPEN' ? 'red' : 'yellow'}>
          <Text size="sm">
            {breaker.state === 'OPEN'
              ? `Calls are refused without reaching the vendor; one probe goes through in ${breaker.retry_after} s.`
              : 'The next call is the probe: success closes the circuit, failure opens it again.'}
          </Text>
        </Alert>
      )}
      <KeyValueList
        items={[
          { label: 'Consecutive failures', value: breaker.failures },
          {
            label: 'Opened',
            value: breaker.opened_at ? <RelativeTime value={breaker.opened_at} /> : 'never',
          },
          { label: 'Calls (24 h)', value: stats.calls.toLocaleString() },
          {
            label: 'Error rate (24 h)',
            value: (
              <span data-testid="error-rate">
                {stats.calls === 0 ? '—' : `${formatPercent(stats.error_rate)} (${stats.errors})`}
              </span>
            ),
          },
          {
            label: 'Last call',
            value: stats.last_call_at ? <RelativeTime value={stats.last_call_at} /> : 'never',
          },
        ]}
      />
      {stats.last_error ? (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          Last error {stats.last_error.error} <RelativeTime value={stats.last_error.at} />
          {stats.last_error.message ? `: ${stats.last_error.message}` : ''}
        </Text>
      ) : null}
      <Group>
        <Button
          variant="light"
          color="red"
          onClick={() => reset.mutate()}
          loading={reset.isPending}
          disabled={closed && breaker.failures === 0}
        >
          Reset breaker
        </Button>
      </Group>
    </Panel>
  );
}
