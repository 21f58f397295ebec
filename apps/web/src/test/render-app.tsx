import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from '../app/routes';
import { AuthProvider, useAuth } from '../features/auth/auth-context';

function AppRoutes({ router }: { router: ReturnType<typeof createMemoryRouter> }) {
  const { status } = useAuth();
  if (status === 'loading') return <p>Loading Application...</p>;
  return <RouterProvider router={router} />;
}

/** The real routes and auth provider, as App renders them, starting at `entry`. */
export function renderApp(entry: string | { pathname: string; search?: string; state?: unknown }) {
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <AppRoutes router={router} />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}
