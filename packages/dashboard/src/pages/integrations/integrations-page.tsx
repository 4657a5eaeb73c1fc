import { Badge, Stack } from '@mantine/core';
import { PageHeader } from '../../components/page-header';
import { useIntegrations } from '../../hooks/use-integrations';
import { ConnectorsSection } from './connectors-section';
import { breakerOpen } from './integration-filters';
import { McpServersSection } from './mcp-servers-section';

/** The integration registry: the connectors, then the operator's MCP servers, each its own section. */
export function IntegrationsPage() {
  const list = useIntegrations();
  const all = list.data ?? [];
  const configured = all.filter((integration) => integration.configured).length;
  const open = all.filter(breakerOpen).length;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Integrations"
        description="Third-party connectors: their credentials (write-only), where they point, how their calls went, and their circuit breakers."
        aside={
          list.data ? (
            <>
              <Badge variant="light" color="blue" size="lg">
                {configured} of {all.length} configured
              </Badge>
              {open > 0 ? (
                <Badge variant="light" color="red" size="lg">
                  {open} {open === 1 ? 'breaker' : 'breakers'} open
                </Badge>
              ) : null}
            </>
          ) : null
        }
      />
      <ConnectorsSection />
      <McpServersSection />
    </Stack>
  );
}
