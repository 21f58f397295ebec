import { Breadcrumbs } from '@fm/ui';
import { Suspense, useEffect, useRef, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { useAuth } from '../features/auth/auth-context';
import { LiveStatus } from '../features/live/LiveStatus';
import '../features/live/live-status.css';
import { useLiveUpdates } from '../features/live/use-live-updates';
import { useSessionNavigation } from '../features/auth/use-session-navigation';
import { useScoringPreferenceSync } from '../features/preferences/use-scoring-preference-sync';
import { buildBreadcrumbs } from '../lib/breadcrumbs';
import { useCrumbLabels } from '../lib/use-crumb-labels';
import { usePageViewReporting } from '../lib/page-views';
import { BrandMark } from './BrandMark';
import { usePagesOpenAtTop } from './open-at-top';
import { navigationFor, type NavLinkItem } from './navigation';
import { PageLoading, RouteErrorBoundary } from './RouteErrorBoundary';

const MAIN_ID = 'main';

export function Layout() {
  const { user, logout } = useAuth();
  const location = useLocation();
  const crumbLabels = useCrumbLabels(location.pathname);
  const navigate = useNavigate();
  const [isSidebarOpen, setSidebarOpen] = useState(false);
  const links = navigationFor(user);

  useEffect(() => setSidebarOpen(false), [location.pathname]);
  useSessionNavigation();
  usePageViewReporting();
  useScoringPreferenceSync();
  usePagesOpenAtTop(MAIN_ID);
  const liveUpdates = useLiveUpdates();

  const handleLogout = async () => {
    const from = location.pathname;
    await logout();
    if (from !== '/' && from !== '/login') navigate('/');
  };

  return (
    <div className="app">
      <a className="skip-link" href={`#${MAIN_ID}`}>
        Skip to content
      </a>
      <header className="topbar">
        <Link to="/" className="brand" aria-label="Fantasy Matchup home">
          <BrandMark />
          <span className="brand__name">Fantasy Matchup</span>
        </Link>
        <nav aria-label="Main" className="topbar__nav">
          <NavLinks links={links} />
          {user && (
            <button type="button" className="nav-button" onClick={handleLogout}>
              Logout
            </button>
          )}
        </nav>
        <button
          type="button"
          className="topbar__menu"
          aria-label="Open menu"
          aria-expanded={isSidebarOpen}
          aria-controls="mobile-sidebar"
          onClick={() => setSidebarOpen(true)}
        >
          <span aria-hidden="true">☰</span>
        </button>
      </header>
      {isSidebarOpen && (
        <MobileSidebar
          links={links}
          onClose={() => setSidebarOpen(false)}
          onLogout={user ? handleLogout : undefined}
        />
      )}
      <Breadcrumbs
        items={buildBreadcrumbs(location.pathname, crumbLabels)}
        renderLink={(crumb) => <Link to={crumb.path}>{crumb.label}</Link>}
      />
      <main id={MAIN_ID} className="main" tabIndex={-1}>
        <RouteErrorBoundary key={location.pathname}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <footer className="footer">
        <LiveStatus state={liveUpdates} />
        <span>Fantasy Matchup</span>
        <Link to="/projections">Projections</Link>
        <Link to="/methodology">Methodology</Link>
        <a href="/api/docs">API</a>
      </footer>
    </div>
  );
}

function NavLinks({ links }: { links: NavLinkItem[] }) {
  return (
    <ul className="nav-links">
      {links.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} end={link.to === '/'} className="nav-link">
            {link.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/** The mobile drawer mirrors the main navigation; Escape or the backdrop closes it. */
function MobileSidebar({
  links,
  onClose,
  onLogout,
}: {
  links: NavLinkItem[];
  onClose: () => void;
  onLogout: (() => void) | undefined;
}) {
  const panelRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const previouslyFocused = document.activeElement as HTMLElement | null;
    panelRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previouslyFocused?.focus();
    };
  }, [onClose]);
  return (
    <div className="sidebar-backdrop" onClick={onClose}>
      <div
        id="mobile-sidebar"
        ref={panelRef}
        className="sidebar"
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        onClick={(event) => event.stopPropagation()}
      >
        <button type="button" className="sidebar__close" aria-label="Close menu" onClick={onClose}>
          ×
        </button>
        <nav aria-label="Mobile">
          <NavLinks links={links} />
          {onLogout && (
            <button type="button" className="nav-button" onClick={onLogout}>
              Logout
            </button>
          )}
        </nav>
      </div>
    </div>
  );
}
