export interface Crumb {
  label: string;
  path: string;
}

/** Labels for known path segments; any other segment is shown as written. */
export const CRUMB_LABELS: Record<string, string> = {
  projections: 'Projections',
  compare: 'Compare',
  settings: 'Settings',
  admin: 'Admin',
  users: 'User Management',
  alerts: 'System Alerts',
  'system-health': 'System Health',
  'data-management': 'Data Management',
  'link-leagues': 'Link Leagues',
  simulate: 'Simulate',
  yahoo: 'Yahoo',
  'team-matchup': 'Team Matchup',
  dashboard: 'Dashboard',
  'free-agents': 'Free Agents',
  trades: 'Trades',
  login: 'Log In',
  register: 'Sign Up',
  'forgot-password': 'Forgot Password',
  'reset-password': 'Reset Password',
  'confirm-email': 'Confirm Email',
  methodology: 'How the Numbers Are Made',
};

/**
 * Home, then one crumb per path segment; the last is the current page. `labels` names crumbs
 * by their path where data knows better than the segment (a league's name for its id).
 */
export function buildBreadcrumbs(pathname: string, labels: Record<string, string> = {}): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  const crumbs: Crumb[] = [{ label: 'Home', path: '/' }];
  let path = '';
  for (const segment of segments) {
    path += `/${segment}`;
    let label: string;
    try {
      label = decodeURIComponent(segment);
    } catch {
      label = segment;
    }
    crumbs.push({ label: labels[path] ?? CRUMB_LABELS[segment] ?? label, path });
  }
  return crumbs;
}
