import {
  MIN_WEEKLY_STD,
  type SeasonOutlookInput,
  type SeasonRoster,
  type SeasonWeek,
  type SimulationPlayer,
  simulateMatchup,
  simulateSeasonOutlook,
  type TradeScorer,
  type WeeklyLineups,
} from '@fm/engine';
import { opponentIn, PLAYOFF_TEAMS, type Standing } from './advice-league.js';
import type { SeasonView } from './advice-season.js';

/** Free agents looked at per position by our ranking, by their own rest-of-season points (as the API does). */
export const POOL_PER_POSITION = 30;
/** Our ranking simulates the best this many by rest-of-season points gained (the API's default list length). */
export const RANKED_LIMIT = 25;
/** The free agents' roster id in the backtest's line-up pools. */
export const FREE_AGENT_ROSTER = -1;

export interface SimulationSettings {
  seasonIterations: number;
  matchupIterations: number;
  seed: number;
}

/** A team's week: the league as the rest-of-season tools see it at week `view.week`. */
export interface TeamWeek {
  view: SeasonView;
  /** Projected pool of the league's rosters and the free agents (rosterId FREE_AGENT_ROSTER). */
  scorer: TradeScorer;
  /** Each team's best line-ups as they stand (projected), by team index. */
  lineups: readonly WeeklyLineups[];
  standings: readonly Standing[];
  /** The schedule from this week on. */
  schedule: readonly SeasonWeek[];
  team: number;
  settings: SimulationSettings;
}

export interface RankedFreeAgent {
  id: string;
  /** Expected rest-of-season points the team's best line-ups gain (after the engine's drop). */
  pointsGain: number;
  dropped: string[];
  deltaPlayoffs: number;
  deltaWin: number;
}

/** The player as the engine's line-ups take him: expected points each remaining week. */
export function seasonPlayerOf(view: SeasonView, id: string) {
  const weeks = view.restOfSeason(id);
  return {
    id,
    position: view.projectionOf(id)?.position ?? 'WR',
    weeklyMeans: weeks.map((week) => week.mean),
    weeklyStds: weeks.map((week) => week.std),
  };
}

export function projectedRoster(view: SeasonView, rosterId: number, ids: readonly string[]): SeasonRoster {
  return { rosterId, players: ids.map((id) => seasonPlayerOf(view, id)) };
}

/** The season simulation from this week: the standings so far, each team's best line-ups after. */
function seasonInput(week: TeamWeek, lineups: readonly WeeklyLineups[]): SeasonOutlookInput {
  return {
    teams: lineups.map((lineup, t) => ({
      id: String(t),
      ...week.standings[t]!,
      weeklyMean: lineup.means,
      weeklyStd: lineup.stds.map((std) => Math.max(MIN_WEEKLY_STD, std)),
    })),
    schedule: [...week.schedule],
    playoffTeams: PLAYOFF_TEAMS,
    iterations: week.settings.seasonIterations,
    seed: week.settings.seed,
  };
}

function playoffOdds(week: TeamWeek, lineups: readonly WeeklyLineups[]): number {
  return simulateSeasonOutlook(seasonInput(week, lineups)).teams[week.team]!.playoffProbability;
}

function simulationPlayerOf(view: SeasonView, id: string): SimulationPlayer {
  const row = view.thisWeek().get(id);
  if (!row) return { id, position: view.projectionOf(id)?.position ?? 'WR', isOut: true };
  return {
    id,
    name: row.name,
    position: row.position,
    team: row.team,
    opponent: row.opponent,
    predMean: row.mean,
    predStd: row.std,
    p10: row.p10,
    p50: row.p50,
    p90: row.p90,
  };
}

/**
 * P(win) this week of the team starting `starters` against its opponent's best line-up, on one seed: the team's
 * roster and the opponent's starters are drawn first in a fixed order, then the newcomer, so two line-ups of the
 * team differ by the line-ups, not by noise (as the API's weekMatchupInput does).
 */
