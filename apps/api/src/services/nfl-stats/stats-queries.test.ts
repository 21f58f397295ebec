import { createTestDatabase, type TestDatabase } from '@fm/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, TEST_POSTGRES_URL } from '../../../test/harness.js';
import { insertStatsSeason, type StatsSeasonPlayers } from '../../../test/nfl-stats-season.js';
import type { DataDeps } from '../../core-deps.js';
import { createDataVersion } from '../data-changes/data-version.js';
import {
  loadStatSeasons,
  seasonalAdvanced,
  seasonalCompare,
  seasonalPlayers,
  weeklyAdvanced,
  weeklyCompare,
  weeklyPlayers,
} from './stats-queries.js';

type Row = Record<string, any>;

/** The figures the stats pages show, read from stored stat lines (the REST paths in router/nfl-stats.test.ts). */
describe.each(DATABASE_KINDS)('NFL stats read from stored lines on %s', (kind) => {
  let database: TestDatabase;
  let deps: DataDeps;
  let ids: StatsSeasonPlayers;

  beforeAll(async () => {
    database = await createTestDatabase(kind === 'postgres' ? TEST_POSTGRES_URL : undefined);
    deps = { database, dataVersion: createDataVersion(database) };
    ids = await insertStatsSeason(deps);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it('lists the seasons with stats, newest first', async () => {
    expect(await loadStatSeasons(deps)).toEqual([2025, 2024]);
  });

  it('lists the players of a season with the weeks they played and their PPR points', async () => {
    const players = await weeklyPlayers(deps, { season: 2025 });
    expect(players.season).toBe(2025);
    const byName = new Map<string, Row>(players.data.map((row) => [row.player_name, row]));
    // week 1: 7 rec + 10.0 yards + 6 TD = 23; week 2: 4 rec + 5.0 yards = 9
    expect(byName.get('Zay Flowers')).toMatchObject({
      games: 2,
      weeks: [1, 2],
      fantasy_points_ppr: 32,
      points_per_game: 16,
      team: 'BAL',
    });
    expect(byName.get('Rashod Bateman')).toMatchObject({ games: 1, weeks: [1] });
    // QB, Sleeper's standard PPR: 250 × 0.04 + 2 × 4 − 1 (INT) + 2.0 rush − 2 (fumble) = 17
    expect(byName.get('Lamar Jackson')).toMatchObject({ fantasy_points_ppr: 17 });
    const latest = await weeklyPlayers(deps, { position: 'QB' });
    expect(latest.season).toBe(2025);
    expect(latest.data.map((row) => row.player_name)).toEqual(['Lamar Jackson']);
  });

  it('compares players week by week, with opponents marked away or home', async () => {
    const compared = await weeklyCompare(deps, { playerIds: [ids.flowers, ids.rice], season: 2025 });
    expect(compared.data.map((entry) => entry.player.player_name)).toEqual(['Zay Flowers', 'Rashee Rice']);
    const [flowersWeeks, riceWeeks] = compared.data.map((entry) => entry.weeks as Row[]);
    expect(flowersWeeks).toHaveLength(2);
    expect(flowersWeeks![0]).toMatchObject({
      week: 1,
      opponent: '@BUF',
      is_home: false,
      targets: 10,
      rec: 7,
      rec_yd: 100,
      fantasy_points_ppr: 23,
      fantasy_points_half_ppr: 19.5,
      fantasy_points_standard: 16,
    });
    expect(flowersWeeks![1]).toMatchObject({ week: 2, opponent: 'CLE', is_home: true });
    expect(riceWeeks![0]!.extra).toEqual({ air_yards: 96, routes: 32 });
  });

  it('totals a season per player', async () => {
    const totals = await seasonalCompare(deps, { playerIds: [ids.henry, ids.bateman] });
    expect(totals.season).toBe(2025);
    expect(totals.data[0]).toMatchObject({
      player_name: 'Derrick Henry',
      games: 2,
      carries: 38,
      rush_yd: 210,
      rush_td: 2,
      rec: 6,
      fantasy_points_ppr: 43,
    });
    expect(totals.data[1]).toMatchObject({ player_name: 'Rashod Bateman', games: 1, targets: 5 });
    const receivers = await seasonalPlayers(deps, { season: 2025, position: 'WR' });
    expect(receivers.data.map((row) => row.player_name)).toEqual([
      'Zay Flowers',
      'Rashee Rice',
      'Rashod Bateman',
    ]);
  });

  it('computes usage shares against the team, and air-yard figures only when an import supplied them', async () => {
    const advanced = await seasonalAdvanced(deps, { season: 2025 });
    const byName = new Map(advanced.data.map((row) => [row.player_name, row.metrics]));
    const zay = byName.get('Zay Flowers') as Record<string, number>;
    // Baltimore targets in Flowers' games: 20 (week 1) + 8 (week 2); his: 16
    expect(zay.target_share).toBeCloseTo(16 / 28, 4);
    expect(zay.catch_rate).toBeCloseTo(11 / 16, 4);
    expect(zay.yards_per_target).toBeCloseTo(150 / 16, 1);
    expect(zay.red_zone_target_share).toBeCloseTo(0.5, 4);
    expect(zay).not.toHaveProperty('air_yards_share');
    expect(zay).not.toHaveProperty('wopr');
    expect(zay).not.toHaveProperty('yards_per_route_run');
    const derrick = byName.get('Derrick Henry') as Record<string, number>;
    expect(derrick.rush_share).toBeCloseTo(38 / 43, 4);
    expect(derrick.yards_per_carry).toBeCloseTo(210 / 38, 2);
    const rashee = byName.get('Rashee Rice') as Record<string, number>;
    expect(rashee.target_share).toBe(1);
    expect(rashee.air_yards_share).toBe(1);
    expect(rashee.average_depth_of_target).toBe(12);
    expect(rashee.wopr).toBeCloseTo(2.2, 4);
    expect(rashee.yards_per_route_run).toBe(2.5);
    expect(byName.has('Rashod Bateman')).toBe(true);
  });

  it("gives one player's figures week by week", async () => {
    const weekly = await weeklyAdvanced(deps, { season: 2025, playerId: ids.flowers });
    expect(weekly.player).toMatchObject({ player_name: 'Zay Flowers', position: 'WR' });
    expect(weekly.data.map((week) => week.week)).toEqual([1, 2]);
    expect(weekly.data[0]!.metrics.target_share).toBe(0.5);
    expect(weekly.data[1]!.metrics.target_share).toBe(0.75);
    expect(weekly.data[0]!.opponent).toBe('@BUF');
  });

  it('names an unknown player in a NOT_FOUND error', async () => {
    await expect(weeklyCompare(deps, { playerIds: [999_999] })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: expect.stringContaining('999999'),
    });
  });
});
