import { NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { navigationSections, pageForPath } from '../pages/registry';

interface SidebarProps {
  /** Called after a link is followed (closes the drawer on small screens). */
  onNavigate?: () => void;
}

export function Sidebar({ onNavigate }: SidebarProps) {
  const { pathname } = useLocation();
  const current = pageForPath(pathname);
  return (
    <ScrollArea type="scroll" offsetScrollbars>
      <Stack gap="lg" component="nav" aria-label="Main">
        {navigationSections().map((section) => (
          <Stack key={section.name} gap={2}>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pb={4} lts={0.6}>
              {section.name}
            </Text>
            {section.pages.map((page) => {
              const Icon = page.icon;
              const active = current?.path === page.path;
              return (
                <NavLink
                  key={page.path}
                  component={Link}
                  to={page.path}
                  label={page.label}
                  leftSection={<Icon />}
                  active={active}
                  aria-current={active ? 'page' : undefined}
                  onClick={onNavigate}
                  style={{ borderRadius: 'var(--mantine-radius-sm)' }}
                />
              );
            })}
          </Stack>
        ))}
      </Stack>
    </ScrollArea>
  );
}
