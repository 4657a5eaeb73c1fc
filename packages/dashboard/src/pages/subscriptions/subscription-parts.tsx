import { Badge, Button, Group, Select, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { CheckResult, Subscription } from '../../api/subscriptions';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { formErrors } from '../../components/form-errors';
import { RelativeTime } from '../../components/relative-time';
import {
  useCheckSubscription,
  useDeleteSubscription,
  useToggleSubscription,
} from '../../hooks/use-subscriptions';
import { intervalOptions } from '../scheduler/schedule-time';
import { POLL_INTERVALS } from './subscription-form';

/** A price as people read it: grouped thousands, no more decimals than it has (up to 8). */
export const formatPrice = (price: number) =>
  price.toLocaleString('en-US', { maximumFractionDigits: 8 });

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** What one Check now found, for the toast. */
function describeCheck(result: CheckResult): { color: string; title: string; message: string } {
  const { subscription } = result;
  if (!result.ok) {
    return {
      color: 'red',
      title: `${subscription.name}: the check failed`,
      message: result.error ?? 'No reason was given.',
    };
  }
  if (result.feed) {
    const fresh = result.feed.new_items.length;
    return {
      color: 'green',
      title: `${subscription.name} checked`,
      message: result.feed.not_modified
        ? 'Not modified since the last poll: nothing new.'
        : `${fresh > 0 ? plural(fresh, 'new item') : 'Nothing new'}; ${plural(result.feed.items_in_feed, 'item')} in the feed.`,
    };
  }
  if (result.price) {
    const { price, previous_price: previous, crossed } = result.price;
    return {
      color: crossed ? 'orange' : 'green',
      title: `${subscription.name} checked`,
      message: `Now ${formatPrice(price)}${previous !== null ? ` (was ${formatPrice(previous)})` : ''}.${crossed ? ' It crossed the threshold: a notification was sent.' : ''}`,
    };
  }
  return { color: 'green', title: `${subscription.name} checked`, message: 'Done.' };
}

export function CheckNowButton({ subscription }: { subscription: Subscription }) {
  const check = useCheckSubscription();
  return (
    <Tooltip label="Polls now, also when paused; the schedule stays as it is" withArrow>
      <Button
        size="xs"
        variant="light"
        loading={check.isPending}
        onClick={() =>
          check.mutate(subscription.subscription_id, {
            onSuccess: (result) => notifications.show(describeCheck(result)),
          })
        }
      >
        Check now
      </Button>
    </Tooltip>
  );
}

/** Pause or resume polling (PATCH enabled). */
export function ActiveSwitch({ subscription }: { subscription: Subscription }) {
  const toggle = useToggleSubscription();
  const pending = toggle.isPending && toggle.variables?.id === subscription.subscription_id;
  const checked = pending ? Boolean(toggle.variables?.enabled) : subscription.enabled;
  return (
    <Switch
      checked={checked}
      onChange={(event) =>
        toggle.mutate({ id: subscription.subscription_id, enabled: event.currentTarget.checked })
      }
      disabled={pending}
      aria-label={`Polling: ${subscription.name}`}
      label={checked ? 'Active' : 'Paused'}
      size="sm"
    />
  );
}

/** When it was last polled and how that went; the next poll below. */
export function LastCheck({ subscription }: { subscription: Subscription }) {
  return (
    <Stack gap={2} maw={280}>
      {subscription.last_checked_at ? (
        <Group gap={6} wrap="nowrap">
          <Badge
            size="sm"
            variant="light"
            color={subscription.last_error ? 'red' : 'green'}
            miw="max-content"
          >
            {subscription.last_error ? 'failed' : 'ok'}
          </Badge>
          <Text size="sm" miw="max-content">
            <RelativeTime value={subscription.last_checked_at} />
          </Text>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          not checked yet
        </Text>
      )}
      {subscription.last_error ? (
        <Text
          size="xs"
          c="red.7"
          lineClamp={2}
          title={subscription.last_error}
          data-testid="last-error"
        >
          {subscription.last_error}
          {subscription.consecutive_failures > 1
            ? ` (${subscription.consecutive_failures} failures in a row)`
            : ''}
        </Text>
      ) : null}
      <Text size="xs" c="dimmed">
        {subscription.next_check_at ? (
          <>
            next <RelativeTime value={subscription.next_check_at} />
          </>
        ) : (
          'paused: not polled'
        )}
      </Text>
    </Stack>
  );
}

interface DeleteSubscriptionDialogProps {
  opened: boolean;
  subscription: Subscription | null;
  onClose: () => void;
}

export function DeleteSubscriptionDialog({
  opened,
  subscription,
  onClose,
}: DeleteSubscriptionDialogProps) {
  const remove = useDeleteSubscription();
  const feed = subscription?.kind === 'feed';
  const confirm = () => {
    if (!subscription) return;
    return remove.mutateAsync(subscription.subscription_id).then(() =>
      notifications.show({
        color: 'green',
        title: feed ? 'Unsubscribed' : 'Price alert deleted',
        message: `${subscription.name} is no longer polled.`,
      }),
    );
  };
  return (
    <ConfirmDialog
      opened={opened}
      onClose={onClose}
      onReset={remove.reset}
      title={subscription ? `Delete ${subscription.name}?` : ''}
      confirmLabel="Delete"
      onConfirm={confirm}
      busy={remove.isPending}
      refusal={formErrors(remove.error, {}).refusal}
    >
      <Text size="sm">
        {feed
          ? 'The feed and the record of the items it has seen are deleted; notes its items became stay. Subscribing again later starts over, announcing only the newest three items.'
          : 'The alert is deleted and its price is no longer checked.'}{' '}
        To stop polling for a while instead, pause it.
      </Text>
    </ConfirmDialog>
  );
}

/** How often a feed or a price alert is read: the poll intervals, and a stored odd one kept. */
export function PollIntervalSelect({
  value,
  onChange,
  error,
  w,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  w?: number;
}) {
  return (
    <Select
      label="Check every"
      data={intervalOptions(POLL_INTERVALS, Number(value))}
      value={value}
      allowDeselect={false}
      onChange={(next) => {
        if (next) onChange(next);
      }}
      error={error}
      comboboxProps={{ withinPortal: true }}
      w={w}
    />
  );
}
