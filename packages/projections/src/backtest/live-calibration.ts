/**
 * In-game win probability against what happened: real player-weeks dealt into fantasy line-ups, each week replayed
 * at a point of the game clock with every player's points so far = his actual points × the elapsed share of his
 * game. Three forecasts of the same matchup are scored (Brier score, log loss):
 * - `inGame`: the engine conditioned on each game (points so far + the remaining share of the distribution);
 * - `partialAsFinal`: the old rule, any non-zero score taken as his final one, a zero still projected;
 * - `pregame`: the full projection, as if nothing had been played.
 */
import { simulateMatchup, type PlayerGame, type RandomSource, type SimulationPlayer } from '@fm/engine';
import type { PlayerWeek } from '../correlations/player-weeks.js';
import type { WeeklyStatRow } from '../csv/parse-nflcom-csv.js';
import { KICKING_STAT_KEYS, type StatKey } from '../stats/stat-line.js';

/** A 9-starter line-up of a typical league: QB, 2 RB, 2 WR, TE, FLEX (RB/WR/TE), K, DEF. */
export const CALIBRATION_SLOTS = ['QB', 'RB', 'RB', 'WR', 'WR', 'TE', 'FLEX', 'K', 'DEF'] as const;
const FLEX_POSITIONS = new Set(['RB', 'WR', 'TE']);
/** The week's startable players: about the starters of a 12-team league, plus some depth, by projection. */
const POOL_DEPTH: Record<PlayerWeek['position'], number> = { QB: 20, RB: 40, WR: 50, TE: 18, K: 16, DEF: 20 };
/** Probabilities are clipped to [ε, 1 − ε] in the log loss, so a certain-and-wrong forecast costs ln(1/ε), not ∞. */
export const LOG_LOSS_EPSILON = 1e-3;

export type ForecastMethod = 'inGame' | 'partialAsFinal' | 'pregame';
export const FORECAST_METHODS: readonly ForecastMethod[] = ['inGame', 'partialAsFinal', 'pregame'];

export interface CalibrationMatchup {
  user: PlayerWeek[];
  opponent: PlayerWeek[];
}

/** The players fantasy managers would start that week: the top of each position by projection. */
export function startablePool(players: readonly PlayerWeek[]): PlayerWeek[] {
  return Object.entries(POOL_DEPTH).flatMap(([position, depth]) =>
    players
      .filter((player) => player.position === position)
      .sort((a, b) => b.projected - a.projected)
      .slice(0, depth),
  );
}

function drawLineup(pool: PlayerWeek[], used: Set<string>, random: RandomSource): PlayerWeek[] | null {
  const lineup: PlayerWeek[] = [];
  for (const slot of CALIBRATION_SLOTS) {
    const eligible = pool.filter(
      (player) =>
        !used.has(player.id) &&
        (slot === 'FLEX' ? FLEX_POSITIONS.has(player.position) : player.position === slot),
    );
    if (eligible.length === 0) return null;
    const pick = eligible[Math.floor(random.nextFloat() * eligible.length)]!;
    used.add(pick.id);
    lineup.push(pick);
  }
  return lineup;
}

/** `count` matchups of two line-ups dealt at random from the week's startable players (no player on both sides). */
export function dealMatchups(pool: PlayerWeek[], count: number, random: RandomSource): CalibrationMatchup[] {
  const matchups: CalibrationMatchup[] = [];
  for (let m = 0; m < count; m++) {
    const used = new Set<string>();
    const user = drawLineup(pool, used, random);
    const opponent = drawLineup(pool, used, random);
    if (user && opponent) matchups.push({ user, opponent });
  }
  return matchups;
}

export function gameKey(player: Pick<PlayerWeek, 'team' | 'opponent'>): string {
  const opponent = player.opponent.replace('@', '');
  return player.team < opponent ? `${player.team}-${opponent}` : `${opponent}-${player.team}`;
}

/**
 * His game at `elapsed` (0 = before kickoff, 1 = final); points so far are his actual points × `scoredShare`, by
 * default the elapsed share (points accrue evenly over the game).
 */
export function gameAt(player: PlayerWeek, elapsed: number, scoredShare = elapsed): PlayerGame {
  if (elapsed <= 0) return { state: 'pre', points: 0, fractionRemaining: 1 };
  if (elapsed >= 1) return { state: 'final', points: player.actual, fractionRemaining: 0 };
  return { state: 'in', points: player.actual * scoredShare, fractionRemaining: 1 - elapsed };
}

/** Points scored in `chunks` equal plays at uniform random times: the share of them played by `elapsed`. */
export function lumpyShare(elapsed: number, chunks: number, random: RandomSource): number {
  let played = 0;
  for (let c = 0; c < chunks; c++) if (random.nextFloat() < elapsed) played++;
  return played / chunks;
}

