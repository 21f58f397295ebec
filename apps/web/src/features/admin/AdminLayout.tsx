import { NavLink, Outlet } from 'react-router';
import './admin.css';

/** The admin sub-navigation. */
export const ADMIN_SECTIONS = [
  { to: '/admin', label: 'Overview', end: true },
  { to: '/admin/users', label: 'User Management', end: false },
  { to: '/admin/alerts', label: 'System Alerts', end: false },
  { to: '/admin/system-health', label: 'System Health', end: false },
  { to: '/admin/data-management', label: 'Data Management', end: false },
] as const;

export default function AdminLayout() {
  return (
    <div className="admin">
      <nav className="admin-nav" aria-label="Admin sections">
        <ul>
          {ADMIN_SECTIONS.map((section) => (
            <li key={section.to}>
              <NavLink to={section.to} end={section.end} className="admin-nav__link">
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
