import { Banner, Button, Spinner } from '@fm/ui';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { type LeagueDetails, type LeaguePlatform, useLeagueDetails } from '../simulate/shared/league-details';
import type { LeagueRef } from './rest-of-season-queries';
import '../simulate/shared/simulate.css';
import './rest-of-season.css';

/** The league a tool page is opened for, from its route (season as the league page's route names it). */
export function useLeagueRef(platform: LeaguePlatform): LeagueRef {
  const { leagueId = '', season } = useParams();
  return { platform, leagueId, season: Number(season) || undefined };
}

/**
 * A rest-of-season page of one league: loads the league (as its league page does), says so while it loads or
 * when it cannot, and hands the league and the caller's team to the page; a way back to the matchup on top.
 */
export function LeagueToolFrame({
  league,
  title,
  children,
}: {
  league: LeagueRef;
  title: string;
  children(details: LeagueDetails, myRosterId: number): ReactNode;
}) {
  const details = useLeagueDetails(league.platform, league.leagueId, undefined, league.season);
  const back = (
    <Link to=".." relative="path" className="ros-back">
      ← Back to the matchup
    </Link>
  );
  if (details.isPending) return <Spinner label="Loading your league…" />;
  if (details.isError) {
    return (
      <section className="page ros-page">
        <h1>{title}</h1>
        <Banner tone="error">{details.error.message}</Banner>
        <div className="button-row">
          <Button onClick={() => void details.refetch()}>Try Again</Button>
          {back}
        </div>
      </section>
    );
  }
  const myRosterId = details.data.my_roster_id;
  return (
    <section className="page ros-page">
      {back}
      <h1>
        {title} <span className="ros-page__league">· {details.data.league.name}</span>
      </h1>
      {myRosterId === null ? (
        <Banner tone="info">
          Your linked account has no team in this league, so there is no roster to improve.
        </Banner>
      ) : (
        children(details.data, myRosterId)
      )}
    </section>
  );
}
