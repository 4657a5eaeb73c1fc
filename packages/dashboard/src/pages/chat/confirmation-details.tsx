import { Alert, Badge, Checkbox, Code, Group, List, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Confirmation, Simulation, TaintEvidence } from '../../api/confirmations';
import { ShieldIcon } from '../../components/icons';
import { KeyValueList } from '../../components/key-value-list';
import { formatJson, levelColor } from './chat-labels';

export function LevelBadge({ level }: { level: string }) {
  return (
    <Badge variant="light" color={levelColor(level)} radius="sm" size="sm">
      {level}
    </Badge>
  );
}

function Section({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed" fw={700} tt="uppercase" lts={0.5}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/** Detail fields that hold a program or a payload: shown as a code block, never cut short. */
const CODE_FIELDS = new Set(['command', 'code', 'body_preview', 'input', 'headers']);

const fieldLabel = (key: string) => key.replace(/_/g, ' ');

/** What the call does comes first; the sandbox's long explanation last. */
const FIRST = ['command', 'code', 'method', 'url', 'skill', 'language', 'entry'];
const LAST = ['isolation_detail'];
const rank = (key: string) =>
  FIRST.includes(key) ? FIRST.indexOf(key) - FIRST.length : LAST.includes(key) ? 1 : 0;

function FactValue({
  name,
  value,
  codeStyle,
  compact,
}: {
  name: string;
  value: unknown;
  codeStyle: Record<string, string | number>;
  compact: boolean;
}) {
  const size = compact ? 'xs' : 'sm';
  if (value === null || value === undefined) {
    return (
      <Text size={size} c="dimmed">
        none
      </Text>
    );
  }
  if (typeof value === 'object' || (typeof value === 'string' && CODE_FIELDS.has(name))) {
    return (
      <Code
        block
        // Code reads left to right even where the value column is aligned right.
        style={{ ...codeStyle, whiteSpace: 'pre-wrap', wordBreak: 'break-word', textAlign: 'left' }}
      >
        {formatJson(value)}
      </Code>
    );
  }
  if (typeof value === 'string' && value.length > 60) {
    return (
      <Text size="xs" c="dimmed">
        {value}
      </Text>
    );
  }
  return (
    <Text size={size} ff="monospace" style={{ wordBreak: 'break-all' }}>
      {String(value)}
    </Text>
  );
}

/** What the dry run found: the warnings first and loud, then the facts of the call. */
function DryRun({
  simulation,
  codeStyle,
  compact,
}: {
  simulation: Simulation;
  codeStyle: Record<string, string | number>;
  compact: boolean;
}) {
  const facts = Object.entries(simulation.details).sort(([a], [b]) => rank(a) - rank(b));
  const warned = simulation.warnings.length > 0;
  return (
    <Section label="Dry run">
      <Text size="sm" fw={500} data-testid="simulation-summary">
        {simulation.summary}
      </Text>
      {warned ? (
        <Alert
          color="red"
          variant="light"
          p="sm"
          icon={<ShieldIcon size={18} />}
          title={
            simulation.warnings.length === 1
              ? 'Check this before approving'
              : `${simulation.warnings.length} things to check before approving`
          }
          data-testid="simulation-warnings"
          styles={{ root: { borderLeft: '4px solid var(--mantine-color-red-6)' } }}
        >
          <List size="sm" spacing={2} withPadding={false}>
            {simulation.warnings.map((warning) => (
              <List.Item key={warning} fw={500}>
                {warning}
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : (
        <Group gap={6}>
          <Badge variant="light" color="teal" size="sm">
            No warnings
          </Badge>
          <Text size="xs" c="dimmed">
            The dry run found nothing risky in this call.
          </Text>
        </Group>
      )}
      {facts.length > 0 ? (
        <Stack gap={4} data-testid="simulation-details">
          <KeyValueList
            items={facts.map(([name, value]) => ({
              label: fieldLabel(name),
              value: (
                <FactValue name={name} value={value} codeStyle={codeStyle} compact={compact} />
              ),
            }))}
          />
        </Stack>
      ) : null}
    </Section>
  );
}

const signalLabel = (signal: string) => signal.replace(/_/g, ' ');

/** One source of the run: what it was, whether the input guard flagged it, and the part it flagged. */
function SourceEvidence({ evidence }: { evidence: TaintEvidence }) {
  return (
    <Stack gap={4} data-testid="taint-source" data-flagged={evidence.flagged}>
      <Group gap={6} wrap="nowrap" align="flex-start">
        {evidence.flagged ? (
          <Badge color="red" variant="filled" size="sm" style={{ flex: 'none' }}>
            Flagged
          </Badge>
        ) : null}
        <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
          {evidence.source}
        </Text>
      </Group>
      {evidence.flagged ? (
        <>
          <Text size="xs" c="red.8" fw={500}>
            The input guard found an injection attempt in it:{' '}
            {evidence.signals.map(signalLabel).join(', ')}
          </Text>
          {evidence.excerpt ? (
            <Code
              block
              data-testid="taint-excerpt"
              style={{
                whiteSpace: 'pre-wrap',
                wordBreak: 'break-word',
                maxHeight: 160,
                overflow: 'auto',
              }}
            >
              {evidence.excerpt}
            </Code>
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}

/**
 * Why a call asks although the autonomy mode would not: the run read text from outside, which may
 * carry instructions the operator never gave. A source the input guard flagged comes with the
 * text it flagged, hidden parts shown (⟦U+200B⟧, "hidden in the page: …").
 */
function TaintedBy({ confirmation }: { confirmation: Confirmation }) {
  const evidence: TaintEvidence[] =
    confirmation.taint_evidence ??
    (confirmation.tainted_by ?? []).map((source) => ({
      source,
      flagged: false,
      signals: [],
      excerpt: null,
    }));
  const flagged = evidence.some((item) => item.flagged);
  return (
    <Alert
      color={flagged ? 'red' : 'orange'}
      variant="light"
      p="sm"
      icon={<ShieldIcon size={18} />}
      title={
        flagged
          ? 'The run read content that tried to instruct the agent'
          : 'Asked because the run read untrusted content'
      }
      data-testid="confirmation-tainted-by"
      styles={
        flagged ? { root: { borderLeft: '4px solid var(--mantine-color-red-6)' } } : undefined
      }
    >
      <Text size="xs" mb={6}>
        {flagged
          ? 'This call may be what that content asked for, not what you asked for. Deny it unless you expected it.'
          : 'The model may be following instructions from these sources, not yours:'}
      </Text>
      <Stack gap="xs">
        {evidence.map((item) => (
          <SourceEvidence key={item.source} evidence={item} />
        ))}
      </Stack>
    </Alert>
  );
}

/**
 * The extra step before approving a call that follows flagged content: the operator ticks that
 * they read the warning; Approve stays disabled until then (the runtime refuses it too).
 */
export function WarningAcknowledgement({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <Checkbox
      color="red"
      size="sm"
      checked={checked}
      onChange={(event) => onChange(event.currentTarget.checked)}
      label="I read the warning: the input guard flagged content this run read, and I still want this call to run"
      data-testid="acknowledge-warning"
    />
  );
}

/** What the skill would do: for risky levels the dry run's warnings and facts, then the input. */
export function ConfirmationDetails({
  confirmation,
  compact = false,
}: {
  confirmation: Confirmation;
  /** Smaller code blocks (the header popover). */
  compact?: boolean;
}) {
  const { simulation } = confirmation;
  const codeStyle = { maxHeight: compact ? 120 : 240, overflow: 'auto' } as const;
  const tainted = (confirmation.tainted_by ?? []).length > 0;
  return (
    <Stack gap="sm">
      {tainted ? <TaintedBy confirmation={confirmation} /> : null}
      {simulation ? (
        <DryRun simulation={simulation} codeStyle={codeStyle} compact={compact} />
      ) : null}
      <Section label="Input">
        <Code block style={codeStyle} data-testid="confirmation-input">
          {formatJson(confirmation.input)}
        </Code>
      </Section>
    </Stack>
  );
}
