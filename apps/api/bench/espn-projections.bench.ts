/**
 * How good are ESPN's weekly projections next to NFL.com's, on the players of the recorded ESPN league
 * (2023 week 1, projections recorded before kickoff), against what those players then did
 * (`../shared/nfl-data/2023/1`)?
 *
 * - ESPN: each player's projected stat line (statSourceId 1, statSplitTypeId 1) scored in full PPR,
 *   against his actual NFL.com stat line scored the same way.
 * - NFL.com: its 2023 files carry a projected total only, in one private league's scoring, next to the
 *   actual total in that same scoring (`TotalPoints`); so each source is measured in its own scoring,
 *   plus the scale-free rank correlation. Same players for both: those with both projections who played.
 *
 * Run: `npx tsx bench/espn-projections.bench.ts` (apps/api).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PPR, scoreStatLine, emptyStatLine, type StatLine, type Position } from '@fm/projections';
import { readNflDataDir } from '@fm/projections/files';
import { ESPN_POSITIONS, ESPN_PRO_TEAMS } from '../src/integrations/espn/ids.js';
import { ESPN_PROJECTED_STATS, ESPN_WEEK_SPLIT } from '../src/integrations/espn/normalize.js';
import { linkEspnPlayers } from '../src/integrations/espn/player-matching.js';
import { espnLeagueSchema } from '../src/integrations/espn/schemas.js';
import type { SleeperPlayerDirectory } from '../src/integrations/sleeper/schemas.js';
import { nflDataDir, readFixture } from '../test/fakes/fixtures.js';

const SEASON = 2023;
const WEEK = 1;

/** ESPN stat id → our stat-line key (FG distances folded into the band they score in under PPR). */
const ESPN_TO_STAT_LINE: Record<number, keyof StatLine> = {
  3: 'passYd',
  4: 'passTd',
  20: 'passInt',
  24: 'rushYd',
  25: 'rushTd',
  53: 'rec',
  42: 'recYd',
  43: 'recTd',
  19: 'twoPt',
  26: 'twoPt',
  44: 'twoPt',
  72: 'fumLost',
  86: 'patMade',
  88: 'patMissed',
  80: 'fgMade30_39',
  77: 'fgMade40_49',
  74: 'fgMade50',
  85: 'fgMiss30_39',
};

function espnStatLine(stats: Record<string, number>): StatLine {
  const line = emptyStatLine();
  for (const [id, value] of Object.entries(stats)) {
    const key = ESPN_TO_STAT_LINE[Number(id)];
    if (key) line[key] += value;
  }
  return line;
}

/** NFL.com's projected and actual totals (its private scoring) by NFL.com id, from the projected files. */
function nflcomTotals(): Map<string, { projected: number; actual: number }> {
  const totals = new Map<string, { projected: number; actual: number }>();
  for (const position of ['QB', 'RB', 'WR', 'TE', 'K']) {
    const file = path.join(
      nflDataDir,
      String(SEASON),
      String(WEEK),
      'projected',
      `${position}_projected.csv`,
    );
    const [header, ...rows] = readFileSync(file, 'utf8').trim().split('\n');
    const columns = header!.split(',');
    const at = (name: string) => columns.indexOf(name);
    for (const row of rows) {
      const cells = row.split(',');
      const projected = Number(cells[at('PlayerWeekProjectedPts')]);
      const actual = Number(cells[at('TotalPoints')] || 0);
      if (cells[at('PlayerWeekProjectedPts')] !== '')
        totals.set(cells[at('PlayerId')]!, { projected, actual });
    }
  }
  return totals;
}

function pearson(xs: number[], ys: number[]): number {
  const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
  const mx = mean(xs);
  const my = mean(ys);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  xs.forEach((x, i) => {
    sxy += (x - mx) * (ys[i]! - my);
    sxx += (x - mx) ** 2;
    syy += (ys[i]! - my) ** 2;
  });
  return sxy / Math.sqrt(sxx * syy);
}

function ranks(values: number[]): number[] {
  const order = values.map((value, index) => ({ value, index })).sort((a, b) => a.value - b.value);
  const result = new Array<number>(values.length);
  order.forEach((entry, rank) => (result[entry.index] = rank));
  return result;
}

