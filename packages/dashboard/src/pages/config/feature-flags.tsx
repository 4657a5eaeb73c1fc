import {
  Badge,
  Button,
  Divider,
  EmptyState,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Fragment, useState } from 'react';
import type { FeatureFlag } from '../../api/config';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { formErrors } from '../../components/form-errors';
import { ShieldIcon } from '../../components/icons';
import { Panel } from '../../components/panel';
import { RelativeTime } from '../../components/relative-time';
import { useFlags, useSetFlag } from '../../hooks/use-config';
import { FLAG_GROUPS, SAFETY_FLAGS } from './flag-groups';

function FlagRow({
  flag,
  onChange,
  pending,
}: {
  flag: FeatureFlag;
  onChange: (enabled: boolean) => void;
  pending: boolean;
}) {
  const safety = SAFETY_FLAGS[flag.name];
  return (
    <Group
      justify="space-between"
      align="flex-start"
      wrap="nowrap"
      gap="lg"
      py="sm"
      data-flag={flag.name}
      data-enabled={flag.enabled}
    >
      <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
        <Group gap={8} wrap="wrap">
          <Text size="sm" fw={600} ff="monospace">
            {flag.name}
          </Text>
          {safety ? (
            <Tooltip label="A safeguard: switching it off is confirmed first" withArrow>
              <Badge
                size="xs"
                variant="light"
                color="orange"
                leftSection={<ShieldIcon size={11} />}
              >
                Safety
              </Badge>
            </Tooltip>
          ) : null}
        </Group>
        <Text size="sm">{flag.doc}</Text>
        <Text size="xs" c="dimmed" data-testid="flag-changed">
          {flag.updated_at && flag.updated_by ? (
            <>
              Turned {flag.enabled ? 'on' : 'off'} by {flag.updated_by}{' '}
              <RelativeTime value={flag.updated_at} />
            </>
          ) : (
            'Default: on, never changed'
          )}
        </Text>
      </Stack>
      <Switch
        size="md"
        checked={flag.enabled}
        disabled={pending}
        onChange={(event) => onChange(event.currentTarget.checked)}
        aria-label={flag.name}
        onLabel="ON"
        offLabel="OFF"
        mt={2}
      />
    </Group>
  );
}

/** The 12 feature flags; each applies at once, on every replica within seconds. */
export function FeatureFlags() {
  const flags = useFlags();
  const setFlag = useSetFlag();
  // A safeguard is turned off from its confirmation, which shows a refusal itself.
  const turnOff = useSetFlag(true);
  const [confirming, setConfirming] = useState<FeatureFlag | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const list = flags.data?.flags ?? [];
  const byName = new Map(list.map((flag) => [flag.name, flag]));
  const grouped = new Set(FLAG_GROUPS.flatMap((group) => group.flags));
  const groups = [
    ...FLAG_GROUPS.map((group) => ({
      ...group,
      members: group.flags.flatMap((name) => byName.get(name) ?? []),
    })),
    {
      title: 'Other',
      description: 'Flags this dashboard does not know yet.',
      flags: [],
      members: list.filter((flag) => !grouped.has(flag.name)),
    },
  ].filter((group) => group.members.length > 0);
  const off = list.filter((flag) => !flag.enabled).length;

  const announce = (saved: FeatureFlag) =>
    notifications.show({
      color: saved.enabled ? 'green' : 'gray',
      title: `${saved.name} turned ${saved.enabled ? 'on' : 'off'}`,
      message: 'It applies at once, and on other replicas within a few seconds.',
    });

  const change = (flag: FeatureFlag, enabled: boolean) => {
    if (!enabled && SAFETY_FLAGS[flag.name]) {
      setConfirming(flag);
      setConfirmOpen(true);
    } else setFlag.mutate({ name: flag.name, enabled }, { onSuccess: announce });
  };

  const turnOffConfirmed = () =>
    confirming
      ? turnOff.mutateAsync({ name: confirming.name, enabled: false }).then(announce)
      : undefined;

  return (
    <Panel
      title="Feature flags"
      aside={
        flags.data ? (
          <Text size="sm" c="dimmed" data-testid="flags-summary">
            {off === 0 ? `All ${list.length} on` : `${list.length - off} of ${list.length} on`}
          </Text>
        ) : null
      }
    >
      <Text size="sm" c="dimmed">
        Each flag switches real behaviour where it happens. All are on until you turn one off; every
        change is audited and applies without a restart.
      </Text>
      {flags.isPending ? (
        <SimpleGrid cols={{ base: 1, xl: 3 }} spacing="md">
          {[0, 1, 2].map((card) => (
            <Skeleton key={card} h={360} radius="md" />
          ))}
        </SimpleGrid>
      ) : flags.isError && !flags.data ? (
        <EmptyState size="sm" title="The feature flags could not be loaded">
          <EmptyState.Actions>
            <Button variant="light" onClick={() => flags.refetch()}>
              Try again
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      ) : (
        <SimpleGrid cols={{ base: 1, xl: groups.length >= 3 ? 3 : groups.length }} spacing="md">
          {groups.map((group) => (
            <Paper
              key={group.title}
              withBorder
              radius="md"
              px="md"
              pt="sm"
              pb={4}
              role="group"
              aria-label={group.title}
            >
              <Text fw={600} size="sm">
                {group.title}
              </Text>
              <Text size="xs" c="dimmed" mb={4}>
                {group.description}
              </Text>
              {group.members.map((flag, index) => (
                <Fragment key={flag.name}>
                  {index > 0 ? <Divider /> : null}
                  <FlagRow
                    flag={flag}
                    onChange={(enabled) => change(flag, enabled)}
                    pending={setFlag.isPending && setFlag.variables?.name === flag.name}
                  />
                </Fragment>
              ))}
            </Paper>
          ))}
        </SimpleGrid>
      )}
      <ConfirmDialog
        opened={confirmOpen}
        onClose={() => setConfirmOpen(false)}
        onReset={turnOff.reset}
        title={confirming ? `Turn off ${confirming.name}?` : ''}
        confirmLabel="Turn off"
        onConfirm={turnOffConfirmed}
        busy={turnOff.isPending}
        refusal={formErrors(turnOff.error, {}).refusal}
      >
        <Text size="sm">{confirming ? SAFETY_FLAGS[confirming.name] : null}</Text>
        <Text size="sm" c="dimmed">
          The change is audited and applies at once. You can turn it back on here at any time.
        </Text>
      </ConfirmDialog>
    </Panel>
  );
}
