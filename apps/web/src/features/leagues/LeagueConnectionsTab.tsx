import { Banner, Spinner } from '@fm/ui';
import { Link } from 'react-router';
import { useConnections } from './leagues-queries';

/** Settings → League Connections: the Sleeper username, Yahoo user id and ESPN leagues linked, and where to change them. */
export function LeagueConnectionsTab() {
  const connections = useConnections();
  if (connections.isPending) return <Spinner label="Loading your connections" />;
  if (connections.isError) return <Banner tone="error">{connections.error.message}</Banner>;
  const { sleeper, yahoo, espn } = connections.data;
  return (
    <div className="settings-league-connections">
      <dl className="settings-facts">
        <div>
          <dt>Sleeper</dt>
          <dd>{sleeper.connected ? `Connected as ${sleeper.username}` : 'Not connected'}</dd>
        </div>
        <div>
          <dt>Yahoo</dt>
          <dd>{yahoo.connected ? `Connected (user ID ${yahoo.userId})` : 'Not connected'}</dd>
        </div>
        <div>
          <dt>ESPN</dt>
          <dd>
            {espn.connected ? espn.leagues.map((league) => league.name).join(', ') : 'No league linked'}
          </dd>
        </div>
      </dl>
      <Link to="/link-leagues" className="button button--primary">
        Manage League Connections
      </Link>
    </div>
  );
}
