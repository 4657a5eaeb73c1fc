import {
  Input,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type {
  NewPriceAlert,
  PriceAlert,
  PriceCondition,
  SubscriptionChange,
} from '../../api/subscriptions';
import { FormDialog } from '../../components/form-dialog';
import {
  useCreateSubscription,
  useQuoteSources,
  useUpdateSubscription,
} from '../../hooks/use-subscriptions';
import { sentence } from '../scheduler/schedule-form';
import { BlockedAddress } from '../scheduler/schedule-parts';
import { formatEvery } from '../scheduler/schedule-time';
import {
  type SubscriptionErrors,
  type SubscriptionField,
  subscriptionErrors,
} from './subscription-form';
import { PollIntervalSelect } from './subscription-parts';

interface PriceAlertFormDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The alert to edit; absent: set a new one. */
  alert?: PriceAlert | null;
}

const monospace = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

export function PriceAlertFormDialog({ opened, onClose, alert }: PriceAlertFormDialogProps) {
  const sources = useQuoteSources();
  const create = useCreateSubscription();
  const update = useUpdateSubscription();
  const mutation = alert ? update : create;
  const [source, setSource] = useState<string | null>(alert?.source ?? null);
  const [symbol, setSymbol] = useState(alert?.symbol ?? '');
  const [condition, setCondition] = useState<PriceCondition>(alert?.condition ?? 'above');
  const [threshold, setThreshold] = useState<number | string>(alert?.threshold ?? '');
  const [template, setTemplate] = useState(alert?.url_template ?? '');
  const [jsonPath, setJsonPath] = useState(alert?.json_path ?? '');
  const [name, setName] = useState(alert?.name ?? '');
  const [interval, setIntervalValue] = useState(String(alert?.interval_seconds ?? 900));
  const [enabled, setEnabled] = useState(true);
  const [missing, setMissing] = useState<SubscriptionErrors>({});
  const errors: SubscriptionErrors = {
    ...missing,
    ...subscriptionErrors(mutation.error, 'url_template'),
  };

  const chosen = sources.data?.find((candidate) => candidate.name === source) ?? null;
  const custom = chosen?.needs.includes('url_template') ?? false;

  const touch = (field?: SubscriptionField) => {
    if (mutation.isError) mutation.reset();
    if (field && missing[field]) setMissing(({ [field]: _gone, ...rest }) => rest);
  };
  const submit = () => {
    const problems: SubscriptionErrors = {};
    if (!source) problems.source = 'Choose where the price comes from.';
    if (!symbol.trim()) problems.symbol = 'Enter the symbol as the source names it.';
    if (threshold === '' || !Number.isFinite(Number(threshold)))
      problems.threshold = 'Enter the price to compare with.';
    if (custom && !template.trim()) problems.url_template = 'Enter the quote URL with {symbol}.';
    if (custom && !jsonPath.trim()) problems.json_path = 'Say where the price is in the answer.';
    setMissing(problems);
    if (Object.keys(problems).length > 0 || !source) return;

    const rule: NewPriceAlert = {
      kind: 'price_alert',
      symbol: symbol.trim(),
      source,
      condition,
      threshold: Number(threshold),
      ...(custom ? { url_template: template.trim(), json_path: jsonPath.trim() } : {}),
    };
    const label = name.trim();
    if (alert) {
      const change: SubscriptionChange = {};
      if (rule.symbol !== alert.symbol) change.symbol = rule.symbol;
      if (rule.source !== alert.source) change.source = rule.source;
      if (rule.condition !== alert.condition) change.condition = rule.condition;
      if (rule.threshold !== alert.threshold) change.threshold = rule.threshold;
      if (custom && rule.url_template !== alert.url_template)
        change.url_template = rule.url_template;
      if (custom && rule.json_path !== alert.json_path) change.json_path = rule.json_path;
      if (label && label !== alert.name) change.name = label;
      if (Number(interval) !== alert.interval_seconds) change.interval_seconds = Number(interval);
      if (Object.keys(change).length === 0) return Promise.resolve();
      return update.mutateAsync({ id: alert.subscription_id, change }).then((saved) =>
        notifications.show({
          color: 'green',
          title: 'Price alert saved',
          message: `${saved.name}: a changed rule is re-armed and checked at once.`,
        }),
      );
    }
    return create
      .mutateAsync({
        ...rule,
        interval_seconds: Number(interval),
        enabled,
        ...(label ? { name: label } : {}),
      })
      .then((saved) =>
        notifications.show({
          color: 'green',
          title: 'Price alert set',
          message: saved.enabled
            ? `${saved.name} is checked now, then ${formatEvery(saved.interval_seconds)}.`
            : `${saved.name} is saved, paused.`,
        }),
      );
  };

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      onReset={() => {
        create.reset();
        update.reset();
      }}
      title={alert ? `Edit ${alert.name}` : 'Set a price alert'}
      label={alert ? 'Edit price alert' : 'Add price alert'}
      submitLabel={alert ? 'Save' : 'Set alert'}
      busy={mutation.isPending}
      refusal={errors.refusal}
      onSubmit={submit}
    >
      <Select
        label="Quote source"
        placeholder={sources.isPending ? 'Loading the sources…' : 'Choose a source'}
        data={(sources.data ?? []).map((candidate) => ({
          value: candidate.name,
          label: candidate.name,
        }))}
        renderOption={({ option }) => (
          <Stack gap={0}>
            <Text size="sm" ff="monospace">
              {option.label}
            </Text>
            <Text size="xs" c="dimmed">
              {sources.data?.find((candidate) => candidate.name === option.value)?.description}
            </Text>
          </Stack>
        )}
        value={source}
        allowDeselect={false}
        onChange={(value) => {
          setSource(value);
          touch('source');
        }}
        description={chosen?.description}
        error={
          errors.source ?? (sources.isError ? 'The quote sources could not be loaded.' : undefined)
        }
        comboboxProps={{ withinPortal: true }}
        required
        data-autofocus
      />
      {custom ? (
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput
            label="Quote URL"
            description="With {symbol} where the symbol goes."
            placeholder="https://api.example.com/quote?symbol={symbol}"
            value={template}
            onChange={(event) => {
              setTemplate(event.currentTarget.value);
              touch('url_template');
            }}
            error={errors.url_template}
            styles={monospace}
            spellCheck={false}
            autoCapitalize="none"
            style={{ gridColumn: 'span 2' }}
            required
          />
          <TextInput
            label="Price at"
            description="Path in the JSON answer."
            placeholder="data.price"
            value={jsonPath}
            onChange={(event) => {
              setJsonPath(event.currentTarget.value);
              touch('json_path');
            }}
            error={errors.json_path}
            styles={monospace}
            spellCheck={false}
            autoCapitalize="none"
            required
          />
        </SimpleGrid>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput
          label="Symbol"
          description={chosen ? sentence(chosen.symbol_hint) : 'As the source names it.'}
          placeholder={
            chosen?.name === 'coingecko' ? 'bitcoin' : chosen?.name === 'stooq' ? 'aapl.us' : 'ACME'
          }
          value={symbol}
          onChange={(event) => {
            setSymbol(event.currentTarget.value);
            touch('symbol');
          }}
          error={errors.symbol}
          styles={monospace}
          spellCheck={false}
          autoCapitalize="none"
          required
        />
        <Stack gap={4}>
          <Input.Label required>Notify when the price goes</Input.Label>
          <SegmentedControl
            aria-label="Condition"
            value={condition}
            onChange={(value) => {
              setCondition(value as PriceCondition);
              touch('condition');
            }}
            data={[
              { value: 'above', label: 'Above' },
              { value: 'below', label: 'Below' },
            ]}
          />
          {errors.condition ? (
            <Text size="xs" c="red">
              {errors.condition}
            </Text>
          ) : null}
        </Stack>
        <NumberInput
          label="Threshold"
          description="Strictly beyond it; equal is not."
          placeholder="100000"
          value={threshold}
          onChange={(value) => {
            setThreshold(value);
            touch('threshold');
          }}
          error={errors.threshold}
          thousandSeparator=","
          decimalScale={8}
          required
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="Name"
          description="Optional; the rule by default."
          value={name}
          maxLength={100}
          onChange={(event) => {
            setName(event.currentTarget.value);
            touch('name');
          }}
          error={errors.name}
        />
        <PollIntervalSelect
          value={interval}
          onChange={(value) => {
            setIntervalValue(value);
            touch('interval_seconds');
          }}
          error={errors.interval_seconds}
        />
      </SimpleGrid>
      {alert ? null : (
        <Switch
          label="Check it"
          description="Off: saved, paused; Check now still reads the price."
          checked={enabled}
          onChange={(event) => setEnabled(event.currentTarget.checked)}
        />
      )}
      <BlockedAddress hint={errors.blocked} />
    </FormDialog>
  );
}
