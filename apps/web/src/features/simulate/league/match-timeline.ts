import type { WinProbabilityPoint } from '@fm/ui';
import type { RouterOutputs } from '@fm/api';
import type { LeagueDetails } from '../shared/league-details';

export type MatchupTimeline = RouterOutputs['leagues']['timeline'];

const TIME = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/** The matchup a league page follows: the viewer's own (else the first of the week); null when there is none. */
export function followedMatchupId(details: LeagueDetails): number | null {
  const mine = details.matchups.find((matchup) => matchup.roster_id === details.my_roster_id);
  return (
    mine?.matchup_id ?? details.matchups.find((matchup) => matchup.matchup_id !== null)?.matchup_id ?? null
  );
}

/** The timeline's points from `rosterId`'s side (the server records the lower roster id's chance). */
export function timelineFromSide(timeline: MatchupTimeline, rosterId: number | null): WinProbabilityPoint[] {
  const isSecond = timeline.roster_ids !== null && timeline.roster_ids[1] === rosterId;
  return timeline.points.map((point) => ({
    elapsed: point.game_time_elapsed,
    probability: isSecond ? 1 - point.win_probability : point.win_probability,
    label: TIME.format(new Date(point.recorded_at)),
  }));
}

/** "live scores paused since 2:35 PM" while the stats service fails during games; null otherwise. */
export function livePausedText(details: LeagueDetails): string | null {
  const since = details.live.paused_since;
  return since
    ? `Live scores paused since ${TIME.format(new Date(since))}; the last scores are shown.`
    : null;
}

/** Whether any game still being played has only an estimated clock (the scoreboard could not be read). */
export function isClockEstimated(details: LeagueDetails): boolean {
  return details.games.some((game) => game.state === 'in' && game.clock_source === 'estimated');
}
