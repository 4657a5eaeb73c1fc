import { Badge, Stack, Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { UntrustedGuardWarning } from '../../components/untrusted-guard-warning';
import { useFlags, useParameters, usePrime } from '../../hooks/use-config';
import { FeatureFlags } from './feature-flags';
import { PrimeTab } from './prime-tab';
import { RuntimeParameters } from './runtime-parameters';

const TABS = ['prime', 'flags', 'parameters'] as const;
type Tab = (typeof TABS)[number];

const isTab = (value: string | null): value is Tab => TABS.some((tab) => tab === value);

/** prime.md, the feature flags and the runtime parameters; the open tab is in the URL. */
export function ConfigPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'prime';
  const prime = usePrime();
  const flags = useFlags();
  const parameters = useParameters();
  const flagsOff = flags.data?.flags.filter((flag) => !flag.enabled).length ?? 0;
  const operatorSet =
    parameters.data?.parameters.filter((parameter) => parameter.source === 'operator').length ?? 0;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Configuration"
        description="The standing instructions in every prompt, the feature flags and the runtime's limits. Changes apply without a restart unless marked, and every one is audited."
        aside={
          <>
            {prime.data ? (
              <Badge variant="light" color="gray" size="lg">
                prime.md v{prime.data.version}
              </Badge>
            ) : null}
            {flagsOff > 0 ? (
              <Badge variant="light" color="yellow" size="lg">
                {flagsOff} {flagsOff === 1 ? 'flag' : 'flags'} off
              </Badge>
            ) : null}
          </>
        }
      />
      <UntrustedGuardWarning linkToFlags={tab !== 'flags'} />
      <Tabs
        value={tab}
        onChange={(value) => {
          if (!isTab(value)) return;
          setParams(value === 'prime' ? {} : { tab: value }, { replace: true });
        }}
      >
        <Tabs.List mb="lg">
          <Tabs.Tab value="prime">prime.md</Tabs.Tab>
          <Tabs.Tab
            value="flags"
            rightSection={
              flags.data ? (
                <Badge size="xs" variant="light" color={flagsOff > 0 ? 'yellow' : 'gray'}>
                  {flags.data.flags.length - flagsOff}/{flags.data.flags.length}
                </Badge>
              ) : null
            }
          >
            Feature flags
          </Tabs.Tab>
          <Tabs.Tab
            value="parameters"
            rightSection={
              operatorSet > 0 ? (
                <Badge size="xs" variant="light" color="indigo">
                  {operatorSet} set
                </Badge>
              ) : null
            }
          >
            Runtime parameters
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="prime">
          <PrimeTab />
        </Tabs.Panel>
        <Tabs.Panel value="flags">
          <FeatureFlags />
        </Tabs.Panel>
        <Tabs.Panel value="parameters">
          <RuntimeParameters />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
