import { PLATFORM_LABELS, PLATFORMS } from '@fm/contract';
import { Banner, Button, Spinner } from '@fm/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { trpc } from '../../lib/trpc';
import { leagueDetailsInput } from '../simulate/shared/league-details';
import { useLinkedLeagues } from '../simulate/shared/linked-leagues';
import { LeagueCard } from './LeagueCard';
import { LeagueMatchupSummary } from './LeagueMatchupSummary';
import { SeasonPicker } from './SeasonPicker';
import { leagueTotals, simulateRouteFor } from './league-routes';
import type { LeagueSummary } from './leagues-queries';
import './leagues.css';

/** Shown when the leagues cannot be loaded. */
export const LEAGUES_LOAD_FAILED_MESSAGE = 'Failed to load your leagues';

/** `/` for a signed-in user: the connected leagues, grouped by platform. */
export default function LeaguesHomePage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const seasonParam = Number(searchParams.get('season')) || undefined;
  // The current season's list says which season is current; an earlier one is asked for by ?season=.
  const current = useLinkedLeagues();
  const leagues = useLinkedLeagues(seasonParam);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [navigationError, setNavigationError] = useState<string | null>(null);
  const hasLeagues = Boolean(leagues.data && leagueTotals(leagues.data.data).totalLeagues > 0);

  // The league page is the next step: fetch its code while the list is being read.
  useEffect(() => {
    if (hasLeagues) void import('../simulate/league/SimulateLeaguePage').catch(() => undefined);
  }, [hasLeagues]);

  if (leagues.isPending) {
    return (
      <section className="page leagues-home">
        <h1>Loading Your Leagues</h1>
        <Spinner label="Loading Your Leagues" />
      </section>
    );
  }
  if (leagues.isError) {
    return (
      <section className="page leagues-home">
        <h1>Error Loading Leagues</h1>
        <Banner tone="error">{LEAGUES_LOAD_FAILED_MESSAGE}</Banner>
        <Button onClick={() => void leagues.refetch()} isBusy={leagues.isFetching}>
          Try Again
        </Button>
      </section>
    );
  }

  const { data, season, errors } = leagues.data;
  const totals = leagueTotals(data);
  const currentSeason = Number(current.data?.season ?? season);
  const isCurrentSeason = Number(season) === currentSeason;
  const seasonPicker = (
    <SeasonPicker
      currentSeason={currentSeason}
      season={Number(season)}
      onChange={(next) => setSearchParams(next === currentSeason ? {} : { season: String(next) })}
    />
  );
  if (totals.totalLeagues === 0 && errors.length === 0 && !isCurrentSeason) {
    return (
      <section className="page leagues-home">
        <div className="leagues-home__head">
          <h1>Your Leagues</h1>
          {seasonPicker}
        </div>
        <p>None of your linked accounts had a league in the {season} season.</p>
      </section>
    );
  }
  if (totals.totalLeagues === 0 && errors.length === 0) {
    return (
      <section className="page leagues-home leagues-empty">
        <h1>No Leagues Connected</h1>
        <p>
          Link your Sleeper or Yahoo account, or an ESPN league, to see your leagues and simulate this week’s
          matchup.
        </p>
        <Link to="/link-leagues" className="button button--primary">
          Connect Your Leagues
        </Link>
      </section>
    );
  }

  const select = (league: LeagueSummary) => {
    const route = simulateRouteFor(league, league.season || season);
    if ('error' in route) {
      setNavigationError(route.error);
      return;
    }
    // Start loading the league while the page's code arrives.
    void queryClient.prefetchQuery(
      trpc.leagues.details.queryOptions(
        leagueDetailsInput(league.platform, league.league_id, undefined, undefined, Number(league.season)),
      ),
    );
    navigate(route.path);
  };

  return (
    <section className="page leagues-home">
      <div className="leagues-home__head">
        <h1>Your Leagues</h1>
        {seasonPicker}
        <Link to="/link-leagues" className="button button--secondary">
          Manage Connections
        </Link>
      </div>
      <p className="leagues-home__season">
        NFL season {season}
        {isCurrentSeason ? ': this week’s matchup in each league' : ''}
      </p>
      {errors.map((error) => (
        <Banner key={error.platform} tone="warning">
          {PLATFORM_LABELS[error.platform]}: {error.message}
        </Banner>
      ))}
      {navigationError && (
        <Banner tone="error" onDismiss={() => setNavigationError(null)}>
          {navigationError}
        </Banner>
      )}
      {PLATFORMS.filter((platform) => data[platform].length > 0).map((platform) => (
        <section key={platform} className="league-group" aria-labelledby={`league-group-${platform}`}>
          <h2 id={`league-group-${platform}`}>
            {PLATFORM_LABELS[platform]} ({data[platform].length})
          </h2>
          <ul className="league-grid">
            {data[platform].map((league, index) => (
              <LeagueCard
                key={league.league_id}
                name={league.name}
                platform={platform}
                teamCount={league.total_rosters}
                index={index}
                summary={
                  isCurrentSeason ? (
                    <LeagueMatchupSummary platform={platform} leagueId={league.league_id} />
                  ) : undefined
                }
                action={
                  <Button onClick={() => select(league)} aria-label={`Select League ${league.name}`}>
                    Select League
                  </Button>
                }
              />
            ))}
          </ul>
        </section>
      ))}
      {/* The counts come after the leagues: on a phone this week's matchups are the first screen. */}
      <dl className="league-totals" aria-label="League totals">
        <div>
          <dt>Total Leagues</dt>
          <dd>{totals.totalLeagues}</dd>
        </div>
        <div>
          <dt>Sleeper Leagues</dt>
          <dd>{totals.sleeperLeagues}</dd>
        </div>
        <div>
          <dt>Yahoo Leagues</dt>
          <dd>{totals.yahooLeagues}</dd>
        </div>
        <div>
          <dt>ESPN Leagues</dt>
          <dd>{totals.espnLeagues}</dd>
        </div>
        <div>
          <dt>Total Teams</dt>
          <dd>{totals.totalTeams}</dd>
        </div>
      </dl>
    </section>
  );
}
