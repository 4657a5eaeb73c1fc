import {
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { TRACE_TIERS, type TraceFilters, type TraceTier } from '../../api/traces';
import { TIER_LABELS } from './trace-badges';
import {
  hasFilters,
  isTimeBound,
  TIME_PRESETS,
  type TimeChoice,
  timeChoice,
} from './trace-search-params';

interface TraceFilterBarProps {
  filters: TraceFilters;
  onChange: (filters: TraceFilters) => void;
}

const TIER_OPTIONS = [
  { value: 'all', label: 'All tiers' },
  ...TRACE_TIERS.map((tier) => ({ value: tier, label: TIER_LABELS[tier] })),
];

const BOUND_HINT = 'A duration back from now (30m, 6h, 2d) or an ISO time';
const monospace = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

/**
 * The chat id and a custom range apply on Enter or "Apply"; the tier and the preset windows
 * apply at once. The parent remounts this bar when the URL changes (back button).
 */
export function TraceFilterBar({ filters, onChange }: TraceFilterBarProps) {
  const [time, setTime] = useState<TimeChoice>(timeChoice(filters));
  const [draft, setDraft] = useState({
    chat_id: filters.chat_id ?? '',
    since: time === 'custom' ? (filters.since ?? '') : '',
    until: filters.until ?? '',
  });
  const [errors, setErrors] = useState<{ since?: string; until?: string }>({});

  /** The filters on screen, with what is typed; null when the custom range is not valid. */
  const collect = (choice: TimeChoice, tier: TraceTier | undefined): TraceFilters | null => {
    const next: TraceFilters = { chat_id: draft.chat_id, ...(tier ? { tier } : {}) };
    if (choice === 'custom') {
      const since = draft.since.trim();
      const until = draft.until.trim();
      const found = {
        since: since && !isTimeBound(since) ? BOUND_HINT : undefined,
        until: until && !isTimeBound(until) ? BOUND_HINT : undefined,
      };
      setErrors(found);
      if (found.since || found.until) return null;
      if (since) next.since = since;
      if (until) next.until = until;
    } else if (choice !== 'all') {
      next.since = choice;
    }
    return next;
  };

  const apply = (choice: TimeChoice, tier: TraceTier | undefined) => {
    const next = collect(choice, tier);
    if (next) onChange(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply(time, filters.tier);
  };

  const setField = (field: keyof typeof draft) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setDraft((previous) => ({ ...previous, [field]: value }));
    if (field !== 'chat_id') setErrors((previous) => ({ ...previous, [field]: undefined }));
  };

  return (
    <Paper withBorder radius="md" p="md">
      <form onSubmit={submit} aria-label="Trace filters" noValidate>
        <Stack gap="sm">
          <Group gap="sm" wrap="wrap">
            <Text size="sm" fw={500}>
              Time range
            </Text>
            <SegmentedControl
              size="xs"
              aria-label="Time range"
              value={time}
              onChange={(value) => {
                const choice = value as TimeChoice;
                setTime(choice);
                // A custom range waits for its bounds; a preset applies at once.
                if (choice !== 'custom') apply(choice, filters.tier);
              }}
              data={TIME_PRESETS.map((preset) => ({ value: preset.value, label: preset.label }))}
            />
          </Group>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              name="chat_id"
              label="Chat id"
              placeholder="Exact chat id"
              value={draft.chat_id}
              onChange={setField('chat_id')}
              styles={monospace}
              w={{ base: '100%', sm: 220 }}
              spellCheck={false}
              autoCapitalize="none"
            />
            <Select
              label="Tier"
              data={TIER_OPTIONS}
              value={filters.tier ?? 'all'}
              allowDeselect={false}
              onChange={(value) =>
                apply(time, value && value !== 'all' ? (value as TraceTier) : undefined)
              }
              w={{ base: '100%', sm: 180 }}
            />
            {time === 'custom' ? (
              <>
                <TextInput
                  name="since"
                  label="From"
                  placeholder="6h or 2025-03-04T09:00:00Z"
                  value={draft.since}
                  onChange={setField('since')}
                  error={errors.since}
                  styles={monospace}
                  w={{ base: '100%', sm: 250 }}
                  spellCheck={false}
                  autoCapitalize="none"
                />
                <TextInput
                  name="until"
                  label="Until"
                  placeholder="now"
                  value={draft.until}
                  onChange={setField('until')}
                  error={errors.until}
                  styles={monospace}
                  w={{ base: '100%', sm: 250 }}
                  spellCheck={false}
                  autoCapitalize="none"
                />
              </>
            ) : null}
            {/* Labels above the inputs: the buttons line up with the inputs, not the labels. */}
            <Group gap="sm" mt={25}>
              <Button type="submit">Apply</Button>
              {hasFilters(filters) ? (
                <Button variant="subtle" color="gray" onClick={() => onChange({})}>
                  Clear filters
                </Button>
              ) : null}
            </Group>
          </Group>
          {time === 'custom' ? (
            <Text size="xs" c="dimmed">
              {BOUND_HINT}. Leave a bound empty to leave that side open.
            </Text>
          ) : null}
        </Stack>
      </form>
    </Paper>
  );
}
