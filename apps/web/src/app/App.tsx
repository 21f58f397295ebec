import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AuthProvider, useAuth } from '../features/auth/auth-context';
import { MotionProvider } from '../features/preferences/MotionProvider';
import { queryClient } from '../lib/query-client';
import { routes } from './routes';

const router = createBrowserRouter(routes);

// Most first visits land on `/` signed out: fetch the landing chunk while the session check runs
// instead of after it (a failure is handled when the route itself loads the chunk).
if (window.location.pathname === '/') import('../features/landing/LandingPage').catch(() => {});

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
