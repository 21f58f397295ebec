import { DEFAULT_ITERATIONS, type SeasonOutlookInput, type SeasonWeek } from '@fm/engine';
import type { LeagueDetails, LeagueRoster } from '../shared/league-details';
import { expectedPointsOf } from './matchup-players';
import { SIMULATION_SEED } from '../shared/matchup-inputs';

/** Sleeper's default when a league does not say when its playoffs start. */
const DEFAULT_PLAYOFF_WEEK_START = 15;
/** Below this many games a season average says less than the projected line-up does. */
const MIN_GAMES_FOR_AVERAGE = 3;
/**
 * Spread of a fantasy team's weekly score relative to its mean: about 0.2 in redraft leagues
 * (weekly team scores of ~110 ± 22 points), and never below a floor of a few points.
 */
const WEEKLY_SPREAD_RATIO = 0.2;
const MIN_WEEKLY_STD = 12;

/** A team's expected weekly score: its season average once it has played a few games, else its projected starters. */
function weeklyMean(details: LeagueDetails, roster: LeagueRoster): number {
  const games = roster.wins + roster.losses + roster.ties;
  if (games >= MIN_GAMES_FOR_AVERAGE && roster.fpts > 0) return roster.fpts / games;
  return roster.players.starters.reduce((sum, player) => {
    return sum + (expectedPointsOf(details, roster.roster_id, player).points ?? 0);
  }, 0);
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
function pairingsOf(details: LeagueDetails): [string, string][] {
  const byMatchup = new Map<number, number[]>();
  for (const matchup of details.matchups) {
    if (matchup.matchup_id === null) continue;
    byMatchup.set(matchup.matchup_id, [...(byMatchup.get(matchup.matchup_id) ?? []), matchup.roster_id]);
  }
  return [...byMatchup.values()]
    .filter((pair) => pair.length === 2)
    .map(([a, b]) => [String(a), String(b)] as [string, string]);
}

/**
 * The league's rest of the regular season for the playoff-odds simulation: standings as they are,
 * this week's real pairings (unless the week is over), and round-robin pairings for later weeks
 * (the platforms do not publish future schedules in the calls we make). A completed league has no
 * weeks left, so its standings are final.
 */
export function seasonOutlookInput(details: LeagueDetails): SeasonOutlookInput | null {
  const { rosters, league } = details;
  if (rosters.length < 2) return null;
  const playoffStart = league.settings.playoff_week_start ?? DEFAULT_PLAYOFF_WEEK_START;
  const firstWeek = details.is_week_complete ? details.week + 1 : details.week;
  const isOver = league.status === 'complete';
  const weeks = isOver
    ? []
    : Array.from({ length: Math.max(0, playoffStart - firstWeek) }, (_, i) => firstWeek + i);
  const ids = rosters.map((roster) => String(roster.roster_id));
  const thisWeek = pairingsOf(details);
  const schedule =
    weeks[0] === details.week && thisWeek.length > 0
      ? [{ week: details.week, matchups: thisWeek }, ...roundRobinWeeks(ids, weeks.slice(1), details.week)]
      : roundRobinWeeks(ids, weeks, details.week);
  const teams = rosters.map((roster) => {
    const mean = weeklyMean(details, roster);
    return {
      id: String(roster.roster_id),
      name: roster.owner_name,
      wins: roster.wins,
      losses: roster.losses,
      ties: roster.ties,
      pointsFor: roster.fpts,
      weeklyMean: mean,
      weeklyStd: Math.max(MIN_WEEKLY_STD, mean * WEEKLY_SPREAD_RATIO),
    };
  });
  const playoffTeams = Math.min(
    rosters.length,
    league.settings.playoff_teams ?? Math.min(6, Math.floor(rosters.length / 2)),
  );
  return {
    teams,
    schedule,
    playoffTeams,
    medianMatch: league.settings.league_average_match === 1,
    iterations: DEFAULT_ITERATIONS,
    seed: SIMULATION_SEED,
  };
}
