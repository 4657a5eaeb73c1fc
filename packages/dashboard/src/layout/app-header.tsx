import {
  ActionIcon,
  Anchor,
  Burger,
  Button,
  Group,
  Kbd,
  Skeleton,
  Text,
  Tooltip,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from 'react-router';
import { KeyIcon, LogoMark, SearchIcon, SignOutIcon } from '../components/icons';
import { RelativeTime } from '../components/relative-time';
import { useLogout, useSession } from '../hooks/use-session';
import { openPalette } from '../palette/command-palette';
import { ChangePasswordDialog } from './change-password-dialog';
import { ConfirmationsBadge } from './confirmations-badge';
import { HealthBadge } from './health-badge';
import { NotificationsMenu } from './notifications-menu';

interface AppHeaderProps {
  navigationOpened: boolean;
  onToggleNavigation: () => void;
}

export function AppHeader({ navigationOpened, onToggleNavigation }: AppHeaderProps) {
  const session = useSession();
  const logout = useLogout();
  const [passwordOpened, passwordDialog] = useDisclosure(false);

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={navigationOpened}
          onClick={onToggleNavigation}
          hiddenFrom="sm"
          size="sm"
          aria-label="Toggle navigation"
        />
        <Anchor component={Link} to="/overview" c="inherit" underline="never">
          <Group gap={10} wrap="nowrap">
            <LogoMark />
            <Text fw={700} size="lg" visibleFrom="xs">
              Agent Runtime
            </Text>
          </Group>
        </Anchor>
        <HealthBadge />
        <ConfirmationsBadge />
      </Group>

      <Group gap="sm" wrap="nowrap">
        <Button
          variant="default"
          size="sm"
          leftSection={<SearchIcon size={16} />}
          rightSection={<Kbd size="xs">Ctrl K</Kbd>}
          onClick={openPalette}
          visibleFrom="md"
          aria-label="Search (Ctrl+K)"
        >
          Search
        </Button>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="Search (Ctrl+K)"
          onClick={openPalette}
          hiddenFrom="md"
        >
          <SearchIcon />
        </ActionIcon>
        <NotificationsMenu />
        {session.data ? (
          <Tooltip
            label={
              <>
                Session ends <RelativeTime value={session.data.expires_at} />
              </>
            }
            withArrow
          >
            <Text size="sm" c="dimmed" visibleFrom="sm" data-testid="signed-in-user">
              Signed in as{' '}
              <Text span fw={600} c="var(--mantine-color-text)">
                {session.data.user}
              </Text>
            </Text>
          </Tooltip>
        ) : (
          <Skeleton h={16} w={140} visibleFrom="sm" />
        )}
        {/* Labelled buttons where there is room, icon buttons with the same names on phones. */}
        <Button
          variant="subtle"
          color="gray"
          size="sm"
          leftSection={<KeyIcon size={16} />}
          onClick={passwordDialog.open}
          visibleFrom="sm"
        >
          Change password
        </Button>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label="Change password"
          onClick={passwordDialog.open}
          hiddenFrom="sm"
        >
          <KeyIcon />
        </ActionIcon>
        <Button
          variant="default"
          size="sm"
          leftSection={<SignOutIcon size={16} />}
          loading={logout.isPending}
          onClick={() => logout.mutate()}
          visibleFrom="sm"
        >
          Sign out
        </Button>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="Sign out"
          loading={logout.isPending}
          onClick={() => logout.mutate()}
          hiddenFrom="sm"
        >
          <SignOutIcon />
        </ActionIcon>
      </Group>
      <ChangePasswordDialog
        user={session.data?.user}
        opened={passwordOpened}
        onClose={passwordDialog.close}
      />
    </Group>
  );
}
