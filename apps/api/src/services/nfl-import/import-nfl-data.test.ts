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
import { createDataVersion } from '../data-changes/data-version.js';
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

/** Imports as the CLI does: a process of its own, with its own view of the data version. */
function importInto(database: TestDatabase, dataDir: string): Promise<ImportSummary> {
  return importNflData({ database, dataVersion: createDataVersion(database) }, dataDir);
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
    first = await importInto(database, dataDir);
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
    // Sleeper's PPR (an interception −1): 232.76 × 0.04 + 1.63 × 4 − 0.69 × 1 + 30.62 × 0.1 + 0.59 × 6 + 0.01 × 6 − 0.52 × 2
    expect(allen2025!.pred_mean).toBeCloseTo(20.76, 2);
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

  it('projects every imported week with our model, and the week after the last, from earlier weeks only', async () => {
    const weeks = await executeRows<{
      season: number;
      week: number;
      n: number;
      unordered: number;
      opponents: number;
    }>(
      database.db,
      sql`select season, week, count(*)::int as n,
                 count(*) filter (where not (p10 <= p50 and p50 <= p90))::int as unordered,
                 count(opponent)::int as opponents
          from projections where source = 'model' group by season, week order by season, week`,
    );
    expect(weeks.map((w) => `${w.season}/${w.week}`)).toEqual(['2023/17', '2025/1', '2025/2', '2025/3']);
    for (const week of weeks) {
      expect(week.n).toBeGreaterThan(100);
      expect(week.unordered).toBe(0);
    }
    // week 3 is not in the files: its opponents are unknown
    expect(weeks[3]!.opponents).toBe(0);
    expect(weeks[1]!.opponents).toBe(weeks[1]!.n);
    expect(first.changed.modelProjections.created).toBe(weeks.reduce((sum, w) => sum + w.n, 0));

    const [allen] = await executeRows<Record<string, unknown>>(
      database.db,
      sql`select pr.model_version, pr.team, pr.pred_mean, pr.stats from projections pr join players p on p.id = pr.player_id
          where p.nfl_id = '2560955' and pr.season = 2025 and pr.week = 3 and pr.source = 'model'`,
    );
    expect(allen).toMatchObject({ team: 'BUF', model_version: expect.any(String) });
    expect(Number(allen!.pred_mean)).toBeGreaterThan(10);
    expect(allen!.stats).toHaveProperty('pass_yd');
  });

  it('changes nothing when the same folder is imported again', async () => {
    const again = await importInto(database, dataDir);
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
    const summary = await importInto(database, dataDir);
    expect(summary.problems).toHaveLength(1);
    const message = describeProblem(summary.problems[0]!);
    expect(message).toBe(
      `${path.basename(dataDir)}/2025/3/QB.csv line 5: PassingYDS is not a number: 'lots'`,
    );
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

describe('a later import of new weeks', () => {
  let database: TestDatabase;
  const folders: string[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.destroy();
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  });

  it('adds the new week without touching earlier projections: each week sees only the weeks before it', async () => {
    folders.push(
      folderWithWeeks([
        [2025, 5],
        [2025, 6],
      ]),
      folderWithWeeks([[2025, 7]]),
    );
    await importInto(database, folders[0]!);
    const before = await executeRows<{ week: number; total: number }>(
      database.db,
      sql`select week, round(sum(pred_mean + p10 + p90)::numeric, 2)::float8 as total from projections where source = 'model' group by week order by week`,
    );
    expect(before.map((w) => w.week)).toEqual([5, 6, 7]);

    const later = await importInto(database, folders[1]!);
    const after = await executeRows<{ week: number; total: number }>(
      database.db,
      sql`select week, round(sum(pred_mean + p10 + p90)::numeric, 2)::float8 as total from projections where source = 'model' group by week order by week`,
    );
    expect(after.map((w) => w.week)).toEqual([5, 6, 7, 8]);
    expect(after.slice(0, 2)).toEqual(before.slice(0, 2));
    // week 7 was projected from NFL.com's carried-forward figures; now its real slate is known
    expect(after[2]!.total).not.toBe(before[2]!.total);
    expect(later.changed.stats.updated).toBe(0);
    expect(later.changed.players.created).toBeLessThan(60);
  }, 240_000);
});
