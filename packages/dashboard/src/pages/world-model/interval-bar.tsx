import { Box, Tooltip } from '@mantine/core';

interface IntervalBarProps {
  /** Start and end of the axis, epoch milliseconds. */
  from: number;
  to: number;
  start: number;
  /** null: still true. */
  end: number | null;
  current: boolean;
  label: string;
}

/** One relation's interval of world time, placed on the axis shared by the entity's relations. */
export function IntervalBar({ from, to, start, end, current, label }: IntervalBarProps) {
  const span = Math.max(1, to - from);
  const left = ((start - from) / span) * 100;
  const width = Math.max(1.5, (((end ?? to) - start) / span) * 100);
  return (
    <Tooltip label={label}>
      <Box
        pos="relative"
        h={10}
        bg="var(--mantine-color-default-border)"
        style={{ borderRadius: 5 }}
      >
        <Box
          pos="absolute"
          top={0}
          h={10}
          left={`${left}%`}
          w={`${Math.min(width, 100 - left)}%`}
          bg={current ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-dimmed)'}
          style={{ borderRadius: 5 }}
        />
      </Box>
    </Tooltip>
  );
}
