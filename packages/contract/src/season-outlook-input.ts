import {
  DEFAULT_ITERATIONS,
  MIN_WEEKLY_STD,
  type SeasonOutlookInput,
  type SeasonTeam,
  type SeasonWeek,
} from '@fm/engine';
import { LEAGUE_SIMULATION_SEED } from './league-engine-input.js';

/**
 * A league's rest of the regular season as the engine's season outlook takes it: one builder for the league
 * page's playoff odds (browser) and the rest-of-season tools (server), so both play the same schedule.
 */

/** Sleeper's default when a league does not say when its playoffs start. */
export const DEFAULT_PLAYOFF_WEEK_START = 15;
/**
 * Spread of a fantasy team's weekly score relative to its mean: about 0.2 in redraft leagues
 * (weekly team scores of ~110 ± 22 points), and never below a floor of a few points.
 */
export const WEEKLY_SPREAD_RATIO = 0.2;
export { MIN_WEEKLY_STD };

/** The parts of a league details answer the season's schedule and standings are read from. */
export interface SeasonLeagueDetails {
  week: number;
  is_week_complete: boolean;
  league: {
    status: string;
    settings: {
      playoff_week_start: number | null;
      playoff_teams: number | null;
      league_average_match: number;
    };
  };
  rosters: {
    roster_id: number;
    owner_name: string;
    wins: number;
    losses: number;
    ties: number;
    fpts: number;
  }[];
  matchups: { matchup_id: number | null; roster_id: number }[];
}

/** Round-robin pairings (circle method) for `weeks`, rotating from `offset`; odd leagues give one team a bye. */
export function roundRobinWeeks(teamIds: string[], weeks: number[], offset = 0): SeasonWeek[] {
  const ids = teamIds.length % 2 === 0 ? [...teamIds] : [...teamIds, ''];
  const rounds = ids.length - 1;
  return weeks.map((week, w) => {
    const round = (offset + w) % rounds;
    const rotated = [ids[0]!, ...ids.slice(1).map((_, i) => ids[1 + ((i + round) % rounds)]!)];
    const matchups: [string, string][] = [];
    for (let i = 0; i < rotated.length / 2; i++) {
      const home = rotated[i]!;
      const away = rotated[rotated.length - 1 - i]!;
      if (home !== '' && away !== '') matchups.push([home, away]);
    }
    return { week, matchups };
  });
}

/** This week's real pairings from the platform's matchups. */
function pairingsOf(details: SeasonLeagueDetails): [string, string][] {
  const byMatchup = new Map<number, number[]>();
  for (const matchup of details.matchups) {
    if (matchup.matchup_id === null) continue;
    byMatchup.set(matchup.matchup_id, [...(byMatchup.get(matchup.matchup_id) ?? []), matchup.roster_id]);
  }
  return [...byMatchup.values()]
    .filter((pair) => pair.length === 2)
    .map(([a, b]) => [String(a), String(b)] as [string, string]);
}

/** The regular-season weeks still to play: from this week (the next once it is complete) to the playoffs. */
export function remainingRegularWeeks(details: SeasonLeagueDetails): number[] {
  if (details.league.status === 'complete') return [];
  const playoffStart = details.league.settings.playoff_week_start ?? DEFAULT_PLAYOFF_WEEK_START;
  const firstWeek = details.is_week_complete ? details.week + 1 : details.week;
  return Array.from({ length: Math.max(0, playoffStart - firstWeek) }, (_, i) => firstWeek + i);
}

/**
 * The remaining schedule: this week's real pairings (unless the week is over), and round-robin pairings for later
 * weeks (the platforms do not publish future schedules in the calls we make). Team ids are the roster ids.
 */
export function remainingSchedule(details: SeasonLeagueDetails): SeasonWeek[] {
  const weeks = remainingRegularWeeks(details);
  const ids = details.rosters.map((roster) => String(roster.roster_id));
  const thisWeek = pairingsOf(details);
  return weeks[0] === details.week && thisWeek.length > 0
    ? [{ week: details.week, matchups: thisWeek }, ...roundRobinWeeks(ids, weeks.slice(1), details.week)]
    : roundRobinWeeks(ids, weeks, details.week);
}

/** A team's expected weekly points: one figure for every remaining week, or one per week. */
export interface TeamWeekly {
  mean: number | number[];
  std: number | number[];
}

/** A spread for a team expected to score `mean` in a week when nothing better is known. */
export function typicalWeeklyStd(mean: number): number {
  return Math.max(MIN_WEEKLY_STD, mean * WEEKLY_SPREAD_RATIO);
}

/**
 * The league's rest of the regular season for the playoff-odds simulation: standings as they are, the remaining
 * schedule, and each team's weekly points from `weeklyOf` (per remaining week when an array). A completed league
 * has no weeks left, so its standings are final. Null for a league of fewer than two teams.
 */
export function seasonOutlookInput(
  details: SeasonLeagueDetails,
  weeklyOf: (roster: SeasonLeagueDetails['rosters'][number]) => TeamWeekly,
): SeasonOutlookInput | null {
  const { rosters, league } = details;
  if (rosters.length < 2) return null;
  const teams = rosters.map((roster): SeasonTeam => {
    const weekly = weeklyOf(roster);
    return {
      id: String(roster.roster_id),
      name: roster.owner_name,
      wins: roster.wins,
      losses: roster.losses,
      ties: roster.ties,
      pointsFor: roster.fpts,
      weeklyMean: weekly.mean,
      weeklyStd: weekly.std,
    };
  });
  const playoffTeams = Math.min(
    rosters.length,
    league.settings.playoff_teams ?? Math.min(6, Math.floor(rosters.length / 2)),
  );
  return {
    teams,
    schedule: remainingSchedule(details),
    playoffTeams,
    medianMatch: league.settings.league_average_match === 1,
    iterations: DEFAULT_ITERATIONS,
    seed: LEAGUE_SIMULATION_SEED,
  };
}
