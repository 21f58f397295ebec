import { Link } from 'react-router';
import { useAuth } from '../auth/auth-context';

/** What the public pages of a fresh install show before any data arrived: why, and how to load some. */
export function NoDataYet() {
  const { user } = useAuth();
  return (
    <div className="no-data-yet card">
      <h2>No data is available yet</h2>
      <p>
        Projections and stats fill in by themselves from Sleeper (the <code>SLEEPER_API_URL</code> service)
        once the server can reach it; the first sync takes a few minutes.
      </p>
      <p>
        To load data without it, start the server with <code>NFL_DATA_DIR</code> pointing at a folder of
        NFL.com weekly CSVs (or run <code>npm run data:import</code>), or upload a projections CSV
        {user?.role === 'admin' ? (
          <>
            {' '}
            on <Link to="/admin/data-management">Admin → Data Management</Link>.
          </>
        ) : (
          ' as an admin on Data Management.'
        )}
      </p>
    </div>
  );
}
