import { Anchor, Badge, Button, Group, Skeleton, Stack, Table, Text, Tooltip } from '@mantine/core';
import type { Feed, PriceAlert, Subscription } from '../../api/subscriptions';
import { RelativeTime } from '../../components/relative-time';
import { formatEvery } from '../scheduler/schedule-time';
import { ActiveSwitch, CheckNowButton, formatPrice, LastCheck } from './subscription-parts';

interface RowActions<T extends Subscription> {
  onEdit: (subscription: T) => void;
  onDelete: (subscription: T) => void;
}

function Placeholder({ columns }: { columns: number }) {
  return (
    <>
      {[0, 1].map((row) => (
        <Table.Tr key={row}>
          {Array.from({ length: columns }, (_, cell) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Table.Td key={cell}>
              <Skeleton h={16} />
            </Table.Td>
          ))}
        </Table.Tr>
      ))}
    </>
  );
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

export function FeedsTable({ feeds, loading, onItems, onEdit, onDelete }: FeedsTableProps) {
  return (
    <Table.ScrollContainer minWidth={1080}>
      <Table verticalSpacing="sm" highlightOnHover aria-label="Feeds">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Feed</Table.Th>
            <Table.Th>Interval</Table.Th>
            <Table.Th>Last check</Table.Th>
            <Table.Th ta="right">Items</Table.Th>
            <Table.Th w={110}>Polling</Table.Th>
            <Table.Th w={320}>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading ? (
            <Placeholder columns={6} />
          ) : (
            feeds.map((feed) => (
              <Table.Tr
                key={feed.subscription_id}
                data-subscription={feed.name}
                opacity={feed.enabled ? 1 : 0.75}
              >
                <Table.Td maw={380}>
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
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{formatEvery(feed.interval_seconds)}</Text>
                </Table.Td>
                <Table.Td>
                  <LastCheck subscription={feed} />
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm" ff="monospace" data-testid="items-seen">
                    {feed.items_seen.toLocaleString()}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <ActiveSwitch subscription={feed} />
                </Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <CheckNowButton subscription={feed} />
                    <Button size="xs" variant="default" onClick={() => onItems(feed)}>
                      Items
                    </Button>
                    <EditDelete subscription={feed} onEdit={onEdit} onDelete={onDelete} />
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
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

export function PriceAlertsTable({ alerts, loading, onEdit, onDelete }: PriceAlertsTableProps) {
  return (
    <Table.ScrollContainer minWidth={1080}>
      <Table verticalSpacing="sm" highlightOnHover aria-label="Price alerts">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Alert</Table.Th>
            <Table.Th ta="right">Last price</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th>Last check</Table.Th>
            <Table.Th w={110}>Polling</Table.Th>
            <Table.Th w={250}>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading ? (
            <Placeholder columns={6} />
          ) : (
            alerts.map((alert) => (
              <Table.Tr
                key={alert.subscription_id}
                data-subscription={alert.name}
                opacity={alert.enabled ? 1 : 0.75}
              >
                <Table.Td maw={360}>
                  <Stack gap={2}>
                    <Text size="sm" fw={600} lineClamp={1} title={alert.name}>
                      {alert.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {alert.name ===
                      `${alert.symbol} ${alert.condition} ${alert.threshold}` ? null : (
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
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm" ff="monospace" fw={600} data-testid="last-price">
                    {alert.last_price === null ? '—' : formatPrice(alert.last_price)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <AlertState alert={alert} />
                </Table.Td>
                <Table.Td>
                  <LastCheck subscription={alert} />
                </Table.Td>
                <Table.Td>
                  <ActiveSwitch subscription={alert} />
                </Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <CheckNowButton subscription={alert} />
                    <EditDelete subscription={alert} onEdit={onEdit} onDelete={onDelete} />
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
