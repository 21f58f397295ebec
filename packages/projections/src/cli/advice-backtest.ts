import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildAdviceBacktestCard, type AdviceRow } from '../advice-backtest/advice-backtest-card.js';
import { runAdviceSeason } from '../advice-backtest/advice-backtest.js';
import { DRAFT_RULE, PLAYOFF_TEAMS, TEAM_COUNT } from '../advice-backtest/advice-league.js';
import { LAST_REGULAR_WEEK, walkAdviceSeasons } from '../advice-backtest/advice-season.js';
import { POOL_PER_POSITION, RANKED_LIMIT } from '../advice-backtest/free-agent-rankings.js';
import { DEFAULT_NFL_DATA_DIR, REPO_ROOT } from '../files/default-data-dir.js';
import { readNflDataDir } from '../files/read-nfl-data-dir.js';
import { modelWeekFromNflcom } from '../model/nflcom-projection.js';

const DEFAULT_SEASONS = [2021, 2022, 2023, 2024, 2025];
const DEFAULT_OUT = path.join(REPO_ROOT, 'packages/projections/advice-backtest.json');
/** The seed of every simulation of the run (common random numbers within a team-week). */
const SEED = 2021;

const { values } = parseArgs({
  options: {
    data: { type: 'string', default: DEFAULT_NFL_DATA_DIR },
    seasons: { type: 'string', default: DEFAULT_SEASONS.join(',') },
    'teams-per-week': { type: 'string', default: '12' },
    'trades-scored': { type: 'string', default: '3' },
    'season-iterations': { type: 'string', default: '2000' },
    'matchup-iterations': { type: 'string', default: '2000' },
    out: { type: 'string', default: DEFAULT_OUT },
    'no-write': { type: 'boolean', default: false },
  },
});

const seasons = (values.seasons ?? '').split(',').map(Number).filter(Number.isInteger);
const teamsPerWeek = Number(values['teams-per-week']);
const tradesScored = Number(values['trades-scored']);
const settings = {
  seasonIterations: Number(values['season-iterations']),
  matchupIterations: Number(values['matchup-iterations']),
  seed: SEED,
};
const started = performance.now();
const dataDir = path.resolve(values.data ?? DEFAULT_NFL_DATA_DIR);
const { weeks, errors } = readNflDataDir(dataDir);
for (const error of errors) console.warn(`${error.file}:${error.line}: ${error.message}`);
const adviceSeasons = walkAdviceSeasons(weeks.map(modelWeekFromNflcom), seasons);
const walkSeconds = (performance.now() - started) / 1000;
console.log(`Model walked forward in ${walkSeconds.toFixed(1)} s`);

const results = adviceSeasons.map((season) => {
  const seasonStarted = performance.now();
  const result = runAdviceSeason(season, { teamsPerWeek, tradesScored, settings });
  const seconds = (performance.now() - seasonStarted) / 1000;
  console.log(
    `${season.season}: weeks 1–${result.lastWeek}, ${result.teamWeeks} team-weeks, ${seconds.toFixed(1)} s`,
  );
  return result;
});

const setup = [
  `${TEAM_COUNT} teams, PPR, starting QB, 2 RB, 2 WR, TE, FLEX (RB/WR/TE), K and DEF (the data has no team ` +
    `defenses: every DEF slot stays empty), ${PLAYOFF_TEAMS} make the playoffs; a round-robin schedule over ` +
    `weeks 1–${LAST_REGULAR_WEEK} (2025: the weeks with results so far).`,
  DRAFT_RULE,
  'Rosters stay as drafted all season (no advice is acted on), so each week’s advice is scored on the same league; ' +
    'each week every team starts its best projected line-up, and its starters’ actual points decide the result.',
  (teamsPerWeek >= TEAM_COUNT
    ? `Each week all ${TEAM_COUNT} teams are scored. `
    : `Each week ${teamsPerWeek} of the ${TEAM_COUNT} teams are scored, in turn, so every team is scored as often. `) +
    'Free agents: every undrafted player projected that week or on his bye.',
  `Our ranking: the best ${POOL_PER_POSITION} free agents per position by their own rest-of-season points, priced by ` +
    `the points the team’s best line-ups gain after the engine’s drop; the best ${RANKED_LIMIT} simulated ` +
    `(${settings.seasonIterations.toLocaleString('en-US')} simulated seasons and ` +
    `${settings.matchupIterations.toLocaleString('en-US')} simulated matchups per run, fewer than the app runs, to keep the backtest short), ` +
    'ordered by ΔP(playoffs), then ΔP(win) this week, then points gained.',
  'Every pickup drops the player the engine would release, and is scored by the ACTUAL points it adds to the ' +
    'team’s best line-ups in hindsight (each week’s actual PPR points) from that week to the season’s last.',
  `Trades: the first ${tradesScored} win-win suggestions of the engine’s finder for each scored team-week, each ` +
    'side scored the same way.',
];

const card = buildAdviceBacktestCard({
  results,
  setup,
  tradesScoredPerTeamWeek: tradesScored,
  generatedAt: new Date(),
  command:
    process.argv.length > 2
      ? `npm run backtest:advice -- ${process.argv.slice(2).join(' ')}`
      : 'npm run backtest:advice',
  totalSeconds: (performance.now() - started) / 1000,
});

const percent = (fraction: number) => `${(fraction * 100).toFixed(0)}%`.padStart(5);
const points = (value: number) => value.toFixed(2).padStart(7);
function printRow(row: AdviceRow): void {
  const { pickups: p, trades: t } = row;
  console.log(
    `${row.label.padEnd(5)} ${String(p.pickups).padStart(5)} ${points(p.meanAdded.ours)} ${points(p.meanAdded.thisWeek)} ` +
      `${points(p.meanAdded.restOfSeason)}  ${percent(p.versus.thisWeek.better)}/${percent(p.versus.thisWeek.worse)}` +
      `  ${percent(p.versus.restOfSeason.better)}/${percent(p.versus.restOfSeason.worse)}` +
      `  ${String(t.trades).padStart(5)} ${percent(t.helpedBoth)} ${points(t.meanActual.you)} ${points(t.meanActual.partner)}` +
      ` (${points(t.meanProjected.you)} ${points(t.meanProjected.partner)})`,
  );
}

console.log(`\nAdvice backtest, seasons ${seasons.join(', ')} (data: ${dataDir})`);
for (const line of setup) console.log(`- ${line}`);
console.log(
  '\n              mean actual pts added   ours beat/lost vs    trades  both  actual Δ you/partner (projected)',
);
console.log('season  pick    ours  week-1st   ROS-1st  week-1st   ROS-1st');
for (const row of card.rows) printRow(row);
console.log('\nBy the position of our top free agent: pickups, mean added ours / week-1st / ROS-1st');
for (const row of card.byPosition) {
  console.log(
    `${row.position.padEnd(3)} ${String(row.pickups).padStart(5)} ${points(row.meanAdded.ours)} ` +
      `${points(row.meanAdded.thisWeek)} ${points(row.meanAdded.restOfSeason)}`,
  );
}
console.log(`\n${card.timings.teamWeeks} team-weeks; total ${card.timings.totalSeconds} s`);

if (!values['no-write']) {
  writeFileSync(values.out ?? DEFAULT_OUT, `${JSON.stringify(card, null, 2)}\n`);
  console.log(`Results written to ${values.out}`);
}
