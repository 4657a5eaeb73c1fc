import {
  ActionIcon,
  Badge,
  Button,
  Divider,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import type { Notification } from '../api/notifications';
import { BellIcon } from '../components/icons';
import { RelativeTime } from '../components/relative-time';
import {
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotifications,
} from '../hooks/use-notifications';

/** Colour by what kind of thing happened: trouble red, changes orange, the rest blue. */
function kindColor(kind: string): string {
  if (/down|fail|error/.test(kind)) return 'red';
  if (/changed|crossed/.test(kind)) return 'orange';
  return 'blue';
}

function NotificationRow({ notification }: { notification: Notification }) {
  const markRead = useMarkNotificationRead();
  const unread = notification.read_at === null;
  return (
    <UnstyledButton
      onClick={() => unread && markRead.mutate(notification.notification_id)}
      data-testid="notification"
      data-unread={unread}
      px="xs"
      py={6}
      style={{
        borderRadius: 'var(--mantine-radius-sm)',
        background: unread ? 'var(--mantine-color-blue-light)' : undefined,
      }}
      aria-label={
        unread ? `${notification.title} (unread; click to mark read)` : notification.title
      }
    >
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <Stack gap={2} miw={0}>
          <Text size="sm" fw={unread ? 600 : 400} lineClamp={2}>
            {notification.title}
          </Text>
          <Badge size="xs" variant="light" color={kindColor(notification.kind)} w="fit-content">
            {notification.kind}
          </Badge>
        </Stack>
        <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
          <RelativeTime value={notification.created_at} />
        </Text>
      </Group>
    </UnstyledButton>
  );
}

/** The header bell: reminders due, monitors down or changed, prices crossed. */
export function NotificationsMenu() {
  const list = useNotifications();
  const markAll = useMarkAllNotificationsRead();
  const unread = list.data?.unread_count ?? 0;
  const items = list.data?.notifications ?? [];
  return (
    <Popover width={360} position="bottom-end" shadow="md" withArrow>
      <Popover.Target>
        <Indicator
          label={unread > 99 ? '99+' : unread}
          size={16}
          disabled={unread === 0}
          color="red"
          offset={4}
        >
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
            data-testid="notifications-bell"
          >
            <BellIcon />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown p="xs">
        <Group justify="space-between" px="xs" pb={6}>
          <Text size="sm" fw={700}>
            Notifications
          </Text>
          <Button
            size="compact-xs"
            variant="subtle"
            disabled={unread === 0}
            loading={markAll.isPending}
            onClick={() => markAll.mutate()}
          >
            Mark all read
          </Button>
        </Group>
        <Divider mb={4} />
        {items.length === 0 ? (
          <Text size="sm" c="dimmed" p="sm">
            {list.isError
              ? 'Notifications could not be loaded.'
              : 'Nothing yet. Reminders, monitors that go down or change, and price alerts that cross their threshold show up here.'}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={420} type="scroll">
            <Stack gap={2}>
              {items.map((notification) => (
                <NotificationRow key={notification.notification_id} notification={notification} />
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
