import {
  Input,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { MonitorCheck, Schedule, ScheduleKind } from '../../api/schedules';
import { FormDialog } from '../../components/form-dialog';
import { formatAbsolute } from '../../components/format';
import { useCreateSchedule, useUpdateSchedule } from '../../hooks/use-schedules';
import { CronFields, ZoneSelect } from './cron-fields';
import {
  type FormErrors,
  type FormField,
  initialForm,
  MONITOR_INTERVALS,
  missingFields,
  newSchedule,
  type ScheduleForm,
  scheduleChange,
  scheduleErrors,
} from './schedule-form';
import { BlockedAddress, KIND_LABELS } from './schedule-parts';
import { formatInZone, intervalOptions, wallTimeToInstant } from './schedule-time';

interface ScheduleFormDialogProps {
  kind: ScheduleKind;
  opened: boolean;
  onClose: () => void;
  /** The schedule to edit; absent: create one of `kind`. */
  schedule?: Schedule | null;
}

const monospace = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

const NAME_HINTS: Record<ScheduleKind, string> = {
  recurring: 'Optional; the start of the prompt by default.',
  once: 'Optional; the start of the prompt by default.',
  reminder: 'Optional; the start of the message by default.',
  monitor: 'Optional; the check and the URL by default.',
};

export function ScheduleFormDialog({ kind, opened, onClose, schedule }: ScheduleFormDialogProps) {
  const create = useCreateSchedule();
  const update = useUpdateSchedule();
  const mutation = schedule ? update : create;
  const [form, setForm] = useState<ScheduleForm>(() => initialForm(schedule));
  const [missing, setMissing] = useState<FormErrors>({});
  const errors: FormErrors = { ...missing, ...scheduleErrors(mutation.error) };

  const set = <K extends keyof ScheduleForm>(key: K, value: ScheduleForm[K], field?: FormField) => {
    setForm((previous) => ({ ...previous, [key]: value }));
    if (mutation.isError) mutation.reset();
    if (field && missing[field]) setMissing(({ [field]: _gone, ...rest }) => rest);
  };

  const submit = () => {
    const problems = missingFields(kind, form);
    setMissing(problems);
    if (Object.keys(problems).length > 0) return;
    if (schedule) {
      const change = scheduleChange(schedule, form);
      if (Object.keys(change).length === 0) return Promise.resolve();
      return update.mutateAsync({ id: schedule.schedule_id, change }).then((saved) =>
        notifications.show({
          color: 'green',
          title: 'Schedule saved',
          message: saved.next_run_at
            ? `${saved.name}: next run ${formatInZone(saved.next_run_at, saved.time_zone)}.`
            : `${saved.name} is saved.`,
        }),
      );
    }
    return create.mutateAsync(newSchedule(kind, form)).then((saved) =>
      notifications.show({
        color: 'green',
        title: `${KIND_LABELS[kind]} created`,
        message: saved.next_run_at
          ? `${saved.name}: first run ${formatInZone(saved.next_run_at, saved.time_zone)}.`
          : `${saved.name} is saved, disabled.`,
      }),
    );
  };

  const runAtInstant = wallTimeToInstant(form.runAt, form.timeZone);
  const title = schedule
    ? `Edit ${schedule.name}`
    : kind === 'recurring'
      ? 'Add a recurring task'
      : kind === 'once'
        ? 'Add a one-off task'
        : kind === 'reminder'
          ? 'Add a reminder'
          : 'Add a monitor';

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      onReset={() => {
        create.reset();
        update.reset();
      }}
      title={title}
      label={schedule ? 'Edit schedule' : title}
      submitLabel={schedule ? 'Save' : `Add ${KIND_LABELS[kind].toLowerCase()}`}
      busy={mutation.isPending}
      refusal={errors.refusal}
      onSubmit={submit}
      size="xl"
    >
      {kind === 'recurring' ? (
        <CronFields
          cron={form.cron}
          timeZone={form.timeZone}
          onCron={(cron) => set('cron', cron, 'cron')}
          onTimeZone={(zone) => set('timeZone', zone, 'time_zone')}
          cronError={errors.cron}
          zoneError={errors.time_zone}
        />
      ) : null}
      {kind === 'once' || kind === 'reminder' ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            type="datetime-local"
            label="When"
            description={
              runAtInstant
                ? `Your local time: ${formatAbsolute(runAtInstant.getTime())}`
                : 'A date and a time in the zone beside.'
            }
            value={form.runAt}
            onChange={(event) => set('runAt', event.currentTarget.value, 'run_at')}
            error={errors.run_at}
            required
          />
          <ZoneSelect
            value={form.timeZone}
            onChange={(zone) => set('timeZone', zone, 'time_zone')}
            error={errors.time_zone}
            description="The time is read in this zone."
          />
        </SimpleGrid>
      ) : null}
      {kind === 'recurring' || kind === 'once' ? (
        <Textarea
          label="Prompt"
          description="What the agent is asked at each run, as if you sent it in a chat."
          placeholder="Summarise the news about our product from the last day."
          autosize
          minRows={3}
          maxRows={10}
          maxLength={32_000}
          value={form.prompt}
          onChange={(event) => set('prompt', event.currentTarget.value, 'action')}
          error={errors.action}
          required
        />
      ) : null}
      {kind === 'reminder' ? (
        <Textarea
          label="Message"
          description="Raised as a notification when it falls due."
          placeholder="Call the dentist"
          autosize
          minRows={2}
          maxRows={6}
          maxLength={2_000}
          value={form.message}
          onChange={(event) => set('message', event.currentTarget.value, 'message')}
          error={errors.message}
          required
        />
      ) : null}
      {kind === 'monitor' ? <MonitorFields form={form} set={set} errors={errors} /> : null}
      <TextInput
        label="Name"
        description={NAME_HINTS[kind]}
        value={form.name}
        maxLength={200}
        onChange={(event) => set('name', event.currentTarget.value, 'name')}
        error={errors.name}
      />
      {schedule ? null : (
        <Switch
          label="Enabled"
          description={
            kind === 'monitor'
              ? 'An enabled monitor is checked at once, then at every interval.'
              : 'A disabled schedule is kept but not run until you enable it.'
          }
          checked={form.enabled}
          onChange={(event) => set('enabled', event.currentTarget.checked)}
        />
      )}
      <BlockedAddress hint={errors.blocked} />
    </FormDialog>
  );
}

