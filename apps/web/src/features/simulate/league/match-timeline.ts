import type { WinProbabilityPoint } from '@fm/ui';
import type { RouterOutputs } from '@fm/api';
import type { LeagueDetails } from '../shared/league-details';

export type MatchupTimeline = RouterOutputs['leagues']['timeline'];

const TIME = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/** The two teams the league page shows, the first one's side told. */
export interface ShownSides {
  userRosterId: number;
  opponentRosterId: number;
}

/**
 * The week's matchup the page shows: the one the two shown teams play in; null when they do not play each
 * other this week (the server records timelines of real matchups only).
 */
export function shownMatchupId(details: LeagueDetails, sides: ShownSides): number | null {
  const matchupOf = (rosterId: number) =>
    details.matchups.find((matchup) => matchup.roster_id === rosterId)?.matchup_id ?? null;
  const matchupId = matchupOf(sides.userRosterId);
  return matchupId !== null && matchupId === matchupOf(sides.opponentRosterId) ? matchupId : null;
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
