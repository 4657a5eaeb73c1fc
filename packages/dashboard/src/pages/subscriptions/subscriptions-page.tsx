import { Badge, Button, EmptyState, Group, Paper, Stack } from '@mantine/core';
import { useState } from 'react';
import type { Feed, PriceAlert, Subscription } from '../../api/subscriptions';
import { PlusIcon, SubscriptionsIcon } from '../../components/icons';
import { PageHeader } from '../../components/page-header';
import { Panel } from '../../components/panel';
import { UpdatedAgo } from '../../components/updated-ago';
import { useSubscriptionLiveUpdates, useSubscriptions } from '../../hooks/use-subscriptions';
import { FeedFormDialog } from './feed-form-dialog';
import { FeedItemsDrawer } from './feed-items-drawer';
import { PriceAlertFormDialog } from './price-alert-form-dialog';
import { DeleteSubscriptionDialog } from './subscription-parts';
import { FeedsTable, PriceAlertsTable } from './subscription-tables';

type Editor =
  | { kind: 'feed'; feed: Feed | null }
  | { kind: 'price_alert'; alert: PriceAlert | null };

export function SubscriptionsPage() {
  const list = useSubscriptions();
  useSubscriptionLiveUpdates();
  const subscriptions = list.data ?? [];
  const feeds = subscriptions.filter((item): item is Feed => item.kind === 'feed');
  const alerts = subscriptions.filter((item): item is PriceAlert => item.kind === 'price_alert');
  const [editor, setEditor] = useState<Editor | null>(null);
  // Dialogs and the drawer keep their subscription while they animate closed.
  const [deleting, setDeleting] = useState<Subscription | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [browsing, setBrowsing] = useState<Feed | null>(null);
  const [itemsOpen, setItemsOpen] = useState(false);
  // The drawer shows the feed as the list now has it (its items count moves after a poll).
  const browsed =
    feeds.find((feed) => feed.subscription_id === browsing?.subscription_id) ?? browsing;

  const onDelete = (subscription: Subscription) => {
    setDeleting(subscription);
    setDeleteOpen(true);
  };
  const count = (value: number) =>
    list.data ? (
      <Badge variant="light" color={value > 0 ? 'indigo' : 'gray'}>
        {value}
      </Badge>
    ) : null;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Subscriptions"
        description="RSS and Atom feeds and price alerts the runtime polls in the background. New feed items become notes and events; a price crossing its threshold notifies you. Subscriptions survive a Panic Reset."
        aside={<UpdatedAgo updatedAt={list.dataUpdatedAt} fetching={list.isFetching} />}
      />
      {list.isError && !list.data ? (
        <Paper withBorder radius="md">
          <EmptyState
            py={48}
            icon={<SubscriptionsIcon size={28} />}
            withIndicatorBackground
            title="The subscriptions could not be loaded"
            description="The runtime did not answer the request."
          >
            <EmptyState.Actions>
              <Button variant="light" onClick={() => list.refetch()}>
                Try again
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        </Paper>
      ) : (
        <>
          <Panel
            title="Feeds"
            aside={
              <Group gap="sm">
                {count(feeds.length)}
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<PlusIcon size={14} />}
                  onClick={() => setEditor({ kind: 'feed', feed: null })}
                >
                  Add feed
                </Button>
              </Group>
            }
          >
            {!list.isPending && feeds.length === 0 ? (
              <EmptyState
                size="sm"
                py="lg"
                title="No feeds"
                description="Subscribe to a blog, a changelog or a news site by its RSS or Atom URL. The agent can also subscribe through its subscribe skill."
              />
            ) : (
              <FeedsTable
                feeds={feeds}
                loading={list.isPending}
                onItems={(feed) => {
                  setBrowsing(feed);
                  setItemsOpen(true);
                }}
                onEdit={(feed) => setEditor({ kind: 'feed', feed })}
                onDelete={onDelete}
              />
            )}
          </Panel>
          <Panel
            title="Price alerts"
            aside={
              <Group gap="sm">
                {count(alerts.length)}
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<PlusIcon size={14} />}
                  onClick={() => setEditor({ kind: 'price_alert', alert: null })}
                >
                  Add price alert
                </Button>
              </Group>
            }
          >
            {!list.isPending && alerts.length === 0 ? (
              <EmptyState
                size="sm"
                py="lg"
                title="No price alerts"
                description="Watch a coin on CoinGecko, a stock or an index on Stooq, or any JSON quote API, and get a notification when the price goes above or below a threshold."
              />
            ) : (
              <PriceAlertsTable
                alerts={alerts}
                loading={list.isPending}
                onEdit={(alert) => setEditor({ kind: 'price_alert', alert })}
                onDelete={onDelete}
              />
            )}
          </Panel>
        </>
      )}
      {/* Remounted per use, so each opens with fresh fields. */}
      {editor?.kind === 'feed' ? (
        <FeedFormDialog
          key={editor.feed?.subscription_id ?? 'new'}
          opened
          feed={editor.feed}
          onClose={() => setEditor(null)}
        />
      ) : null}
      {editor?.kind === 'price_alert' ? (
        <PriceAlertFormDialog
          key={editor.alert?.subscription_id ?? 'new'}
          opened
          alert={editor.alert}
          onClose={() => setEditor(null)}
        />
      ) : null}
      <DeleteSubscriptionDialog
        opened={deleteOpen}
        subscription={deleting}
        onClose={() => setDeleteOpen(false)}
      />
      <FeedItemsDrawer feed={browsed} opened={itemsOpen} onClose={() => setItemsOpen(false)} />
    </Stack>
  );
}
