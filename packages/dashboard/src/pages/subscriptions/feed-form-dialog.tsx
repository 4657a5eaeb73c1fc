import { Switch, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { Feed, SubscriptionChange } from '../../api/subscriptions';
import { FormDialog } from '../../components/form-dialog';
import { useCreateSubscription, useUpdateSubscription } from '../../hooks/use-subscriptions';
import { BlockedAddress } from '../scheduler/schedule-parts';
import { type SubscriptionErrors, subscriptionErrors } from './subscription-form';
import { PollIntervalSelect } from './subscription-parts';

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
  const submit = () => {
    const address = url.trim();
    setMissingUrl(!address);
    if (!address) return;
    const label = name.trim();
    if (feed) {
      const change: SubscriptionChange = {};
      if (address !== feed.url) change.url = address;
      if (label && label !== feed.name) change.name = label;
      if (Number(interval) !== feed.interval_seconds) change.interval_seconds = Number(interval);
      if (Object.keys(change).length === 0) return Promise.resolve();
      return update.mutateAsync({ id: feed.subscription_id, change }).then((saved) =>
        notifications.show({
          color: 'green',
          title: 'Feed saved',
          message: `${saved.name} is saved.`,
        }),
      );
    }
    return create
      .mutateAsync({
        kind: 'feed',
        url: address,
        interval_seconds: Number(interval),
        enabled,
        ...(label ? { name: label } : {}),
      })
      .then((saved) =>
        notifications.show({
          color: 'green',
          title: 'Subscribed',
          message: saved.enabled
            ? `${saved.name} is polled now; its newest three items are announced, older ones are recorded as seen.`
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
      title={feed ? `Edit ${feed.name}` : 'Subscribe to a feed'}
      label={feed ? 'Edit feed' : 'Add feed'}
      submitLabel={feed ? 'Save' : 'Subscribe'}
      busy={mutation.isPending}
      refusal={errors.refusal}
      onSubmit={submit}
    >
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
      <PollIntervalSelect
        value={interval}
        onChange={(value) => {
          setIntervalValue(value);
          touch();
        }}
        error={errors.interval_seconds}
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
      <BlockedAddress hint={errors.blocked} />
    </FormDialog>
  );
}
