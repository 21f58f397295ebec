import { EngineInputError, validateIterations } from '../errors.js';
import { createRandom, randomSeed, type Seed } from '../random/xoshiro128.js';
import { fillStandardNormals } from '../random/ziggurat.js';
import { planSeason, type SeasonPlan, type SeasonTeam, type SeasonWeek } from './season-input.js';

export interface SeasonOutlookInput {
  teams: SeasonTeam[];
  /** Remaining weeks of the regular season (may be empty: standings are then final). */
  schedule: SeasonWeek[];
  playoffTeams: number;
  /** Top seeds that skip the first playoff round; default 0. */
  byeTeams?: number;
  /** Sleeper `league_average_match`: each week every team also wins or loses against the league median score. */
  medianMatch?: boolean;
  /** 1,000–1,000,000; default 10,000. */
  iterations?: number;
  seed?: Seed;
  /**
   * Fixes one matchup's result in one week (default: the first schedule week) whatever the drawn scores: the
   * "if they win / if they lose" runs of playoff leverage. Points for are still drawn, so with one seed a forced
   * win never ranks the winner lower than a forced loss does.
   */
  forcedResult?: ForcedResult;
}

export interface ForcedResult {
  winnerId: string;
  loserId: string;
  /** A week of the schedule; default its first week. */
  week?: number;
}

/** A forced result as schedule indices: week index, winner and loser team indices. */
interface ForcedIndices {
  week: number;
  winner: number;
  loser: number;
}

export interface TeamOutlook {
  id: string;
  name: string | null;
  playoffProbability: number;
  byeProbability: number;
  /** seedProbabilities[i] = P(finishing (i+1)-th); i below playoffTeams are playoff seeds. Sums to 1. */
  seedProbabilities: number[];
  /** Final wins, ties counted half (including the median games when on). */
  expectedWins: number;
  expectedPointsFor: number;
}

export interface SeasonOutlookResult {
  iterations: number;
  seed: Seed;
  teams: TeamOutlook[];
}

interface SeasonScratch {
  normals: Float64Array;
  wins: Float64Array;
  pointsFor: Float64Array;
  scores: Float64Array;
  sortedScores: Float64Array;
  order: Int32Array;
}

// Median by insertion sort into scratch: a league has a handful of teams.
function medianOf(sorted: Float64Array, values: Float64Array): number {
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!;
    let j = i - 1;
    while (j >= 0 && sorted[j]! > value) {
      sorted[j + 1] = sorted[j]!;
      j--;
    }
    sorted[j + 1] = value;
  }
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

// One regular season from now: weekly scores N(mean, std) floored at 0, head-to-head results, optional median games.
function playSeason(
  plan: SeasonPlan,
  medianMatch: boolean,
  scratch: SeasonScratch,
  forced: ForcedIndices | null,
): void {
  const { teamCount, weekCount, mean, std, opponent } = plan;
  const { normals, wins, pointsFor, scores } = scratch;
  wins.set(plan.startingWins);
  pointsFor.set(plan.startingPointsFor);
  for (let w = 0; w < weekCount; w++) {
    const row = w * teamCount;
    for (let t = 0; t < teamCount; t++) {
      const score = mean[row + t]! + std[row + t]! * normals[row + t]!;
      scores[t] = score > 0 ? score : 0;
      pointsFor[t] = pointsFor[t]! + scores[t]!;
    }
    for (let t = 0; t < teamCount; t++) {
      const rival = opponent[row + t]!;
      if (rival < 0) continue;
      const isForced = forced !== null && forced.week === w && (t === forced.winner || t === forced.loser);
      const margin = isForced ? (t === forced.winner ? 1 : -1) : scores[t]! - scores[rival]!;
      wins[t] = wins[t]! + (margin > 0 ? 1 : margin === 0 ? 0.5 : 0);
    }
    if (medianMatch) {
      const median = medianOf(scratch.sortedScores, scores);
      for (let t = 0; t < teamCount; t++) {
        const margin = scores[t]! - median;
        wins[t] = wins[t]! + (margin > 0 ? 1 : margin === 0 ? 0.5 : 0);
      }
    }
  }
}

// Final standings: more wins (ties as half) first, then more points for; insertion sort, the list is short.
function rankTeams(wins: Float64Array, pointsFor: Float64Array, order: Int32Array): void {
  for (let i = 0; i < order.length; i++) order[i] = i;
  for (let i = 1; i < order.length; i++) {
    const team = order[i]!;
    let j = i - 1;
    while (j >= 0) {
      const other = order[j]!;
      const isAhead =
        wins[team]! > wins[other]! || (wins[team] === wins[other] && pointsFor[team]! > pointsFor[other]!);
      if (!isAhead) break;
      order[j + 1] = other;
      j--;
    }
    order[j + 1] = team;
  }
}

