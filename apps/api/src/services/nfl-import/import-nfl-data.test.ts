import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, executeRows, type TestDatabase } from '@fm/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, TEST_POSTGRES_URL } from '../../../test/harness.js';
import { describeProblem } from './import-plan.js';
import { importNflData, type ImportSummary } from './import-nfl-data.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const NFL_DATA = path.resolve(REPO_ROOT, '../shared/nfl-data');

/** A data folder holding a few real weeks, as symlinks to the shared data. */
function folderWithWeeks(weeks: Array<[season: number, week: number]>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fm-nfl-'));
  for (const [season, week] of weeks) {
    mkdirSync(path.join(dir, String(season)), { recursive: true });
    symlinkSync(
      path.join(NFL_DATA, String(season), String(week)),
      path.join(dir, String(season), String(week)),
    );
  }
  return dir;
}

/** Player lines that are games (not byes) in the actual files of a week. */
function gameLineCount(season: number, week: number): number {
  let count = 0;
  for (const position of ['QB', 'RB', 'WR', 'TE', 'K']) {
    const lines = readFileSync(path.join(NFL_DATA, String(season), String(week), `${position}.csv`), 'utf8')
      .trim()
      .split('\n')
      .slice(1);
    count += lines.filter((line) => line.split(',')[4] !== 'Bye').length;
  }
  return count;
}

