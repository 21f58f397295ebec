import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AuthProvider, useAuth } from '../features/auth/auth-context';
import { MotionProvider } from '../features/preferences/MotionProvider';
import { queryClient } from '../lib/trpc';
import { routes } from './routes';

const router = createBrowserRouter(routes);

function AppRoutes() {
  const { status } = useAuth();
  if (status === 'loading') {
    return (
      <p className="boot-message" role="status">
        Loading Application...
      </p>
    );
  }
  return <RouterProvider router={router} />;
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <MotionProvider>
        <AuthProvider>
          <AppRoutes />
        </AuthProvider>
      </MotionProvider>
    </QueryClientProvider>
  );
}
