import {
  Group,
  Input,
  SegmentedControl,
  Slider,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type ReactNode, useState } from 'react';
import {
  MIN_FIRING_CONFIDENCE,
  RULE_TEXT_MAX,
  type RuleFields,
  TRIGGER_TYPES,
  type Trigger,
  type TriggerType,
} from '../../api/behavioral';
import { FormDialog } from '../../components/form-dialog';
import { formErrors } from '../../components/form-errors';
import { TRIGGER_LABELS } from './rule-labels';

export interface RuleFormValues extends RuleFields {
  enabled: boolean;
}

type FieldName = 'text' | 'trigger' | 'keywords' | 'pattern' | 'confidence';

/** Where each field sits in the body; the trigger's parts come before the trigger as a whole. */
const FIELD_PATHS: Record<FieldName, string> = {
  text: '/text',
  keywords: '/trigger/keywords',
  pattern: '/trigger/pattern',
  trigger: '/trigger',
  confidence: '/confidence',
};

const monospace = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

interface RuleFormProps {
  title: string;
  initial: RuleFormValues;
  /** Show the enabled switch (a new rule); an existing one is toggled in the table. */
  withEnabled?: boolean;
  error: unknown;
  pending: boolean;
  submitLabel: string;
  /** Shown above the fields (the correction a proposal came from). */
  intro?: ReactNode;
  /** Returns the request's promise; the dialog closes when it resolves. */
  onSubmit: (values: RuleFormValues) => Promise<unknown> | undefined;
  onClose: () => void;
  /** Clears the request's error when the dialog closes. */
  onReset: () => void;
  /** Called on any edit, so a shown server error can be cleared. */
  onTouch: () => void;
}

