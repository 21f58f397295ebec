import { Navigate, Outlet } from 'react-router';
import { useAuth } from '../features/auth/auth-context';
import NotFoundPage from './NotFoundPage';

/** Signed-in pages: visitors are sent to /. */
export function SignedInOnly() {
  const { user } = useAuth();
  return user ? <Outlet /> : <Navigate to="/" replace />;
}

/**
 * /login and /register: a signed-in user goes to /, except right after logging in, when
 * someone without linked leagues goes to /link-leagues.
 */
export function SignedOutOnly() {
  const { user, landingPathAfterLogin } = useAuth();
  return user ? <Navigate to={landingPathAfterLogin ?? '/'} replace /> : <Outlet />;
}

/** /admin/*: role admin only; anyone else goes to /. */
export function AdminOnly() {
  const { user } = useAuth();
  return user?.role === 'admin' ? <Outlet /> : <Navigate to="/" replace />;
}

/** Unknown path: visitors go to /, signed-in users see the 404 page. */
export function UnknownPath() {
  const { user } = useAuth();
  return user ? <NotFoundPage /> : <Navigate to="/" replace />;
}
