import { Badge, Button, EmptyState, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Rule, RuleFilters } from '../../api/behavioral';
import { PageHeader } from '../../components/page-header';
import { useRules } from '../../hooks/use-behavioral';
import { useFlags } from '../../hooks/use-config';
import { DeleteRuleDialog } from './delete-rule-dialog';
import { PendingProposals } from './pending-proposals';
import { RuleFilterBar } from './rule-filters';
import { RuleFormDialog } from './rule-form-dialog';
import { hasRuleFilters, readRuleFilters, writeRuleFilters } from './rule-search-params';
import { RulesTable } from './rules-table';

export function BehavioralRulesPage() {
  const [params, setParams] = useSearchParams();
  const filters = readRuleFilters(params);
  const rules = useRules(filters);
  const flags = useFlags();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Rule | null>(null);
  // The dialog keeps its rule while it animates closed.
  const [deleting, setDeleting] = useState<Rule | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const list = rules.data ?? [];
  const filtered = hasRuleFilters(filters);
  const enabledCount = list.filter((rule) => rule.enabled).length;
  const flagOff = flags.data?.flags.some(
    (flag) => flag.name === 'behavioral_rules' && !flag.enabled,
  );

  const applyFilters = (next: RuleFilters) => setParams(writeRuleFilters(next));

  return (
    <Stack gap="lg">
      <PageHeader
        title="Behavioral rules"
        description="Standing rules added to the system prompt when their trigger matches a request: written here, or learned from your corrections and approved. Enabled rules of at least 50 % confidence fire."
        aside={<Button onClick={() => setCreating(true)}>New rule</Button>}
      />
      {flagOff ? (
        <Paper withBorder radius="md" p="md" bg="var(--mantine-color-yellow-0)">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Text size="sm" data-testid="rules-flag-off">
              The <b>behavioral_rules</b> feature flag is off: no rule applies to any request and
              nothing is learned from corrections.
            </Text>
            <Button component={Link} to="/config?tab=flags" size="xs" variant="light">
              Open feature flags
            </Button>
          </Group>
        </Paper>
      ) : null}
      <PendingProposals />
      {/* Remounted only when the URL's text changes (back button), so a status or source change
          arriving while the operator types does not wipe the field. */}
      <RuleFilterBar key={params.get('q') ?? ''} filters={filters} onChange={applyFilters} />
      <Paper withBorder radius="md" p={0}>
        {!rules.isPending && list.length === 0 ? (
          <EmptyState
            py={48}
            title={
              rules.isError
                ? 'The rules could not be loaded'
                : filtered
                  ? 'No rule matches these filters'
                  : 'No behavioral rules yet'
            }
            description={
              rules.isError
                ? 'The runtime did not answer the request.'
                : filtered
                  ? 'Clear a filter or search for other words.'
                  : 'Write one with "New rule", or approve one proposed from a correction.'
            }
          >
            <EmptyState.Actions>
              {rules.isError ? (
                <Button variant="light" onClick={() => rules.refetch()}>
                  Try again
                </Button>
              ) : filtered ? (
                <Button variant="light" onClick={() => applyFilters({})}>
                  Clear filters
                </Button>
              ) : (
                <Button variant="light" onClick={() => setCreating(true)}>
                  New rule
                </Button>
              )}
            </EmptyState.Actions>
          </EmptyState>
        ) : (
          <RulesTable
            rules={list}
            loading={rules.isPending}
            onEdit={setEditing}
            onDelete={(rule) => {
              setDeleting(rule);
              setDeleteOpen(true);
            }}
          />
        )}
      </Paper>
      {list.length > 0 ? (
        <Group gap="xs">
          <Text size="sm" c="dimmed" data-testid="rules-count">
            {list.length}{' '}
            {filtered
              ? list.length === 1
                ? 'rule matches'
                : 'rules match'
              : list.length === 1
                ? 'rule'
                : 'rules'}
          </Text>
          <Badge variant="light" color={enabledCount > 0 ? 'green' : 'gray'} size="sm">
            {enabledCount} enabled
          </Badge>
        </Group>
      ) : null}
      {creating ? <RuleFormDialog onClose={() => setCreating(false)} /> : null}
      {editing ? (
        <RuleFormDialog key={editing.rule_id} rule={editing} onClose={() => setEditing(null)} />
      ) : null}
      <DeleteRuleDialog opened={deleteOpen} rule={deleting} onClose={() => setDeleteOpen(false)} />
    </Stack>
  );
}
