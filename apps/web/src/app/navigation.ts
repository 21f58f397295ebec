import type { SessionUser } from '../features/auth/auth-context';

export interface NavLinkItem {
  to: string;
  label: string;
}

/** The main navigation: what each kind of visitor sees, in order. */
export function navigationFor(user: SessionUser | null): NavLinkItem[] {
  if (!user) {
    return [
      { to: '/projections', label: 'Projections' },
      { to: '/compare', label: 'Compare' },
      { to: '/login', label: 'Login' },
      { to: '/register', label: 'Sign Up' },
    ];
  }
  const links: NavLinkItem[] = [
    { to: '/', label: 'Home' },
    { to: '/dashboard', label: 'Dashboard' },
    { to: '/projections', label: 'Projections' },
    { to: '/compare', label: 'Compare' },
    { to: '/settings', label: 'Settings' },
  ];
  if (user.role === 'admin') links.push({ to: '/admin', label: 'Admin' });
  return links;
}
