import { Modal, Select, Stack, Switch, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import type { Feed, SubscriptionChange } from '../../api/subscriptions';
import { useCreateSubscription, useUpdateSubscription } from '../../hooks/use-subscriptions';
import { intervalOptions } from '../scheduler/schedule-time';
import { POLL_INTERVALS, type SubscriptionErrors, subscriptionErrors } from './subscription-form';
import { SubscriptionFormFooter } from './subscription-parts';

interface FeedFormDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The feed to edit; absent: subscribe to a new one. */
  feed?: Feed | null;
}

const monospace = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

export function FeedFormDialog({ opened, onClose, feed }: FeedFormDialogProps) {
  const create = useCreateSubscription();
  const update = useUpdateSubscription();
  const mutation = feed ? update : create;
  const [url, setUrl] = useState(feed?.url ?? '');
  const [name, setName] = useState(feed?.name ?? '');
  const [interval, setIntervalValue] = useState(String(feed?.interval_seconds ?? 3_600));
  const [enabled, setEnabled] = useState(true);
  const [missingUrl, setMissingUrl] = useState(false);
  const errors: SubscriptionErrors = subscriptionErrors(mutation.error, 'url');

  const touch = () => {
    if (mutation.isError) mutation.reset();
  };
  const close = () => {
    create.reset();
    update.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = url.trim();
    setMissingUrl(!address);
    if (!address) return;
    const label = name.trim();
    if (feed) {
      const change: SubscriptionChange = {};
      if (address !== feed.url) change.url = address;
      if (label && label !== feed.name) change.name = label;
      if (Number(interval) !== feed.interval_seconds) change.interval_seconds = Number(interval);
      if (Object.keys(change).length === 0) return close();
      update.mutate(
        { id: feed.subscription_id, change },
        {
          onSuccess: (saved) => {
            notifications.show({
              color: 'green',
              title: 'Feed saved',
              message: `${saved.name} is saved.`,
            });
            close();
          },
        },
      );
      return;
    }
    create.mutate(
      {
        kind: 'feed',
        url: address,
        interval_seconds: Number(interval),
        enabled,
        ...(label ? { name: label } : {}),
      },
      {
        onSuccess: (saved) => {
          notifications.show({
            color: 'green',
            title: 'Subscribed',
            message: saved.enabled
              ? `${saved.name} is polled now; its newest three items are announced, older ones are recorded as seen.`
              : `${saved.name} is saved, paused.`,
          });
          close();
        },
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={feed ? `Edit ${feed.name}` : 'Subscribe to a feed'}
      centered
      size="lg"
    >
      <form onSubmit={submit} noValidate aria-label={feed ? 'Edit feed' : 'Add feed'}>
        <Stack gap="md">
          <TextInput
            label="Feed URL"
            description="An RSS or Atom feed, http or https."
            placeholder="https://example.org/feed/"
            value={url}
            onChange={(event) => {
              setUrl(event.currentTarget.value);
              setMissingUrl(false);
              touch();
            }}
            error={errors.url ?? (missingUrl ? 'Enter the address of the feed.' : undefined)}
            styles={monospace}
            spellCheck={false}
            autoCapitalize="none"
            type="url"
            required
            data-autofocus
          />
          <TextInput
            label="Name"
            description="Optional; the host and path of the URL by default."
            value={name}
            maxLength={100}
            onChange={(event) => {
              setName(event.currentTarget.value);
              touch();
            }}
            error={errors.name}
          />
          <Select
            label="Check every"
            data={intervalOptions(POLL_INTERVALS, Number(interval))}
            value={interval}
            allowDeselect={false}
            onChange={(value) => {
              if (value) setIntervalValue(value);
              touch();
            }}
            error={errors.interval_seconds}
            comboboxProps={{ withinPortal: true }}
            w={240}
          />
          {feed ? null : (
            <Switch
              label="Poll it"
              description="Off: saved, paused; Check now still polls it."
              checked={enabled}
              onChange={(event) => setEnabled(event.currentTarget.checked)}
            />
          )}
          <SubscriptionFormFooter
            errors={errors}
            submitLabel={feed ? 'Save' : 'Subscribe'}
            pending={mutation.isPending}
            onCancel={close}
          />
        </Stack>
      </form>
    </Modal>
  );
}