interface MonitorFieldsProps {
  form: ScheduleForm;
  set: <K extends keyof ScheduleForm>(key: K, value: ScheduleForm[K], field?: FormField) => void;
  errors: FormErrors;
}

function MonitorFields({ form, set, errors }: MonitorFieldsProps) {
  return (
    <>
      <TextInput
        label="URL"
        description="http or https. Each check goes through the runtime's outbound address guard."
        placeholder="https://status.example.com/"
        value={form.url}
        onChange={(event) => set('url', event.currentTarget.value, 'url')}
        error={errors.url}
        styles={monospace}
        spellCheck={false}
        autoCapitalize="none"
        type="url"
        required
        data-autofocus
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Stack gap={4}>
          <Input.Label>Check</Input.Label>
          <SegmentedControl
            aria-label="Check"
            value={form.check}
            onChange={(value) => set('check', value as MonitorCheck, 'check')}
            data={[
              { value: 'up', label: 'Up / down' },
              { value: 'changed', label: 'Content changed' },
            ]}
          />
          <Text size="xs" c={errors.check ? 'red' : 'dimmed'}>
            {errors.check ??
              (form.check === 'up'
                ? 'Notifies when it goes down and comes back.'
                : 'Also notifies when the page content changes.')}
          </Text>
        </Stack>
        <Select
          label="Interval"
          description="Between two checks."
          data={intervalOptions(MONITOR_INTERVALS, Number(form.interval))}
          value={form.interval}
          allowDeselect={false}
          onChange={(value) => value && set('interval', value, 'interval_seconds')}
          error={errors.interval_seconds}
          comboboxProps={{ withinPortal: true }}
        />
        <NumberInput
          label="Expected status"
          description="Empty: any status below 400 is up."
          placeholder="200"
          min={100}
          max={599}
          allowDecimal={false}
          value={form.expectedStatus}
          onChange={(value) => set('expectedStatus', value, 'expected_status')}
          error={errors.expected_status}
        />
      </SimpleGrid>
    </>
  );
}