function winProbability(
  week: TeamWeek,
  roster: readonly string[],
  starters: readonly string[],
  newcomer?: string,
) {
  const { view } = week;
  const rival = opponentIn(week.schedule[0]!, week.team);
  const own = roster.map((id) => simulationPlayerOf(view, id));
  const opponent = (week.lineups[rival]!.starters[0] ?? []).map((id) => simulationPlayerOf(view, id));
  const extra = newcomer ? [simulationPlayerOf(view, newcomer)] : [];
  const byId = new Map([...own, ...extra].map((player) => [player.id, player]));
  const players = starters.flatMap((id) => byId.get(id) ?? []);
  if (players.length === 0 || opponent.length === 0) return 0;
  return simulateMatchup({
    user: { players },
    opponent: { players: opponent },
    scenarioPlayers: [...own, ...opponent, ...extra],
    iterations: week.settings.matchupIterations,
    seed: week.settings.seed,
  }).winProbability;
}

const isSameStarters = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

/**
 * Our ranking, as the API's free-agent list builds it: the best POOL_PER_POSITION free agents per position by
 * their own rest-of-season points; each priced by the points the team's best line-ups gain after the engine's
 * drop (TradeScorer: receiving one more player than it sends, the team releases its least valuable one); the
 * best RANKED_LIMIT of those simulated (season: ΔP(playoffs); this week's matchup: ΔP(win)), on common random
 * numbers, where the line-ups change. Ordered by ΔP(playoffs), then ΔP(win), then points gained.
 */
export function rankFreeAgents(week: TeamWeek, candidates: readonly string[]): RankedFreeAgent[] {
  const { scorer, team } = week;
  const pool = scorer.pool;
  const teamIndex = pool.rosterIds.indexOf(team);
  const pointsBefore = scorer.rosterPoints(teamIndex);
  const own = (id: string) => pool.totalMeans[pool.indexOf(id)!]!;
  const priced = candidates
    .map((id) => {
      const side = scorer.side(teamIndex, [], [pool.indexOf(id)!]);
      return {
        id,
        pointsGain: side.pointsAfter - pointsBefore,
        dropped: side.dropped.map((p) => pool.ids[p]!),
      };
    })
    .sort((a, b) => b.pointsGain - a.pointsGain || own(b.id) - own(a.id))
    .slice(0, RANKED_LIMIT);

  const before = week.lineups;
  const mine = before[team]!;
  const roster = Array.from(pool.members[teamIndex]!, (p) => pool.ids[p]!);
  const oddsBefore = playoffOdds(week, before);
  const winBefore = winProbability(week, roster, mine.starters[0] ?? []);
  const ranked = priced.map((entry): RankedFreeAgent => {
    const leaving = entry.dropped.map((id) => pool.indexOf(id)!);
    const after = pool.weeklyLineups(teamIndex, leaving, [pool.indexOf(entry.id)!]);
    const isSame = after.starters.every((starters, w) => isSameStarters(starters, mine.starters[w] ?? []));
    if (isSame) return { ...entry, deltaPlayoffs: 0, deltaWin: 0 };
    const lineups = before.map((lineup, t) => (t === team ? after : lineup));
    const isThisWeekChanged = !isSameStarters(after.starters[0] ?? [], mine.starters[0] ?? []);
    return {
      ...entry,
      deltaPlayoffs: playoffOdds(week, lineups) - oddsBefore,
      deltaWin: isThisWeekChanged
        ? winProbability(week, roster, after.starters[0] ?? [], entry.id) - winBefore
        : 0,
    };
  });
  return ranked.sort(
    (a, b) => b.deltaPlayoffs - a.deltaPlayoffs || b.deltaWin - a.deltaWin || b.pointsGain - a.pointsGain,
  );
}

/** A free agent's own projected points: this week's and the rest of the season's (this week included). */
export interface OwnPoints {
  thisWeek: number;
  restOfSeason: number;
}

const byId = (a: [string, OwnPoints], b: [string, OwnPoints]) => a[0].localeCompare(b[0]);

/** The free agent with the highest projection this week (then the most rest-of-season points). */
export function highestThisWeek(freeAgents: ReadonlyMap<string, OwnPoints>): string | undefined {
  return [...freeAgents].sort(
    (a, b) => b[1].thisWeek - a[1].thisWeek || b[1].restOfSeason - a[1].restOfSeason || byId(a, b),
  )[0]?.[0];
}

/** The free agent with the most rest-of-season projected points (then the highest this week). */
export function highestRestOfSeason(freeAgents: ReadonlyMap<string, OwnPoints>): string | undefined {
  return [...freeAgents].sort(
    (a, b) => b[1].restOfSeason - a[1].restOfSeason || b[1].thisWeek - a[1].thisWeek || byId(a, b),
  )[0]?.[0];
}
