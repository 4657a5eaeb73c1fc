import { Anchor, Grid, Stack, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { DetailPage } from '../../components/detail-page';
import { useIntegration } from '../../hooks/use-integrations';
import { ActionsPanel } from './actions-panel';
import { BaseUrlPanel } from './base-url-panel';
import { BreakerPanel } from './breaker-panel';
import { CredentialsPanel } from './credentials-panel';
import { BreakerBadge, ConfiguredBadge } from './integration-badges';
import { CATEGORY_LABELS } from './integration-filters';
import { RecentCallsPanel } from './recent-calls-panel';
import { RunActionPanel } from './run-action-panel';

/** One connector: its credentials, server, health, actions, a way to run them, and its calls. */
export function IntegrationDetailPage() {
  const { integration_id: id = '' } = useParams();
  const query = useIntegration(id);
  const integration = query.data;

  return (
    <DetailPage
      query={query}
      back={{ to: '/integrations', label: 'All integrations' }}
      title={integration?.name ?? 'Integration'}
      noun="integration"
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
      aside={(loaded) => (
        <>
          <ConfiguredBadge configured={loaded.configured} size="lg" />
          <BreakerBadge state={loaded.breaker.state} size="lg" />
        </>
      )}
      notFound={{
        title: 'No such integration',
        description: `The registry has no connector with the id ${id}.`,
      }}
    >
      {(loaded) => (
        <Grid gap="lg" align="flex-start">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <Stack gap="lg">
              <RunActionPanel key={loaded.id} integration={loaded} />
              <RecentCallsPanel id={loaded.id} />
              <ActionsPanel integration={loaded} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <Stack gap="lg">
              <CredentialsPanel integration={loaded} />
              {loaded.base_url_override ? <BaseUrlPanel integration={loaded} /> : null}
              <BreakerPanel integration={loaded} />
            </Stack>
          </Grid.Col>
        </Grid>
      )}
    </DetailPage>
  );
}
