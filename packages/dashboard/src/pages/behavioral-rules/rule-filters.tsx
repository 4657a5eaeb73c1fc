import { Button, Group, Input, Paper, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { RULE_SOURCES, type RuleFilters, type RuleSource } from '../../api/behavioral';
import { SOURCE_LABELS } from './rule-labels';
import { hasRuleFilters } from './rule-search-params';

interface RuleFilterBarProps {
  filters: RuleFilters;
  onChange: (filters: RuleFilters) => void;
}

/**
 * Enabled and source apply at once; the text search applies on Enter or "Search" (one request
 * per decision). The parent remounts the bar when the URL's text changes (back button).
 */
export function RuleFilterBar({ filters, onChange }: RuleFilterBarProps) {
  const [q, setQ] = useState(filters.q ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ ...filters, q: q.trim() || undefined });
  };
  // Typed but not yet searched text goes along with a click on the other filters.
  const withText = (next: RuleFilters) => onChange({ ...next, q: q.trim() || undefined });

  return (
    <Paper withBorder radius="md" p="md">
      <form onSubmit={submit} aria-label="Rule filters">
        <Group gap="lg" align="flex-end" wrap="wrap">
          <Stack gap={2}>
            <Input.Label>Status</Input.Label>
            <SegmentedControl
              aria-label="Status"
              value={filters.enabled === undefined ? 'all' : filters.enabled ? 'on' : 'off'}
              onChange={(value) =>
                withText({
                  ...filters,
                  enabled: value === 'all' ? undefined : value === 'on',
                })
              }
              data={[
                { value: 'all', label: 'All' },
                { value: 'on', label: 'Enabled' },
                { value: 'off', label: 'Disabled' },
              ]}
            />
          </Stack>
          <Stack gap={2}>
            <Input.Label>Source</Input.Label>
            <SegmentedControl
              aria-label="Source"
              value={filters.source ?? 'all'}
              onChange={(value) =>
                withText({
                  ...filters,
                  source: value === 'all' ? undefined : (value as RuleSource),
                })
              }
              data={[
                { value: 'all', label: 'All' },
                ...RULE_SOURCES.map((source) => ({
                  value: source,
                  label: SOURCE_LABELS[source].label,
                })),
              ]}
            />
          </Stack>
          <TextInput
            name="q"
            label="Text"
            aria-label="Search rule text"
            placeholder="Words in the rule"
            value={q}
            onChange={(event) => setQ(event.currentTarget.value)}
            w={{ base: '100%', sm: 260 }}
          />
          <Button type="submit" variant="light">
            Search
          </Button>
          {hasRuleFilters(filters) ? (
            <Button variant="subtle" color="gray" onClick={() => onChange({})}>
              Clear filters
            </Button>
          ) : null}
        </Group>
      </form>
    </Paper>
  );
}
