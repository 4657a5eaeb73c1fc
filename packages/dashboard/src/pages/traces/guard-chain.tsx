import { Box, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import type { GuardEntry } from '../../api/traces';
import { VERDICT_COLORS, VerdictBadge } from './trace-badges';

/** The guards in the order they judged the request, each with its verdict and reason. */
export function GuardChain({ chain }: { chain: GuardEntry[] }) {
  if (chain.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No guard judged this request.
      </Text>
    );
  }
  return (
    <Stack
      component="ol"
      gap={0}
      aria-label="Guard chain"
      data-testid="guard-chain"
      style={{ listStyle: 'none', margin: 0, padding: 0 }}
    >
      {chain.map((entry, index) => (
        <Group
          component="li"
          // biome-ignore lint/suspicious/noArrayIndexKey: the chain is fixed once written and a guard may run twice
          key={index}
          align="flex-start"
          wrap="nowrap"
          gap="sm"
          py="xs"
          style={{
            borderTop: index > 0 ? '1px solid var(--mantine-color-gray-2)' : undefined,
          }}
        >
          <ThemeIcon
            size={24}
            radius="xl"
            variant="light"
            color={VERDICT_COLORS[entry.verdict] ?? 'gray'}
            aria-hidden
          >
            <Text size="xs" fw={700}>
              {index + 1}
            </Text>
          </ThemeIcon>
          <Box style={{ flex: 1, minWidth: 0 }}>
            <Group gap="xs" wrap="wrap">
              <Text size="sm" fw={600} ff="monospace">
                {entry.guard}
              </Text>
              <VerdictBadge value={entry.verdict} size="sm" />
            </Group>
            <Text size="sm" c="dimmed" mt={2} style={{ wordBreak: 'break-word' }}>
              {entry.detail}
            </Text>
          </Box>
        </Group>
      ))}
    </Stack>
  );
}
