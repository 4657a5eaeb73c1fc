import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router';
import { AppLayout } from './layout/app-layout';
import { LoginPage } from './pages/login/login-page';
import { NotFoundPage } from './pages/not-found-page';
import { PAGES } from './pages/registry';
import { RouteErrorPage } from './pages/route-error-page';
import { createQueryClient } from './query-client';
import { theme } from './theme';

const router = createBrowserRouter([
  { path: '/login', element: <LoginPage />, errorElement: <RouteErrorPage /> },
  {
    path: '/',
    element: <AppLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <Navigate to="/overview" replace /> },
      ...PAGES.flatMap(({ path, component: Page, subRoutes = [] }) => [
        { path, element: <Page /> },
        ...subRoutes.map(({ path: subPath, component: SubPage }) => ({
          path: subPath,
          element: <SubPage />,
        })),
      ]),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <Notifications position="top-center" autoClose={6_000} />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