function forcedIndices(input: SeasonOutlookInput, plan: SeasonPlan): ForcedIndices | null {
  const forced = input.forcedResult;
  if (!forced) return null;
  const week =
    forced.week === undefined ? 0 : input.schedule.findIndex((entry) => entry.week === forced.week);
  const winner = input.teams.findIndex((team) => team.id === forced.winnerId);
  const loser = input.teams.findIndex((team) => team.id === forced.loserId);
  const isScheduled =
    week >= 0 &&
    week < plan.weekCount &&
    winner >= 0 &&
    loser >= 0 &&
    plan.opponent[week * plan.teamCount + winner] === loser;
  if (!isScheduled) {
    throw new EngineInputError(
      'INVALID_INPUT',
      'forcedResult',
      `${forced.winnerId} v ${forced.loserId} is not a matchup of week ${forced.week ?? input.schedule[0]?.week ?? '(none)'}`,
    );
  }
  return { week, winner, loser };
}

/**
 * Team-weeks drawn between two pauses of a stepped season run: about a millisecond of a core (a team-week costs
 * ~10–20 ns), so a thread running seasons in turns answers its other runs within a turn.
 */
const TEAM_WEEKS_PER_STEP = 50_000;

/**
 * Monte Carlo of the rest of the regular season: playoff and bye probabilities and the distribution of final
 * seeds, with ties in the standings broken by points for.
 */
export function simulateSeasonOutlook(input: SeasonOutlookInput): SeasonOutlookResult {
  const steps = seasonSteps(input);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * simulateSeasonOutlook in steps: the run pauses after each block of seasons (about TEAM_WEEKS_PER_STEP team-weeks),
 * so that a worker thread can take turns between several runs; its result is simulateSeasonOutlook's for the same
 * input. Nothing runs, and no input error is thrown, before the first `next()`.
 */
export function simulateSeasonOutlookInSteps(
  input: SeasonOutlookInput,
): Generator<void, SeasonOutlookResult, void> {
  return seasonSteps(input);
}

function* seasonSteps(input: SeasonOutlookInput): Generator<void, SeasonOutlookResult, void> {
  const iterations = validateIterations(input.iterations);
  const seed = input.seed ?? randomSeed();
  const plan = planSeason(input.teams, input.schedule);
  const { teamCount, weekCount } = plan;
  const byeTeams = input.byeTeams ?? 0;
  if (!Number.isInteger(input.playoffTeams) || input.playoffTeams < 1 || input.playoffTeams > teamCount) {
    throw new EngineInputError(
      'INVALID_INPUT',
      'playoffTeams',
      `playoffTeams must be a whole number from 1 to ${teamCount}`,
    );
  }
  if (!Number.isInteger(byeTeams) || byeTeams < 0 || byeTeams > input.playoffTeams) {
    throw new EngineInputError(
      'INVALID_INPUT',
      'byeTeams',
      `byeTeams must be a whole number from 0 to playoffTeams`,
    );
  }

  const forced = forcedIndices(input, plan);
  const random = createRandom(seed);
  const scratch: SeasonScratch = {
    normals: new Float64Array(weekCount * teamCount),
    wins: new Float64Array(teamCount),
    pointsFor: new Float64Array(teamCount),
    scores: new Float64Array(teamCount),
    sortedScores: new Float64Array(teamCount),
    order: new Int32Array(teamCount),
  };
  const seedCounts = new Float64Array(teamCount * teamCount);
  const totalWins = new Float64Array(teamCount);
  const totalPointsFor = new Float64Array(teamCount);
  const seasonsPerStep = Math.max(1, Math.floor(TEAM_WEEKS_PER_STEP / Math.max(1, teamCount * weekCount)));
  for (let i = 0; i < iterations; i++) {
    if (i > 0 && i % seasonsPerStep === 0) yield;
    fillStandardNormals(random, scratch.normals);
    playSeason(plan, input.medianMatch ?? false, scratch, forced);
    rankTeams(scratch.wins, scratch.pointsFor, scratch.order);
    for (let rank = 0; rank < teamCount; rank++) {
      const team = scratch.order[rank]!;
      seedCounts[team * teamCount + rank]!++;
      totalWins[team] = totalWins[team]! + scratch.wins[team]!;
      totalPointsFor[team] = totalPointsFor[team]! + scratch.pointsFor[team]!;
    }
  }

  const teams = input.teams.map((team, t): TeamOutlook => {
    const counts = seedCounts.subarray(t * teamCount, (t + 1) * teamCount);
    const seedProbabilities = Array.from(counts, (count) => count / iterations);
    // summed as counts, then divided: a sure place is exactly 1, not 1.0000000000000002
    const sumSeeds = (places: number): number =>
      counts.subarray(0, places).reduce((total, count) => total + count, 0) / iterations;
    return {
      id: team.id,
      name: team.name ?? null,
      playoffProbability: sumSeeds(input.playoffTeams),
      byeProbability: sumSeeds(byeTeams),
      seedProbabilities,
      expectedWins: totalWins[t]! / iterations,
      expectedPointsFor: totalPointsFor[t]! / iterations,
    };
  });
  return { iterations, seed, teams };
}
