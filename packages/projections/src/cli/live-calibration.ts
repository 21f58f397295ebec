/**
 * Calibration of the in-game win probability on real weeks (see backtest/live-calibration.ts):
 *   npx tsx packages/projections/src/cli/live-calibration.ts [--seasons 2021,…] [--matchups 20] [--iterations 2000]
 * Each week, `--matchups` pairs of 9-starter line-ups are dealt from that week's startable players; each is replayed
 * at the end of every quarter, once with every game at the same clock and once with each game at its own random
 * point (elapsed = quarter/4 + U(−½, ½), clipped to [0, 1]: some games not started, some over, as on a Sunday
 * afternoon). A third run, not part of the calibration target, checks how much the even-accrual assumption helps the
 * "partial = final" rule: every game at the same clock, but each player's points arrive in 4 equal plays at uniform
 * random times (points so far = actual × plays made / 4). Projections: NFL.com's projected stat lines scored PPR (2024–2025); the 2021–2023 files hold no
 * projected stat lines, so there a player's projection is his mean PPR points in the season's earlier weeks (week 1
 * and players without a game yet are skipped). With --inactives-out, players whose actual line shows no touch,
 * target, pass or kick are out from the start in every forecast, as a real Sunday's inactive list would have it.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createRandom } from '@fm/engine';
import {
  dealMatchups,
  FORECAST_METHODS,
  forecastMatchup,
  inactivePlayers,
  lumpyShare,
  matchupOutcome,
  rankDepth,
  scoreForecasts,
  startablePool,
  type ForecastMethod,
} from '../backtest/live-calibration.js';
import { buildPlayerWeeks, type PlayerWeek } from '../correlations/player-weeks.js';
import { DEFAULT_NFL_DATA_DIR } from '../files/default-data-dir.js';
import { readNflDataDir } from '../files/read-nfl-data-dir.js';

const SEASONS_WITH_PROJECTED_STAT_LINES = new Set([2024, 2025]);
const QUARTERS = [1, 2, 3, 4];
const CLOCKS = ['same clock', 'random clock', 'same clock, lumpy scoring'] as const;
/** Sensitivity run: a player's points come in this many equal plays at random times instead of evenly. */
const SCORING_CHUNKS = 4;

const { values } = parseArgs({
  options: {
    data: { type: 'string', default: DEFAULT_NFL_DATA_DIR },
    seasons: { type: 'string', default: '2021,2022,2023,2024,2025' },
    matchups: { type: 'string', default: '20' },
    iterations: { type: 'string', default: '2000' },
    seed: { type: 'string', default: '19' },
    'inactives-out': { type: 'boolean', default: false },
  },
});
const dataDir = path.resolve(values.data);
const seasons = values.seasons.split(',').map(Number).filter(Number.isInteger);
const matchupsPerWeek = Number(values.matchups);
const iterations = Number(values.iterations);
const random = createRandom(Number(values.seed));

type Series = Record<ForecastMethod, number[]>;
const emptySeries = (): Series => ({ inGame: [], partialAsFinal: [], pregame: [] });
const forecasts = new Map<string, Series>(
  CLOCKS.flatMap((clock) => QUARTERS.map((quarter) => [`${clock}|${quarter}`, emptySeries()] as const)),
);
const outcomes: number[] = [];

function withSeasonToDateProjections(players: PlayerWeek[], history: Map<string, number[]>): PlayerWeek[] {
  const projected = players.flatMap((player) => {
    const earlier = history.get(player.id);
    if (!earlier?.length) return [];
    return [{ ...player, projected: earlier.reduce((a, b) => a + b, 0) / earlier.length }];
  });
  return rankDepth(projected);
}

const started = performance.now();
let weeksPlayed = 0;
for (const season of seasons) {
  const history = new Map<string, number[]>();
  for (const week of readNflDataDir(dataDir, { seasons: [season] }).weeks) {
    if (!week.actual) continue;
    const everyone = buildPlayerWeeks(week);
    const players = SEASONS_WITH_PROJECTED_STAT_LINES.has(season)
      ? everyone
      : withSeasonToDateProjections(everyone, history);
    for (const player of everyone) history.set(player.id, [...(history.get(player.id) ?? []), player.actual]);
    const knownOut = values['inactives-out'] ? inactivePlayers(week.actual) : new Set<string>();
    const matchups = dealMatchups(startablePool(players), matchupsPerWeek, random);
    if (matchups.length === 0) continue;
    weeksPlayed++;
    for (const matchup of matchups) {
      outcomes.push(matchupOutcome(matchup));
      const seed = Math.floor(random.nextFloat() * 2 ** 31);
      for (const quarter of QUARTERS) {
        const randomElapsed = new Map<string, number>();
        const clocks: Record<(typeof CLOCKS)[number], (key: string) => number> = {
          'same clock': () => quarter / 4,
          'same clock, lumpy scoring': () => quarter / 4,
          'random clock': (key) => {
            if (!randomElapsed.has(key)) {
              const elapsed = quarter / 4 + random.nextFloat() - 0.5;
              randomElapsed.set(key, Math.min(1, Math.max(0, elapsed)));
            }
            return randomElapsed.get(key)!;
          },
        };
        for (const clock of CLOCKS) {
          const shares = new Map<string, number>();
          const lumpy = (player: PlayerWeek, elapsed: number) => {
            if (!shares.has(player.id)) shares.set(player.id, lumpyShare(elapsed, SCORING_CHUNKS, random));
            return shares.get(player.id)!;
          };
          const forecast =
            clock === 'same clock, lumpy scoring'
              ? forecastMatchup(matchup, clocks[clock], iterations, seed, lumpy, knownOut)
              : forecastMatchup(matchup, clocks[clock], iterations, seed, undefined, knownOut);
          const series = forecasts.get(`${clock}|${quarter}`)!;
          for (const method of FORECAST_METHODS) series[method].push(forecast[method]);
        }
      }
    }
  }
}

const format = (value: number) => value.toFixed(4).padStart(8);
console.log(
  `Live win-probability calibration: seasons ${seasons.join(', ')}, ${weeksPlayed} weeks, ${outcomes.length} matchups, ` +
    `${iterations} iterations${values['inactives-out'] ? ', inactive players out before kickoff' : ''} (data: ${dataDir})`,
);
for (const clock of CLOCKS) {
  console.log(`\n${clock}: Brier score / log loss (lower is better)`);
  console.log('end of    | in-game (ours)    | partial = final   | pregame');
  for (const quarter of QUARTERS) {
    const series = forecasts.get(`${clock}|${quarter}`)!;
    const cells = FORECAST_METHODS.map((method) => {
      const { brier, logLoss } = scoreForecasts(series[method], outcomes);
      return `${format(brier)} ${format(logLoss)}`;
    });
    console.log(`Q${quarter}        | ${cells.join(' | ')}`);
  }
}
console.log(`\n${((performance.now() - started) / 1000).toFixed(1)} s`);