const spearman = (xs: number[], ys: number[]) => pearson(ranks(xs), ranks(ys));
const mae = (xs: number[], ys: number[]) =>
  xs.reduce((sum, x, i) => sum + Math.abs(x - ys[i]!), 0) / xs.length;

const league = espnLeagueSchema.parse(readFixture('espn/league_2023_week1_modular.json'));
const players = league.schedule
  .flatMap((item) => [item.home, item.away])
  .flatMap((side) => side?.rosterForCurrentScoringPeriod?.entries ?? [])
  .map((entry) => entry.playerPoolEntry.player)
  .filter((player) => ESPN_POSITIONS.get(player.defaultPositionId) !== 'DEF');

const { weeks } = readNflDataDir(nflDataDir, { seasons: [SEASON], through: { season: SEASON, week: WEEK } });
const week = weeks.find((w) => w.season === SEASON && w.week === WEEK)!;
const actualById = new Map((week.actual ?? []).map((row) => [String(row.nflId), row]));
const directory: SleeperPlayerDirectory = {};
for (const row of [...week.projected, ...(week.actual ?? [])]) {
  directory[String(row.nflId)] = { full_name: row.name, position: row.position, team: row.team };
}
const nflIdByEspnId = linkEspnPlayers(directory, players).sleeperIdByEspnId;
const nflcom = nflcomTotals();

const espnProjected: number[] = [];
const espnActual: number[] = [];
const nflcomProjected: number[] = [];
const nflcomActual: number[] = [];
let withoutActual = 0;
for (const player of players) {
  const nflId = nflIdByEspnId.get(String(player.id));
  const actual = nflId ? actualById.get(nflId) : undefined;
  const nflcomTotal = nflId ? nflcom.get(nflId) : undefined;
  const projection = player.stats.find(
    (stat) => stat.statSourceId === ESPN_PROJECTED_STATS && stat.statSplitTypeId === ESPN_WEEK_SPLIT,
  );
  if (!actual || !nflcomTotal || !projection?.stats) {
    withoutActual++;
    continue;
  }
  const position = ESPN_POSITIONS.get(player.defaultPositionId) as Position;
  espnProjected.push(scoreStatLine(espnStatLine(projection.stats), PPR, position));
  espnActual.push(scoreStatLine(actual, PPR, position));
  nflcomProjected.push(nflcomTotal.projected);
  nflcomActual.push(nflcomTotal.actual);
}

const round = (value: number) => Math.round(value * 100) / 100;
console.log(
  `ESPN league ${league.id}, ${SEASON} week ${WEEK}: ${players.length} rostered players (D/ST aside), ` +
    `${espnProjected.length} with both projections and a game played (${withoutActual} left out; ` +
    `teams: ${new Set(players.map((p) => ESPN_PRO_TEAMS.get(p.proTeamId))).size})`,
);
console.table({
  'ESPN (full PPR)': {
    'mean abs error': round(mae(espnProjected, espnActual)),
    'error / mean actual': round(
      mae(espnProjected, espnActual) / (espnActual.reduce((x, y) => x + y, 0) / espnActual.length),
    ),
    'mean projected': round(espnProjected.reduce((a, b) => a + b, 0) / espnProjected.length),
    'mean actual': round(espnActual.reduce((a, b) => a + b, 0) / espnActual.length),
    pearson: round(pearson(espnProjected, espnActual)),
    spearman: round(spearman(espnProjected, espnActual)),
  },
  'NFL.com (its league scoring)': {
    'mean abs error': round(mae(nflcomProjected, nflcomActual)),
    'error / mean actual': round(
      mae(nflcomProjected, nflcomActual) / (nflcomActual.reduce((x, y) => x + y, 0) / nflcomActual.length),
    ),
    'mean projected': round(nflcomProjected.reduce((a, b) => a + b, 0) / nflcomProjected.length),
    'mean actual': round(nflcomActual.reduce((a, b) => a + b, 0) / nflcomActual.length),
    pearson: round(pearson(nflcomProjected, nflcomActual)),
    spearman: round(spearman(nflcomProjected, nflcomActual)),
  },
});
