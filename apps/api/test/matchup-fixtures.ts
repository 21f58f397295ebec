import { players, simulations } from '@fm/db';
import { count } from 'drizzle-orm';
import type { DataDeps } from '../src/core-deps.js';
import type { AppDeps } from '../src/deps.js';
import { insertProjections, type TestProjection } from './nfl-rows.js';

/** Two line-ups of a small week-10/11 slate with Sleeper ids, sharing games so the copula has work to do. */
export interface MatchupPlayer {
  key: string;
  sleeperId: string;
  name: string;
  position: string;
  team: string;
  opponent: string;
  /** Week-11 model projection; null → no projection at all (simulated from the positional baseline). */
  mean: number | null;
}

export const USER_STARTERS: MatchupPlayer[] = [
  {
    key: 'mahomes',
    sleeperId: '4046',
    name: 'Patrick Mahomes',
    position: 'QB',
    team: 'KC',
    opponent: '@LV',
    mean: 21.5,
  },
  {
    key: 'mccaffrey',
    sleeperId: '4034',
    name: 'Christian McCaffrey',
    position: 'RB',
    team: 'SF',
    opponent: 'SEA',
    mean: 18.2,
  },
  {
    key: 'rice',
    sleeperId: '11635',
    name: 'Rashee Rice',
    position: 'WR',
    team: 'KC',
    opponent: '@LV',
    mean: 15.1,
  },
  {
    key: 'lamb',
    sleeperId: '6786',
    name: 'CeeDee Lamb',
    position: 'WR',
    team: 'DAL',
    opponent: 'PHI',
    mean: 16.4,
  },
  {
    key: 'lv-def',
    sleeperId: 'LV',
    name: 'Las Vegas Raiders',
    position: 'DEF',
    team: 'LV',
    opponent: 'KC',
    mean: null,
  },
];
export const OPPONENT_STARTERS: MatchupPlayer[] = [
  {
    key: 'allen',
    sleeperId: '4984',
    name: 'Josh Allen',
    position: 'QB',
    team: 'BUF',
    opponent: 'MIA',
    mean: 23.1,
  },
  {
    key: 'pacheco',
    sleeperId: '8205',
    name: 'Isiah Pacheco',
    position: 'RB',
    team: 'KC',
    opponent: '@LV',
    mean: 13.4,
  },
  {
    key: 'brown',
    sleeperId: '7083',
    name: 'A.J. Brown',
    position: 'WR',
    team: 'PHI',
    opponent: '@DAL',
    mean: 16.9,
  },
  {
    key: 'kelce',
    sleeperId: '1466',
    name: 'Travis Kelce',
    position: 'TE',
    team: 'KC',
    opponent: '@LV',
    mean: 11.5,
  },
  {
    key: 'tucker',
    sleeperId: '1945',
    name: 'Justin Tucker',
    position: 'K',
    team: 'BAL',
    opponent: 'CLE',
    mean: 8.9,
  },
];
/** On nobody's line-up: a bench option, with a projection. */
export const BENCH: MatchupPlayer[] = [
  {
    key: 'worthy',
    sleeperId: '11624',
    name: 'Xavier Worthy',
    position: 'WR',
    team: 'KC',
    opponent: '@LV',
    mean: 11.2,
  },
];

export const SEASON = 2025;
export const LATEST_WEEK = 11;
export const EARLIER_WEEK = 10;

/** Inserts the players and their projections (model and nflcom in week 11, nflcom only in week 10); returns app ids by key. */
export async function insertMatchupSlate(deps: DataDeps): Promise<Record<string, number>> {
  const { database, dataVersion } = deps;
  const everyone = [...USER_STARTERS, ...OPPONENT_STARTERS, ...BENCH];
  const rows = await database.db
    .insert(players)
    .values(
      everyone.map((p) => ({
        sleeperId: p.sleeperId,
        nflId: `matchup-test-${p.sleeperId}`,
        fullName: p.name,
        searchName: p.name.toLowerCase(),
        position: p.position,
        team: p.team,
      })),
    )
    .returning({ id: players.id, sleeperId: players.sleeperId });
  const ids = Object.fromEntries(rows.map((row, i) => [everyone[i]!.key, row.id]));
  const projected = everyone.filter((p) => p.mean !== null);
  const projection = (
    p: MatchupPlayer,
    week: number,
    source: TestProjection['source'],
    mean: number,
  ): TestProjection => ({
    playerId: ids[p.key]!,
    season: SEASON,
    week,
    source,
    team: p.team,
    opponent: p.opponent,
    predMean: mean,
    predStd: mean / 2.5,
  });
  await insertProjections(deps, [
    ...projected.map((p) => projection(p, LATEST_WEEK, 'model', p.mean!)),
    // A lower published figure the model's must win over.
    ...projected.map((p) => projection(p, LATEST_WEEK, 'nflcom', p.mean! - 3)),
    ...projected.map((p) => projection(p, EARLIER_WEEK, 'nflcom', p.mean! + 2)),
  ]);
  await dataVersion.bump();
  return ids;
}

/** Rows in `simulations`, including those still waiting to be written. */
export async function countSimulations({
  database,
  simulationRecords,
}: Pick<AppDeps, 'database' | 'simulationRecords'>): Promise<number> {
  await simulationRecords.flush();
  const [row] = await database.db.select({ total: count() }).from(simulations);
  return Number(row?.total ?? 0);
}