/** The same game as the old rule saw it: a non-zero score so far is final, a zero one still projected. */
export function partialAsFinal(game: PlayerGame): PlayerGame {
  if (game.state !== 'in') return game;
  return game.points !== 0
    ? { state: 'final', points: game.points, fractionRemaining: 0 }
    : { state: 'pre', points: 0, fractionRemaining: 1 };
}

function simulationPlayer(player: PlayerWeek, game: PlayerGame | null): SimulationPlayer {
  return {
    id: player.id,
    position: player.position,
    team: player.team,
    opponent: player.opponent,
    depthRank: player.depthRank,
    predMean: player.projected,
    ...(game ? { game } : {}),
  };
}

/** 1 when the user's line-up outscored the opponent's, ½ for a tie, 0 otherwise. */
export function matchupOutcome(matchup: CalibrationMatchup): number {
  const total = (side: PlayerWeek[]) => side.reduce((sum, player) => sum + player.actual, 0);
  const margin = total(matchup.user) - total(matchup.opponent);
  return margin > 1e-9 ? 1 : margin < -1e-9 ? 0 : 0.5;
}

/** Each method's win probability for the matchup with every game at its elapsed share (`elapsedByGame`). */
export function forecastMatchup(
  matchup: CalibrationMatchup,
  elapsedByGame: (key: string) => number,
  iterations: number,
  seed: number,
  scoredShare: (player: PlayerWeek, elapsed: number) => number = (_, elapsed) => elapsed,
  knownOut: ReadonlySet<string> = new Set(),
): Record<ForecastMethod, number> {
  // Inactive players are known before kickoff: every forecast has them out.
  const out: PlayerGame = { state: 'out', points: 0, fractionRemaining: 0 };
  const run = (game: (player: PlayerWeek) => PlayerGame | null) =>
    simulateMatchup({
      user: {
        players: matchup.user.map((player) =>
          simulationPlayer(player, knownOut.has(player.id) ? out : game(player)),
        ),
      },
      opponent: {
        players: matchup.opponent.map((player) =>
          simulationPlayer(player, knownOut.has(player.id) ? out : game(player)),
        ),
      },
      iterations,
      seed,
    }).winProbability;
  const live = (player: PlayerWeek) => {
    const elapsed = elapsedByGame(gameKey(player));
    return gameAt(player, elapsed, scoredShare(player, elapsed));
  };
  return {
    inGame: run(live),
    partialAsFinal: run((player) => partialAsFinal(live(player))),
    pregame: run(() => null),
  };
}

export interface ForecastScore {
  brier: number;
  logLoss: number;
  count: number;
}

/** Brier score (mean squared error of the probability) and log loss of forecasts against outcomes (½ for ties). */
export function scoreForecasts(forecasts: readonly number[], outcomes: readonly number[]): ForecastScore {
  let brier = 0;
  let logLoss = 0;
  forecasts.forEach((p, index) => {
    const y = outcomes[index]!;
    const clipped = Math.min(1 - LOG_LOSS_EPSILON, Math.max(LOG_LOSS_EPSILON, p));
    brier += (p - y) ** 2;
    logLoss -= y * Math.log(clipped) + (1 - y) * Math.log(1 - clipped);
  });
  const count = forecasts.length;
  return { brier: brier / count, logLoss: logLoss / count, count };
}

/** Depth ranks (1 = the team's highest-projected at his position), recomputed after projections change. */
export function rankDepth(players: PlayerWeek[]): PlayerWeek[] {
  const groups = new Map<string, PlayerWeek[]>();
  for (const player of players) {
    const key = `${player.team}|${player.position}`;
    groups.set(key, [...(groups.get(key) ?? []), player]);
  }
  return [...groups.values()].flatMap((group) =>
    [...group]
      .sort((a, b) => b.projected - a.projected)
      .map((player, index) => ({ ...player, depthRank: index + 1 })),
  );
}

const ACTIVITY_STAT_KEYS: readonly StatKey[] = [
  'touches',
  'targets',
  'passYd',
  'passInt',
  'passTd',
  'patMade',
  'patMissed',
];

/** Players of the week's actual files with no touch, target, pass or kick: inactive (known before kickoff). */
export function inactivePlayers(actual: readonly WeeklyStatRow[]): Set<string> {
  const inactive = new Set<string>();
  for (const line of actual) {
    const kicks = line.position === 'K' ? KICKING_STAT_KEYS : [];
    const isIdle = [...ACTIVITY_STAT_KEYS, ...kicks].every((key) => !line[key]);
    if (isIdle) inactive.add(String(line.nflId));
  }
  return inactive;
}
