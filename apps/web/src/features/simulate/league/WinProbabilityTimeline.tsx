import { Banner, Button, Spinner, WinProbabilityTimelineChart } from '@fm/ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { trpc } from '../../../lib/trpc';
import type { LeagueDetails } from '../shared/league-details';
import { type ShownSides, shownMatchupId, timelineFromSide } from './match-timeline';

/** While the week is played the line gains a point per stats change; a minute between looks is enough. */
const TIMELINE_REFRESH_MS = 60_000;

/**
 * How the win probability of the matchup the page shows moved through the week's games, from the first shown
 * team's side, as recorded by the server on each stats change (the same line for everyone, kept across reloads).
 */
export function WinProbabilityTimeline({ details, sides }: { details: LeagueDetails; sides: ShownSides }) {
  const matchupId = shownMatchupId(details, sides);
  const timeline = useQuery({
    ...trpc.leagues.timeline.queryOptions({
      platform: details.platform,
      leagueId: details.league.league_id,
      week: details.week,
      matchup_id: matchupId ?? 0,
    }),
    enabled: matchupId !== null,
    refetchInterval: details.is_week_complete ? false : TIMELINE_REFRESH_MS,
    retry: false,
  });
  // The server records the point of a new stats state before it answers the league with it: when the league's
  // answer changes (a pushed change refetched it), the timeline has that point too.
  const { refetch } = timeline;
  const shownDetails = useRef(details);
  useEffect(() => {
    if (shownDetails.current === details) return;
    shownDetails.current = details;
    if (matchupId !== null) void refetch();
  }, [details, matchupId, refetch]);
  if (matchupId === null) return null;
  const rosterId = sides.userRosterId;
  const sideName = details.rosters.find((roster) => roster.roster_id === rosterId)?.owner_name ?? 'Your team';
  return (
    <section className="win-timeline" aria-labelledby="win-timeline-title">
      <h2 id="win-timeline-title">Win probability through the games</h2>
      {timeline.isPending ? (
        <Spinner label="Loading the win-probability timeline…" />
      ) : timeline.isError ? (
        <Banner tone="error">
          The timeline could not be loaded: {timeline.error.message}{' '}
          <Button variant="secondary" onClick={() => void timeline.refetch()}>
            Try again
          </Button>
        </Banner>
      ) : (
        <>
          <WinProbabilityTimelineChart
            label={`${sideName}'s win probability over game time, week ${details.week}`}
            sideName={sideName}
            points={timelineFromSide(timeline.data, rosterId)}
            emptyText={
              details.is_week_complete
                ? 'No win probability was recorded while this week was played.'
                : 'The line starts once this week’s games are under way: a point is recorded at every stats change.'
            }
          />
          <p className="win-timeline__axis">
            {sideName}’s chance to win (50 % line: even odds) by share of both line-ups’ game time played.
          </p>
        </>
      )}
    </section>
  );
}
