import { Button, Group, Paper, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import type { AuditFilters } from '../../api/audit';
import { hasFilters, SINCE_PRESETS, type TextFilter } from './audit-search-params';

interface AuditFilterBarProps {
  filters: AuditFilters;
  onChange: (filters: AuditFilters) => void;
}

const FIELDS: { name: TextFilter; label: string; placeholder: string }[] = [
  { name: 'action', label: 'Action', placeholder: 'auth.login or auth.*' },
  { name: 'actor', label: 'Actor', placeholder: 'admin' },
  { name: 'goal_id', label: 'Goal id', placeholder: 'Exact goal id' },
];

/**
 * Text filters apply on Enter or "Apply" (one request per decision, not per keystroke); the time
 * window applies at once. The parent remounts this bar when the URL changes (back button).
 */
export function AuditFilterBar({ filters, onChange }: AuditFilterBarProps) {
  const [draft, setDraft] = useState({
    action: filters.action ?? '',
    actor: filters.actor ?? '',
    goal_id: filters.goal_id ?? '',
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ ...draft, since: filters.since });
  };

  return (
    <Paper withBorder radius="md" p="md">
      <form onSubmit={submit} aria-label="Audit filters">
        <Stack gap="sm">
          <Group gap="sm" wrap="wrap">
            <Text size="sm" fw={500}>
              Time window
            </Text>
            <SegmentedControl
              size="xs"
              aria-label="Time window"
              value={filters.since ?? 'all'}
              // Text typed but not yet applied goes along, rather than being thrown away.
              onChange={(value) =>
                onChange({ ...draft, since: value === 'all' ? undefined : value })
              }
              data={SINCE_PRESETS.map((preset) => ({ value: preset.value, label: preset.label }))}
            />
          </Group>
          <Group align="flex-end" gap="sm" wrap="wrap">
            {FIELDS.map((field) => (
              <TextInput
                key={field.name}
                name={field.name}
                label={field.label}
                placeholder={field.placeholder}
                value={draft[field.name]}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setDraft((previous) => ({ ...previous, [field.name]: value }));
                }}
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                w={{ base: '100%', sm: 220 }}
                spellCheck={false}
                autoCapitalize="none"
              />
            ))}
            <Button type="submit">Apply</Button>
            {hasFilters(filters) ? (
              <Button variant="subtle" color="gray" onClick={() => onChange({})}>
                Clear filters
              </Button>
            ) : null}
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
