import { Progress, Text } from '@mantine/core';

interface CpiMeterProps {
  cpi: number;
  threshold: number;
  high: boolean;
}

/** The CPI as a bar, coloured by how close it is to the threshold where autonomous work pauses. */
export function CpiMeter({ cpi, threshold, high }: CpiMeterProps) {
  const color = high ? 'red' : cpi >= threshold * 0.75 ? 'yellow' : 'teal';
  return (
    <>
      <Progress
        value={cpi}
        color={color}
        size="lg"
        radius="xl"
        aria-label={`Cognitive pressure index ${cpi} of 100`}
      />
      <Text size="xs" c={high ? 'red' : 'dimmed'}>
        {high
          ? `At or above the high threshold of ${threshold}`
          : `High from ${threshold} · ${threshold - cpi} below the threshold`}
      </Text>
    </>
  );
}
