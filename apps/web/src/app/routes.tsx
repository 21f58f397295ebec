import { Navigate, type RouteObject } from 'react-router';
import { lazyPage } from '../lib/lazy-page';
import { useAuth } from '../features/auth/auth-context';
import { AdminOnly, SignedInOnly, SignedOutOnly, UnknownPath } from './guards';
import { Layout } from './Layout';

const LandingPage = lazyPage(() => import('../features/landing/LandingPage'));
const SignedInHomePage = lazyPage(() => import('../features/landing/SignedInHomePage'));
const MethodologyPage = lazyPage(() => import('../features/methodology/MethodologyPage'));

/** `/`: the landing page for visitors, the leagues home for signed-in users. */
function HomeRoute() {
  const { user } = useAuth();
  return user ? <SignedInHomePage /> : <LandingPage />;
}

/** Pages anyone may open. */
const publicRoutes: RouteObject[] = [
  { path: 'rankings', element: <Navigate to="/projections" replace /> },
  { path: 'methodology', element: <MethodologyPage /> },
];

/** Pages only visitors see (signed-in users are sent to /). */
const signedOutRoutes: RouteObject[] = [];

/** Pages that need a signed-in user. */
const signedInRoutes: RouteObject[] = [];

/** Pages under /admin (role admin). */
const adminRoutes: RouteObject[] = [];

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { index: true, element: <HomeRoute /> },
      ...publicRoutes,
      { element: <SignedOutOnly />, children: signedOutRoutes },
      { element: <SignedInOnly />, children: signedInRoutes },
      { path: 'admin', element: <AdminOnly />, children: adminRoutes },
      { path: '*', element: <UnknownPath /> },
    ],
  },
];
