import { Anchor, Badge, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import type { Feed, PriceAlert, Subscription } from '../../api/subscriptions';
import { type Column, DataTable } from '../../components/data-table';
import { RelativeTime } from '../../components/relative-time';
import { formatEvery } from '../scheduler/schedule-time';
import { ActiveSwitch, CheckNowButton, formatPrice, LastCheck } from './subscription-parts';

interface RowActions<T extends Subscription> {
  onEdit: (subscription: T) => void;
  onDelete: (subscription: T) => void;
}

function EditDelete<T extends Subscription>({
  subscription,
  onEdit,
  onDelete,
}: { subscription: T } & RowActions<T>) {
  return (
    <>
      <Button size="xs" variant="default" onClick={() => onEdit(subscription)}>
        Edit
      </Button>
      <Button size="xs" variant="subtle" color="red" onClick={() => onDelete(subscription)}>
        Delete
      </Button>
    </>
  );
}

interface FeedsTableProps extends RowActions<Feed> {
  feeds: Feed[];
  loading: boolean;
  onItems: (feed: Feed) => void;
}

function feedColumns({
  onItems,
  onEdit,
  onDelete,
}: Omit<FeedsTableProps, 'feeds' | 'loading'>): Column<Feed>[] {
  return [
    {
      key: 'feed',
      header: 'Feed',
      cell: (feed) => (
        <Stack gap={2}>
          <Text size="sm" fw={600} lineClamp={1} title={feed.name}>
            {feed.name}
          </Text>
          <Anchor
            href={feed.url}
            target="_blank"
            rel="noreferrer noopener"
            size="xs"
            ff="monospace"
            c="dimmed"
            lineClamp={1}
            title={feed.url}
          >
            {feed.url}
          </Anchor>
          {feed.created_by === 'agent' ? (
            <Badge size="xs" variant="light" color="grape" w="fit-content">
              subscribed by the agent
            </Badge>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'interval',
      header: 'Interval',
      width: 110,
      priority: 3,
      cell: (feed) => formatEvery(feed.interval_seconds),
    },
    {
      key: 'last-check',
      header: 'Last check',
      width: 150,
      priority: 2,
      cell: (feed) => <LastCheck subscription={feed} />,
    },
    {
      key: 'items',
      header: 'Items',
      width: 70,
      align: 'right',
      priority: 3,
      cell: (feed) => (
        <Text span size="sm" ff="monospace" data-testid="items-seen">
          {feed.items_seen.toLocaleString()}
        </Text>
      ),
    },
    {
      key: 'polling',
      header: 'Polling',
      width: 110,
      cell: (feed) => <ActiveSwitch subscription={feed} />,
    },
    {
      key: 'actions',
      header: 'Actions',
      width: 320,
      cell: (feed) => (
        <Group gap={6}>
          <CheckNowButton subscription={feed} />
          <Button size="xs" variant="default" onClick={() => onItems(feed)}>
            Items
          </Button>
          <EditDelete subscription={feed} onEdit={onEdit} onDelete={onDelete} />
        </Group>
      ),
    },
  ];
}

export function FeedsTable({ feeds, loading, ...actions }: FeedsTableProps) {
  return (
    <DataTable
      label="Feeds"
      columns={feedColumns(actions)}
      rows={loading ? undefined : feeds}
      rowKey={(feed) => feed.subscription_id}
      rowProps={(feed) => ({
        'data-subscription': feed.name,
        'data-enabled': String(feed.enabled),
      })}
      loadingRows={2}
      empty={{ title: 'No feeds', description: 'Feeds appear here once added.' }}
    />
  );
}

function AlertState({ alert }: { alert: PriceAlert }) {
  if (alert.triggered) {
    return (
      <Stack gap={2}>
        <Badge color="orange" variant="filled" miw="max-content" data-testid="alert-state">
          triggered
        </Badge>
        {alert.triggered_at ? (
          <Text size="xs" c="dimmed">
            since <RelativeTime value={alert.triggered_at} />
          </Text>
        ) : null}
      </Stack>
    );
  }
  return (
    <Tooltip label="Fires when a check finds the price beyond the threshold" withArrow>
      <Badge color="gray" variant="light" miw="max-content" data-testid="alert-state">
        {alert.last_price === null ? 'waiting for a price' : 'armed'}
      </Badge>
    </Tooltip>
  );
}

interface PriceAlertsTableProps extends RowActions<PriceAlert> {
  alerts: PriceAlert[];
  loading: boolean;
}

function alertColumns({ onEdit, onDelete }: RowActions<PriceAlert>): Column<PriceAlert>[] {
  return [
    {
      key: 'alert',
      header: 'Alert',
      cell: (alert) => (
        <Stack gap={2}>
          <Text size="sm" fw={600} lineClamp={1} title={alert.name}>
            {alert.name}
          </Text>
          <Text size="xs" c="dimmed">
            {alert.name === `${alert.symbol} ${alert.condition} ${alert.threshold}` ? null : (
              <>
                <Text span ff="monospace" size="xs">
                  {alert.symbol}
                </Text>{' '}
                {alert.condition} {formatPrice(alert.threshold)} ·{' '}
              </>
            )}
            {alert.source} · {formatEvery(alert.interval_seconds)}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'price',
      header: 'Last price',
      width: 110,
      align: 'right',
      cell: (alert) => (
        <Text span size="sm" ff="monospace" fw={600} data-testid="last-price">
          {alert.last_price === null ? '—' : formatPrice(alert.last_price)}
        </Text>
      ),
    },
    {
      key: 'state',
      header: 'State',
      width: 170,
      priority: 2,
      cell: (alert) => <AlertState alert={alert} />,
    },
    {
      key: 'last-check',
      header: 'Last check',
      width: 150,
      priority: 3,
      cell: (alert) => <LastCheck subscription={alert} />,
    },
    {
      key: 'polling',
      header: 'Polling',
      width: 110,
      cell: (alert) => <ActiveSwitch subscription={alert} />,
    },
    {
      key: 'actions',
      header: 'Actions',
      width: 250,
      cell: (alert) => (
        <Group gap={6}>
          <CheckNowButton subscription={alert} />
          <EditDelete subscription={alert} onEdit={onEdit} onDelete={onDelete} />
        </Group>
      ),
    },
  ];
}

export function PriceAlertsTable({ alerts, loading, ...actions }: PriceAlertsTableProps) {
  return (
    <DataTable
      label="Price alerts"
      columns={alertColumns(actions)}
      rows={loading ? undefined : alerts}
      rowKey={(alert) => alert.subscription_id}
      rowProps={(alert) => ({
        'data-subscription': alert.name,
        'data-enabled': String(alert.enabled),
      })}
      loadingRows={2}
      empty={{ title: 'No price alerts', description: 'Alerts appear here once set.' }}
    />
  );
}
