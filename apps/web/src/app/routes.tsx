import { Navigate, type RouteObject } from 'react-router';
import { lazyPage } from '../lib/lazy-page';
import { useAuth } from '../features/auth/auth-context';
import { AdminOnly, SignedInOnly, SignedOutOnly, UnknownPath } from './guards';
import { Layout } from './Layout';
import type { LeaguePlatform } from '../features/simulate/shared/league-details';

const LandingPage = lazyPage(() => import('../features/landing/LandingPage'));
const AdminLayout = lazyPage(() => import('../features/admin/AdminLayout'));
const AdminOverviewPage = lazyPage(() => import('../features/admin/AdminOverviewPage'));
const UserManagementPage = lazyPage(() => import('../features/admin/UserManagementPage'));
const SystemAlertsPage = lazyPage(() => import('../features/admin/SystemAlertsPage'));
const SystemHealthPage = lazyPage(() => import('../features/admin/SystemHealthPage'));
const DataManagementPage = lazyPage(() => import('../features/admin/DataManagementPage'));
const LeaguesHomePage = lazyPage(() => import('../features/leagues/LeaguesHomePage'));
const LinkLeaguesPage = lazyPage(() => import('../features/leagues/LinkLeaguesPage'));
const LeaguePickerPage = lazyPage(() => import('../features/leagues/LeaguePickerPage'));
const SimulateLeaguePage = lazyPage(() => import('../features/simulate/league/SimulateLeaguePage'));
const FreeAgentsPage = lazyPage(() => import('../features/rest-of-season/FreeAgentsPage'));
const TradesPage = lazyPage(() => import('../features/rest-of-season/TradesPage'));
const DashboardPage = lazyPage(() => import('../features/simulate/dashboard/DashboardPage'));
const TeamMatchupPage = lazyPage(() => import('../features/simulate/team-matchup/TeamMatchupPage'));
const TeamMatchupDashboardPage = lazyPage(
  () => import('../features/simulate/team-matchup/TeamMatchupDashboardPage'),
);
const MethodologyPage = lazyPage(() => import('../features/methodology/MethodologyPage'));
const ProjectionsPage = lazyPage(() => import('../features/projections/ProjectionsPage'));
const ComparePage = lazyPage(() => import('../features/compare/ComparePage'));
const LoginPage = lazyPage(() => import('../features/auth/LoginPage'));
const RegisterPage = lazyPage(() => import('../features/auth/RegisterPage'));
const ForgotPasswordPage = lazyPage(() => import('../features/auth/ForgotPasswordPage'));
const ResetPasswordPage = lazyPage(() => import('../features/auth/ResetPasswordPage'));
const ConfirmEmailPage = lazyPage(() => import('../features/auth/ConfirmEmailPage'));
const CancelEmailChangePage = lazyPage(() => import('../features/auth/CancelEmailChangePage'));
const UndoEmailChangePage = lazyPage(() => import('../features/auth/UndoEmailChangePage'));
const SettingsPage = lazyPage(() => import('../features/settings/SettingsPage'));

/** `/`: the landing page for visitors, the leagues home for signed-in users. */
function HomeRoute() {
  const { user } = useAuth();
  return user ? <LeaguesHomePage /> : <LandingPage />;
}

/** Pages anyone may open. */
const publicRoutes: RouteObject[] = [
  { path: 'rankings', element: <Navigate to="/projections" replace /> },
  { path: 'projections', element: <ProjectionsPage /> },
  { path: 'compare', element: <ComparePage /> },
  { path: 'methodology', element: <MethodologyPage /> },
  { path: 'forgot-password', element: <ForgotPasswordPage /> },
  { path: 'reset-password', element: <ResetPasswordPage /> },
  { path: 'confirm-email', element: <ConfirmEmailPage /> },
  { path: 'cancel-email-change', element: <CancelEmailChangePage /> },
  { path: 'undo-email-change', element: <UndoEmailChangePage /> },
];

/** Pages only visitors see (signed-in users are sent to /). */
const signedOutRoutes: RouteObject[] = [
  { path: 'login', element: <LoginPage /> },
  { path: 'register', element: <RegisterPage /> },
];

/** A linked league's page and its rest-of-season pages beside it (…/free-agents, …/trades). */
function leaguePages(path: string, platform: LeaguePlatform): RouteObject[] {
  return [
    { path, element: <SimulateLeaguePage platform={platform} /> },
    { path: `${path}/free-agents`, element: <FreeAgentsPage platform={platform} /> },
    { path: `${path}/trades`, element: <TradesPage platform={platform} /> },
  ];
}

/** Pages that need a signed-in user. */
const signedInRoutes: RouteObject[] = [
  { path: 'settings', element: <SettingsPage /> },
  { path: 'link-leagues', element: <LinkLeaguesPage /> },
  { path: 'simulate', element: <Navigate to="/" replace /> },
  { path: 'simulate/:username', element: <LeaguePickerPage /> },
  { path: 'simulate/:username/:season', element: <LeaguePickerPage /> },
  ...leaguePages('simulate/yahoo/:season/:leagueId', 'yahoo'),
  ...leaguePages('simulate/espn/:season/:leagueId', 'espn'),
  ...leaguePages('simulate/:username/:season/:leagueId', 'sleeper'),
  { path: 'dashboard', element: <DashboardPage /> },
  { path: 'team-matchup', element: <TeamMatchupPage /> },
  { path: 'team-matchup/dashboard', element: <TeamMatchupDashboardPage /> },
];

/** Pages under /admin (role admin). */
const adminRoutes: RouteObject[] = [
  {
    element: <AdminLayout />,
    children: [
      { index: true, element: <AdminOverviewPage /> },
      { path: 'users', element: <UserManagementPage /> },
      { path: 'alerts', element: <SystemAlertsPage /> },
      { path: 'system-health', element: <SystemHealthPage /> },
      { path: 'data-management', element: <DataManagementPage /> },
    ],
  },
];

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
