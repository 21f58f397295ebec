import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, executeRows, players, type TestDatabase } from '@fm/db';
import {
  buildReplaySeason,
  isNflTeamCode,
  opponentsFromSleeperStats,
  statLineFromSleeper,
  type Position,
  type ReplaySeason,
} from '@fm/projections';
import { readNflDataDir } from '@fm/projections/files';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, TEST_POSTGRES_URL } from '../../../test/harness.js';
import { produceModelProjections } from './model-projections.js';
import { SLEEPER_SOURCE } from './model-weeks.js';
import { compactStats } from './nflcom-projections.js';
import { writeProjections, type ProjectionRow } from './projection-writer.js';
import { toStatRow, writeStatLines } from './stat-writer.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const NFL_DATA = path.resolve(REPO_ROOT, '../shared/nfl-data');
const SEASON = 2024;
/** Sleeper's state: week 6 is being played; its stat lines so far are not results. */
const CURRENT = { season: SEASON, week: 6 };

/** Writes a replayed season as the data sync stores Sleeper's answers: players, stat lines, 'sleeper' projections. */
async function storeReplay(
  database: TestDatabase,
  replay: ReplaySeason,
  lastStatsWeek: number,
): Promise<void> {
  const entries = Object.entries(replay.players);
  const inserted = await database.db
    .insert(players)
    .values(
      entries.map(([id, player]) => ({
        sleeperId: id,
        fullName: player.full_name ?? `${player.first_name} ${player.last_name}`,
        searchName: (player.full_name ?? id).toLowerCase(),
        position: player.position,
        team: player.team ?? 'FA',
      })),
    )
    .returning({ id: players.id, sleeperId: players.sleeperId });
  const playerIdOf = new Map(inserted.map((row) => [row.sleeperId!, row.id]));
  const positionOf = (id: string) => replay.players[id]?.position as Position;
  for (const [week, answer] of Object.entries(replay.stats)) {
    if (Number(week) > lastStatsWeek) continue;
    const opponents = opponentsFromSleeperStats(answer);
    const lines = Object.entries(answer).flatMap(([id, stats]) => {
      const playerId = playerIdOf.get(id);
      if (playerId === undefined) return [];
      const position = positionOf(id);
      const team = isNflTeamCode(id) ? id : (replay.players[id]?.team ?? 'FA');
      const line = statLineFromSleeper(stats, position).line;
      const identity = { nflId: 0, name: id, position, season: SEASON, week: Number(week), team };
      return [
        toStatRow({ ...identity, opponent: opponents.get(team) ?? '', isHome: true, ...line }, playerId),
      ];
    });
    await writeStatLines(database.db, lines);
  }
  for (const [week, answer] of Object.entries(replay.projections)) {
    const rows: ProjectionRow[] = Object.entries(answer).flatMap(([id, stats]) => {
      const playerId = playerIdOf.get(id);
      if (playerId === undefined) return [];
      const line = statLineFromSleeper(stats, positionOf(id)).line;
      const predMean = stats.pts_ppr ?? 0;
      const row: ProjectionRow = {
        player_id: playerId,
        season: SEASON,
        week: Number(week),
        source: SLEEPER_SOURCE,
        model_version: null,
        team: isNflTeamCode(id) ? id : (replay.players[id]?.team ?? 'FA'),
        opponent: null,
        pred_mean: predMean,
        pred_std: 5,
        p10: null,
        p50: predMean,
        p90: null,
        stats: compactStats(line),
      };
      return [row];
    });
    await writeProjections(database.db, rows);
  }
}

async function modelRowsByPosition(database: TestDatabase, week: number): Promise<Record<string, number>> {
  const rows = await executeRows<{ position: string; count: number | string }>(
    database.db,
    sql`select p.position, count(*) as count from projections pr join players p on p.id = pr.player_id
        where pr.source = 'model' and pr.season = ${SEASON} and pr.week = ${week} group by p.position`,
  );
  return Object.fromEntries(rows.map((row) => [row.position, Number(row.count)]));
}

describe.each(DATABASE_KINDS)('model projections from Sleeper data alone on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind === 'postgres' ? TEST_POSTGRES_URL : undefined);
    const { weeks } = readNflDataDir(NFL_DATA, {
      seasons: [2023, SEASON],
      through: { season: SEASON, week: 7 },
    });
    await storeReplay(
      database,
      buildReplaySeason(weeks, SEASON, { currentWeek: CURRENT.week }),
      CURRENT.week,
    );
  }, 120_000);
  afterAll(() => database?.close());

  it('projects the current and the next week for every position, team defences and kickers included', async () => {
    const first = await produceModelProjections(database, { current: CURRENT });
    expect(first.created).toBeGreaterThan(0);
    for (const week of [CURRENT.week, CURRENT.week + 1]) {
      const byPosition = await modelRowsByPosition(database, week);
      expect(Object.keys(byPosition).sort()).toEqual(['DEF', 'K', 'QB', 'RB', 'TE', 'WR']);
      expect(byPosition.DEF).toBeGreaterThanOrEqual(26);
    }
  }, 120_000);

  it('changes nothing when run again with nothing new', async () => {
    expect(await produceModelProjections(database, { current: CURRENT })).toEqual({ created: 0, updated: 0 });
  }, 120_000);

  it('does not learn from the current week’s lines while its games are played', async () => {
    await database.db.execute(
      sql`update player_week_stats set rec_yd = rec_yd + 100, pts_allowed = pts_allowed + 30 where week = ${CURRENT.week}`,
    );
    expect(await produceModelProjections(database, { current: CURRENT })).toEqual({ created: 0, updated: 0 });
  }, 120_000);

  it('does learn from a completed week (the check above can fail)', async () => {
    await database.db.execute(
      sql`update player_week_stats set rec_yd = rec_yd + 100, pts_allowed = pts_allowed + 30 where week = ${CURRENT.week - 1}`,
    );
    const changed = await produceModelProjections(database, { current: CURRENT });
    expect(changed.updated).toBeGreaterThan(0);
  }, 120_000);
});
