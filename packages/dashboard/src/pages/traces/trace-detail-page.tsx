import {
  Alert,
  Anchor,
  Button,
  Code,
  CopyButton,
  Paper,
  SimpleGrid,
  Skeleton,
  Text,
} from '@mantine/core';
import { Link, useLocation, useParams } from 'react-router';
import type { Trace } from '../../api/traces';
import { DetailPage } from '../../components/detail-page';
import { KeyValueList } from '../../components/key-value-list';
import { ModelText } from '../../components/model-text';
import { Panel } from '../../components/panel';
import { RelativeTime } from '../../components/relative-time';
import { StatCard } from '../../components/stat-card';
import { useTrace } from '../../hooks/use-traces';
import { GuardChain } from './guard-chain';
import { TierBadge, TraceStatusBadge } from './trace-badges';
import { formatCost, formatLatency } from './trace-format';
import { TraceSteps } from './trace-steps';
import type { TraceLinkState } from './traces-table';

const mono = (text: string) => (
  <Text span size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
    {text}
  </Text>
);

/** The request or the reply: the reply's links and images are shown by address, never loaded. */
function TextBlock({ text, testId }: { text: string; testId: string }) {
  if (!text) {
    return (
      <Text size="sm" c="dimmed">
        Empty.
      </Text>
    );
  }
  return (
    <Code
      block
      data-testid={testId}
      style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', maxHeight: 420, overflow: 'auto' }}
    >
      <ModelText text={text} />
    </Code>
  );
}

/** A note on a successful request is not a failure: it says why the answer is limited. */
function Outcome({ trace }: { trace: Trace }) {
  if (trace.status === 'ok' && trace.error === 'model_unconfigured') {
    return (
      <Alert color="yellow" variant="light" title="No model provider was configured">
        The request needed the model loop, so the reply explains how to configure a model.{' '}
        <Anchor component={Link} to="/models" size="sm">
          Configure a provider
        </Anchor>
      </Alert>
    );
  }
  if (trace.status === 'cancelled') {
    return (
      <Alert color="gray" variant="light" title="Cancelled">
        The client went away or the work was stopped before the reply was complete.
      </Alert>
    );
  }
  if (trace.status === 'error' || trace.error) {
    return (
      <Alert color={trace.status === 'error' ? 'red' : 'yellow'} variant="light" title="Error">
        <Text size="sm" style={{ wordBreak: 'break-word' }}>
          {trace.error ?? 'The request failed.'}
        </Text>
      </Alert>
    );
  }
  return null;
}

function TraceView({ trace }: { trace: Trace }) {
  return (
    <>
      <Outcome trace={trace} />
      <SimpleGrid cols={{ base: 1, sm: 2, xl: 4 }} spacing="md">
        <StatCard label="Latency" value={formatLatency(trace.latency_ms)} />
        <StatCard label="Tokens" value={trace.tokens.total.toLocaleString()}>
          <KeyValueList
            items={[
              { label: 'Input', value: trace.tokens.input.toLocaleString() },
              { label: 'Output', value: trace.tokens.output.toLocaleString() },
            ]}
          />
        </StatCard>
        <StatCard label="Cost" value={formatCost(trace.cost_usd)}>
          <Text size="xs" c="dimmed">
            {trace.cost_usd !== null
              ? 'Estimated from the token counts and the model price list.'
              : trace.model
                ? 'No price is known for this model.'
                : 'No model was called for this request.'}
          </Text>
        </StatCard>
        <StatCard label="Skills run" value={trace.steps.length}>
          <Text size="xs" c="dimmed">
            {trace.steps.filter((step) => step.status === 'done').length} done,{' '}
            {trace.steps.filter((step) => step.status !== 'done').length} failed or denied
          </Text>
        </StatCard>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Panel title="Request">
          <KeyValueList
            items={[
              { label: 'Request id', value: mono(trace.request_id) },
              {
                label: 'Chat',
                value: trace.chat_id ? (
                  <Anchor
                    component={Link}
                    to={`/traces?chat_id=${encodeURIComponent(trace.chat_id)}`}
                    size="sm"
                    ff="monospace"
                  >
                    {trace.chat_id}
                  </Anchor>
                ) : (
                  'none'
                ),
              },
              {
                label: 'Received',
                value: <RelativeTime value={trace.created_at} stacked />,
              },
              { label: 'Tier', value: <TierBadge value={trace.tier} /> },
              { label: 'Status', value: <TraceStatusBadge value={trace.status} /> },
              { label: 'Model', value: trace.model ? mono(trace.model) : 'none' },
              {
                label: 'OpenTelemetry trace',
                value: (
                  <Text
                    span
                    size="sm"
                    ff={trace.otel_trace_id ? 'monospace' : undefined}
                    data-testid="trace-otel-id"
                  >
                    {trace.otel_trace_id ?? 'not exported'}
                  </Text>
                ),
              },
            ]}
          />
        </Panel>
        <Panel
          title="Guard chain"
          aside={
            <Text size="xs" c="dimmed">
              in the order applied
            </Text>
          }
        >
          <GuardChain chain={trace.guard_chain} />
        </Panel>
      </SimpleGrid>
      <Panel title="Steps">
        <TraceSteps steps={trace.steps} />
      </Panel>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Panel
          title="Input"
          aside={
            <Text size="xs" c="dimmed">
              secrets redacted
            </Text>
          }
        >
          <TextBlock text={trace.input} testId="trace-input" />
        </Panel>
        <Panel
          title="Reply"
          aside={
            <Text size="xs" c="dimmed">
              secrets redacted
            </Text>
          }
        >
          <TextBlock text={trace.reply} testId="trace-reply" />
        </Panel>
      </SimpleGrid>
    </>
  );
}

function LoadingView() {
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2, xl: 4 }} spacing="md">
        {[0, 1, 2, 3].map((card) => (
          <StatCard key={card} label="" loading />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        {[0, 1].map((panel) => (
          <Paper key={panel} withBorder radius="md" p="lg">
            <Skeleton h={14} w={140} mb="md" />
            <Skeleton h={180} />
          </Paper>
        ))}
      </SimpleGrid>
    </>
  );
}

export function TraceDetailPage() {
  const { request_id: requestId = '' } = useParams();
  const location = useLocation();
  const listSearch = (location.state as TraceLinkState | null)?.listSearch ?? '';
  const backTo = `/traces${listSearch}`;
  const query = useTrace(requestId);

  return (
    <DetailPage
      query={query}
      back={{ to: backTo, label: listSearch ? 'Back to the filtered traces' : 'All traces' }}
      title="Trace"
      noun="trace"
      description={
        <>
          Request{' '}
          <Text span ff="monospace" size="sm" data-testid="trace-request-id">
            {requestId}
          </Text>
        </>
      }
      aside={(trace) => (
        <>
          <TierBadge value={trace.tier} size="lg" />
          <TraceStatusBadge value={trace.status} size="lg" />
          <CopyButton value={trace.request_id}>
            {({ copied, copy }) => (
              <Button variant="default" size="xs" onClick={copy}>
                {copied ? 'Copied' : 'Copy request id'}
              </Button>
            )}
          </CopyButton>
        </>
      )}
      notFound={{
        title: 'No trace with this request id',
        description: 'The id may be mistyped, or the trace was removed by a reset.',
      }}
      skeleton={<LoadingView />}
    >
      {(trace) => <TraceView trace={trace} />}
    </DetailPage>
  );
}
