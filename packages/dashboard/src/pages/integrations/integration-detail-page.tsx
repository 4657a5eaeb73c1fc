import { Anchor, Button, EmptyState, Grid, Group, Skeleton, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { ChevronIcon } from '../../components/icons';
import { PageHeader } from '../../components/page-header';
import { useIntegration } from '../../hooks/use-integrations';
import { ActionsPanel } from './actions-panel';
import { BaseUrlPanel } from './base-url-panel';
import { BreakerPanel } from './breaker-panel';
import { CredentialsPanel } from './credentials-panel';
import { BreakerBadge, ConfiguredBadge } from './integration-badges';
import { CATEGORY_LABELS } from './integration-filters';
import { RecentCallsPanel } from './recent-calls-panel';
import { RunActionPanel } from './run-action-panel';

function BackLink() {
  return (
    <Anchor component={Link} to="/integrations" size="sm" w="fit-content">
      <Group gap={4} wrap="nowrap">
        <ChevronIcon size={14} style={{ transform: 'rotate(180deg)' }} />
        All integrations
      </Group>
    </Anchor>
  );
}

/** One connector: its credentials, server, health, actions, a way to run them, and its calls. */
export function IntegrationDetailPage() {
  const { integration_id: id = '' } = useParams();
  const { data: integration, error, isPending, refetch } = useIntegration(id);
  const missing = error instanceof ApiError && error.status === 404;

  return (
    <Stack gap="lg">
      <BackLink />
      <PageHeader
        title={integration?.name ?? 'Integration'}
        description={
          integration ? (
            <>
              {CATEGORY_LABELS[integration.category]} ·{' '}
              <Text span ff="monospace" size="sm">
                {integration.id}
              </Text>
              {integration.api_version ? ` · API ${integration.api_version}` : ''}
              {integration.docs_url ? (
                <>
                  {' · '}
                  <Anchor href={integration.docs_url} target="_blank" rel="noreferrer" size="sm">
                    vendor documentation
                  </Anchor>
                </>
              ) : null}
            </>
          ) : undefined
        }
        aside={
          integration ? (
            <>
              <ConfiguredBadge configured={integration.configured} size="lg" />
              <BreakerBadge state={integration.breaker.state} size="lg" />
            </>
          ) : null
        }
      />
      {integration ? (
        <Grid gap="lg" align="flex-start">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <Stack gap="lg">
              <RunActionPanel key={integration.id} integration={integration} />
              <RecentCallsPanel id={integration.id} />
              <ActionsPanel integration={integration} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <Stack gap="lg">
              <CredentialsPanel integration={integration} />
              {integration.base_url_override ? <BaseUrlPanel integration={integration} /> : null}
              <BreakerPanel integration={integration} />
            </Stack>
          </Grid.Col>
        </Grid>
      ) : isPending ? (
        <Skeleton h={320} />
      ) : (
        <EmptyState
          py={40}
          title={missing ? 'No such integration' : 'The integration could not be loaded'}
          description={
            missing
              ? `The registry has no connector with the id ${id}.`
              : 'The runtime did not answer the request.'
          }
        >
          {missing ? null : (
            <EmptyState.Actions>
              <Button variant="light" onClick={() => refetch()}>
                Try again
              </Button>
            </EmptyState.Actions>
          )}
        </EmptyState>
      )}
    </Stack>
  );
}
