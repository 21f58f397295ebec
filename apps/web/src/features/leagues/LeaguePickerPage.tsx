import { Banner, Button, Spinner } from '@fm/ui';
import { Link, useParams } from 'react-router';
import { LeagueCard } from './LeagueCard';
import { simulateRouteFor, YAHOO_ROUTE_SEGMENT } from './league-routes';
import { useLinkedLeagues } from '../simulate/shared/linked-leagues';
import './leagues.css';

/** /simulate/{username}/{season}: the leagues found through that account, each opening its simulation. */
export default function LeaguePickerPage() {
  const { username = '', season = '' } = useParams();
  const seasonNumber = /^\d{4}$/.test(season) ? Number(season) : undefined;
  const leagues = useLinkedLeagues(seasonNumber);
  const isYahoo = username === YAHOO_ROUTE_SEGMENT;

  if (leagues.isPending) return <Spinner label={`Loading leagues for ${username}...`} />;
  if (leagues.isError) {
    return (
      <section className="page">
        <h1>Choose a League</h1>
        <Banner tone="error">{leagues.error.message}</Banner>
        <Button onClick={() => void leagues.refetch()}>Try Again</Button>
      </section>
    );
  }
  const found = isYahoo
    ? leagues.data.data.yahoo
    : leagues.data.data.sleeper.filter((league) => league.username?.toLowerCase() === username.toLowerCase());
  return (
    <section className="page league-picker">
      <h1>Choose a League</h1>
      <p>
        {isYahoo ? 'Your Yahoo leagues' : `Leagues for ${username}`} in the {leagues.data.season} season.
      </p>
      {found.length === 0 ? (
        <Banner tone="info">
          No leagues found. <Link to="/link-leagues">Check your connections</Link>.
        </Banner>
      ) : (
        <ul className="league-grid">
          {found.map((league, index) => {
            const route = simulateRouteFor(league, league.season || leagues.data.season);
            return (
              <LeagueCard
                key={league.league_id}
                name={league.name}
                platform={league.platform}
                teamCount={league.total_rosters}
                index={index}
                action={
                  'path' in route ? (
                    <Link className="button button--primary" to={route.path}>
                      Simulate {league.name}
                    </Link>
                  ) : (
                    <span className="field__error">{route.error}</span>
                  )
                }
              />
            );
          })}
        </ul>
      )}
    </section>
  );
}
