import {
  Alert,
  Chip,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { ApiError } from '../../api/client';
import { RelativeTime } from '../../components/relative-time';
import { useCronPreview } from '../../hooks/use-schedules';
import { sentence } from './schedule-form';
import { formatInZone, zoneOptions } from './schedule-time';

const PRESETS = [
  { label: 'Every 15 minutes', cron: '*/15 * * * *' },
  { label: 'Hourly', cron: '0 * * * *' },
  { label: 'Daily 09:00', cron: '0 9 * * *' },
  { label: 'Weekdays 09:00', cron: '0 9 * * 1-5' },
  { label: 'Mondays 08:00', cron: '0 8 * * 1' },
  { label: 'First of the month', cron: '0 9 1 * *' },
];

const monospace = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

interface ZoneSelectProps {
  value: string;
  onChange: (zone: string) => void;
  error?: string | undefined;
  description?: string;
}

export function ZoneSelect({ value, onChange, error, description }: ZoneSelectProps) {
  return (
    <Select
      label="Time zone"
      description={description}
      data={zoneOptions(value)}
      value={value}
      onChange={(zone) => zone && onChange(zone)}
      searchable
      allowDeselect={false}
      limit={60}
      nothingFoundMessage="No zone matches"
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

interface CronFieldsProps {
  cron: string;
  timeZone: string;
  onCron: (cron: string) => void;
  onTimeZone: (zone: string) => void;
  /** From the last save attempt */
  cronError?: string | undefined;
  zoneError?: string | undefined;
}

/**
 * The cron expression and its zone, with the next occurrences as the runtime computes them,
 * refreshed as the operator types (after a short pause).
 */
export function CronFields({
  cron,
  timeZone,
  onCron,
  onTimeZone,
  cronError,
  zoneError,
}: CronFieldsProps) {
  const [typed] = useDebouncedValue(cron, 300);
  const preview = useCronPreview(typed, timeZone);
  const refused = preview.error instanceof ApiError ? preview.error : null;
  // While the answer for the current text is on its way, the previous one's verdict still shows.
  const previewCronError = refused?.detailFor('/cron');
  const previewZoneError = refused?.detailFor('/time_zone');
  const occurrences = preview.isError || !typed.trim() ? [] : (preview.data?.occurrences ?? []);

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="Cron expression"
          description="minute hour day-of-month month day-of-week"
          placeholder="0 9 * * 1-5"
          value={cron}
          onChange={(event) => onCron(event.currentTarget.value)}
          error={cronError ?? (previewCronError ? sentence(previewCronError) : undefined)}
          styles={monospace}
          spellCheck={false}
          autoCapitalize="none"
          required
        />
        <ZoneSelect
          value={timeZone}
          onChange={onTimeZone}
          error={zoneError ?? (previewZoneError ? sentence(previewZoneError) : undefined)}
          description="The cron times are read in this zone."
        />
      </SimpleGrid>
      <Chip.Group
        value={PRESETS.find((preset) => preset.cron === cron.trim())?.cron ?? null}
        onChange={(value) => value && onCron(value)}
      >
        <Group gap={6} role="group" aria-label="Cron presets">
          {PRESETS.map((preset) => (
            <Chip key={preset.cron} value={preset.cron} size="xs" variant="outline">
              {preset.label}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-gray-0)">
        <Stack gap={6} aria-label="Next occurrences" data-testid="cron-preview">
          <Group justify="space-between" gap="xs">
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" lts={0.5}>
              Next runs
            </Text>
            {preview.isFetching ? <Loader size={12} /> : null}
          </Group>
          {!typed.trim() ? (
            <Text size="sm" c="dimmed">
              Type an expression or pick a preset to see when it runs.
            </Text>
          ) : refused ? (
            <Text size="sm" c="red.7">
              {previewCronError || previewZoneError
                ? 'Fix the expression to see when it runs.'
                : refused.message}
            </Text>
          ) : preview.isError ? (
            <Alert color="red" variant="light" p="xs">
              The preview could not be computed: {preview.error.message}
            </Alert>
          ) : occurrences.length === 0 ? (
            <Text size="sm" c="dimmed">
              {preview.isPending ? 'Computing…' : 'It never falls due.'}
            </Text>
          ) : (
            occurrences.map((occurrence) => (
              <Group
                key={occurrence}
                justify="space-between"
                gap="xs"
                wrap="nowrap"
                data-testid="cron-occurrence"
              >
                <Text size="sm" ff="monospace">
                  {formatInZone(occurrence, timeZone)}
                </Text>
                <Text size="xs" c="dimmed">
                  <RelativeTime value={occurrence} />
                </Text>
              </Group>
            ))
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