/** A dialog with a rule's text, trigger (always, keywords, regex) and confidence; the runtime validates. */
export function RuleForm({
  title,
  initial,
  withEnabled = false,
  error,
  pending,
  submitLabel,
  intro,
  onSubmit,
  onClose,
  onReset,
  onTouch,
}: RuleFormProps) {
  const [text, setText] = useState(initial.text);
  const [type, setType] = useState<TriggerType>(initial.trigger.type);
  const [keywords, setKeywords] = useState<string[]>(
    initial.trigger.type === 'keywords' ? initial.trigger.keywords : [],
  );
  const [pattern, setPattern] = useState(
    initial.trigger.type === 'regex' ? initial.trigger.pattern : '',
  );
  const [confidence, setConfidence] = useState(Math.round(initial.confidence * 100));
  const [enabled, setEnabled] = useState(initial.enabled);
  const [missing, setMissing] = useState<Partial<Record<FieldName, string>>>({});
  const server = formErrors(error, FIELD_PATHS);
  const errors: Partial<Record<FieldName, string>> = { ...server.fields, ...missing };

  const touch = (field?: FieldName) => {
    onTouch();
    if (field && missing[field]) setMissing(({ [field]: _gone, ...rest }) => rest);
  };

  const submit = () => {
    // Empty fields are caught here in plain words; everything else is the runtime's to judge.
    const empty: Partial<Record<FieldName, string>> = {};
    if (!text.trim()) empty.text = 'Write what the agent should do or avoid.';
    if (type === 'keywords' && keywords.length === 0)
      empty.keywords = 'Add at least one keyword (press Enter after each).';
    if (type === 'regex' && !pattern) empty.pattern = 'Write the pattern to match.';
    setMissing(empty);
    if (Object.keys(empty).length > 0) return;
    const trigger: Trigger =
      type === 'always' ? { type } : type === 'keywords' ? { type, keywords } : { type, pattern };
    return onSubmit({ text: text.trim(), trigger, confidence: confidence / 100, enabled });
  };

  const length = [...text].length;

  return (
    <FormDialog
      onClose={onClose}
      onReset={onReset}
      title={title}
      label="Rule"
      submitLabel={submitLabel}
      busy={pending}
      refusal={server.refusal}
      onSubmit={submit}
    >
      {intro}
      <Textarea
        label="Rule"
        description="An instruction added to the system prompt when the trigger matches."
        placeholder="Always answer in French."
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          touch('text');
        }}
        autosize
        minRows={2}
        maxRows={6}
        error={errors.text}
        required
        data-autofocus
      />
      <Text size="xs" c={length > RULE_TEXT_MAX ? 'red' : 'dimmed'} ta="right" mt={-12}>
        {length} / {RULE_TEXT_MAX}
      </Text>
      <Stack gap={6}>
        <Input.Label>Trigger</Input.Label>
        <SegmentedControl
          aria-label="Trigger type"
          value={type}
          onChange={(value) => {
            setType(value as TriggerType);
            touch('trigger');
          }}
          data={TRIGGER_TYPES.map((value) => ({ value, label: TRIGGER_LABELS[value].label }))}
        />
        <Text size="xs" c="dimmed">
          {TRIGGER_LABELS[type].hint}
        </Text>
        {errors.trigger ? (
          <Text size="xs" c="red">
            {errors.trigger}
          </Text>
        ) : null}
      </Stack>
      {type === 'keywords' ? (
        <TagsInput
          label="Keywords"
          description="Up to 20; press Enter or type a comma after each."
          placeholder={keywords.length === 0 ? 'invoice, purchase order' : undefined}
          value={keywords}
          onChange={(value) => {
            setKeywords(value);
            touch('keywords');
          }}
          maxTags={20}
          clearable
          error={errors.keywords}
        />
      ) : null}
      {type === 'regex' ? (
        <TextInput
          label="Pattern"
          description="Without slashes. Patterns that can take runaway time (nested or overlapping repetition, backreferences) are refused."
          placeholder={'\\b(refund|chargeback)s?\\b'}
          value={pattern}
          onChange={(event) => {
            setPattern(event.currentTarget.value);
            touch('pattern');
          }}
          error={errors.pattern}
          styles={monospace}
          spellCheck={false}
          autoCapitalize="none"
        />
      ) : null}
      <Stack gap={4}>
        <Group justify="space-between">
          <Input.Label>Confidence</Input.Label>
          <Text size="sm" fw={600} data-testid="confidence-value">
            {confidence} %
          </Text>
        </Group>
        <Slider
          aria-label="Confidence"
          value={confidence}
          onChange={(value) => {
            setConfidence(value);
            touch('confidence');
          }}
          min={0}
          max={100}
          step={5}
          label={(value) => `${value} %`}
          color={confidence < MIN_FIRING_CONFIDENCE * 100 ? 'gray' : undefined}
          marks={[{ value: 0 }, { value: 50, label: 'fires from 50 %' }, { value: 100 }]}
          mb="md"
        />
        <Text size="xs" c={errors.confidence ? 'red' : confidence < 50 ? 'orange' : 'dimmed'}>
          {errors.confidence ??
            (confidence < 50
              ? 'Below 50 %, the rule never fires, even when enabled.'
              : 'How sure you are that the rule is right; rules below 50 % never fire.')}
        </Text>
      </Stack>
      {withEnabled ? (
        <Switch
          label="Enabled"
          description="A disabled rule is kept but never applies."
          checked={enabled}
          onChange={(event) => setEnabled(event.currentTarget.checked)}
        />
      ) : null}
    </FormDialog>
  );
}

/** Only what differs from the starting values, so the audit names exactly the change. */
export function changedFields(initial: RuleFields, values: RuleFields): Partial<RuleFields> {
  const changed: Partial<RuleFields> = {};
  if (values.text !== initial.text) changed.text = values.text;
  if (JSON.stringify(values.trigger) !== JSON.stringify(initial.trigger))
    changed.trigger = values.trigger;
  if (Math.round(values.confidence * 100) !== Math.round(initial.confidence * 100))
    changed.confidence = values.confidence;
  return changed;
}
