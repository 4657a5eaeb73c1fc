import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PAGES, pageForPath } from '../pages/registry';
import { PaletteProvider } from '../palette/palette-provider';
import { AppHeader } from './app-header';
import { Sidebar } from './sidebar';

export function AppLayout() {
  const [opened, navigation] = useDisclosure(false);
  const { pathname } = useLocation();
  const page = pageForPath(pathname);

  useEffect(() => {
    document.title = `${page?.label ?? 'Page not found'} · Agent Runtime`;
  }, [page]);

  return (
    <PaletteProvider pages={PAGES}>
      <AppShell
        header={{ height: 60 }}
        navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }}
        padding="lg"
      >
        <AppShell.Header>
          <AppHeader navigationOpened={opened} onToggleNavigation={navigation.toggle} />
        </AppShell.Header>
        <AppShell.Navbar p="sm">
          <Sidebar onNavigate={navigation.close} />
        </AppShell.Navbar>
        <AppShell.Main bg="var(--mantine-color-gray-0)">
          <Outlet />
        </AppShell.Main>
      </AppShell>
    </PaletteProvider>
  );
}