describe.each(DATABASE_KINDS)('NFL data import on %s', (kind) => {
  let database: TestDatabase;
  let dataDir: string;
  let first: ImportSummary;

  beforeAll(async () => {
    database = await createTestDatabase(kind === 'postgres' ? TEST_POSTGRES_URL : undefined);
    dataDir = folderWithWeeks([
      [2023, 17],
      [2025, 1],
      [2025, 2],
    ]);
    first = await importNflData(database, dataDir);
  }, 180_000);
  afterAll(async () => {
    await database?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('imports every actual stat line of the weeks, typed, with home and away', async () => {
    expect(first.files).toBe(30);
    expect(first.problems).toEqual([]);
    const expectedLines = gameLineCount(2023, 17) + gameLineCount(2025, 1) + gameLineCount(2025, 2);
    expect(first.changed.stats).toEqual({ created: expectedLines, updated: 0 });
    const [allen] = await executeRows<Record<string, unknown>>(
      database.db,
      sql`select s.* from player_week_stats s join players p on p.id = s.player_id
          where p.nfl_id = '2560955' and s.season = 2025 and s.week = 1`,
    );
    expect(allen).toMatchObject({
      team: 'BUF',
      opponent: 'BAL',
      is_home: true,
      pass_yd: 394,
      pass_td: 2,
      pass_int: 0,
      rush_yd: 30,
      rush_td: 2,
      carries: 14,
    });
    const [henry] = await executeRows<Record<string, unknown>>(
      database.db,
      sql`select s.opponent, s.is_home, s.rush_yd, s.fum_lost, s.reception_pct from player_week_stats s
          join players p on p.id = s.player_id where p.nfl_id = '2556075' and s.season = 2025 and s.week = 1`,
    );
    expect(henry).toMatchObject({
      opponent: 'BUF',
      is_home: false,
      rush_yd: 169,
      fum_lost: 1,
      reception_pct: 100,
    });
  });

  it('creates each player once, named and placed by their newest line', async () => {
    const [row] = await executeRows<{ total: number; distinct_ids: number }>(
      database.db,
      sql`select count(*)::int as total, count(distinct nfl_id)::int as distinct_ids from players`,
    );
    expect(row!.total).toBe(first.players);
    expect(row!.distinct_ids).toBe(first.players);
    const [bowers] = await executeRows<Record<string, unknown>>(
      database.db,
      sql`select full_name, first_name, last_name, search_name, position, team, is_active from players where nfl_id = '2572219'`,
    );
    expect(bowers).toEqual({
      full_name: 'Brock Bowers',
      first_name: 'Brock',
      last_name: 'Bowers',
      search_name: 'brock bowers',
      position: 'TE',
      team: 'LV',
      is_active: true,
    });
  });

  it("stores NFL.com's projections: PPR of the projected line from 2024, the published points before", async () => {
    const [allen2025] = await executeRows<Record<string, unknown>>(
      database.db,
      sql`select pr.pred_mean, pr.opponent, pr.stats from projections pr join players p on p.id = pr.player_id
          where p.nfl_id = '2560955' and pr.season = 2025 and pr.week = 1 and pr.source = 'nflcom'`,
    );
    // 232.76 × 0.04 + 1.63 × 4 − 0.69 × 2 + 30.62 × 0.1 + 0.59 × 6 + 0.01 × 6 − 0.52 × 2
    expect(allen2025!.pred_mean).toBeCloseTo(20.07, 2);
    expect(allen2025!.opponent).toBe('BAL');
    expect(allen2025!.stats).toMatchObject({ pass_yd: 232.76, pass_td: 1.63 });

    const published = readFileSync(path.join(NFL_DATA, '2023/17/projected/QB_projected.csv'), 'utf8')
      .trim()
      .split('\n');
    const header = published[0]!.split(',');
    const first = published[1]!.split(',');
    const [row2023] = await executeRows<Record<string, unknown>>(
      database.db,
      sql`select pr.pred_mean, pr.stats, pr.p10, pr.p90 from projections pr join players p on p.id = pr.player_id
          where p.nfl_id = ${first[header.indexOf('PlayerId')]} and pr.season = 2023 and pr.week = 17 and pr.source = 'nflcom'`,
    );
    expect(row2023!.pred_mean).toBe(Number(first[header.indexOf('PlayerWeekProjectedPts')]));
    expect(row2023!.stats).toBeNull();
    expect(Number(row2023!.p10)).toBeLessThanOrEqual(Number(row2023!.pred_mean));
    expect(Number(row2023!.p90)).toBeGreaterThan(Number(row2023!.pred_mean));
  });

  it('changes nothing when the same folder is imported again', async () => {
    const again = await importNflData(database, dataDir);
    expect(again.totalChanged).toBe(0);
    expect(again.changed.stats).toEqual({ created: 0, updated: 0 });
    expect(again.files).toBe(first.files);
  }, 180_000);
});

describe('a malformed line', () => {
  let database: TestDatabase;
  let dataDir: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'fm-nfl-bad-'));
    const weekDir = path.join(dataDir, '2025', '3');
    mkdirSync(weekDir, { recursive: true });
    copyFileSync(path.join(NFL_DATA, '2025/3/K.csv'), path.join(weekDir, 'K.csv'));
    const lines = readFileSync(path.join(NFL_DATA, '2025/3/QB.csv'), 'utf8').split('\n');
    const cells = lines[4]!.split(',');
    cells[5] = 'lots';
    lines[4] = cells.join(',');
    writeFileSync(path.join(weekDir, 'QB.csv'), lines.join('\n'));
  });
  afterAll(async () => {
    await database?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is reported with its file and line, and the rest of the file is imported', async () => {
    const summary = await importNflData(database, dataDir);
    expect(summary.problems).toHaveLength(1);
    const message = describeProblem(summary.problems[0]!);
    expect(message).toBe(`${path.basename(dataDir)}/2025/3/QB.csv line 5: PassingYDS "lots" is not a number`);
    const quarterbacks = readFileSync(path.join(dataDir, '2025/3/QB.csv'), 'utf8')
      .trim()
      .split('\n')
      .slice(1);
    const games = quarterbacks.filter((line) => line.split(',')[4] !== 'Bye').length;
    const [row] = await executeRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from player_week_stats s join players p on p.id = s.player_id where p.position = 'QB'`,
    );
    expect(row!.n).toBe(games - 1);
  }, 120_000);
});
