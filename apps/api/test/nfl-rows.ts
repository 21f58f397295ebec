import { players, playerWeekStats, projections, type Database } from '@fm/db';
import type { DataDeps } from '../src/core-deps.js';

export interface TestPlayer {
  name: string;
  position: string;
  team: string;
  isActive?: boolean;
}

/** Inserts players and returns their ids, in order. */
export async function insertPlayers(database: Database, list: TestPlayer[]): Promise<number[]> {
  const rows = await database.db
    .insert(players)
    .values(
      list.map((p, i) => ({
        nflId: `test-${Date.now()}-${i}-${Math.random()}`,
        fullName: p.name,
        firstName: p.name.split(' ')[0] ?? null,
        lastName: p.name.split(' ').slice(1).join(' ') || null,
        searchName: p.name.toLowerCase(),
        position: p.position,
        team: p.team,
        isActive: p.isActive ?? true,
      })),
    )
    .returning({ id: players.id });
  return rows.map((r) => r.id);
}

export interface TestProjection {
  playerId: number;
  season: number;
  week: number;
  source: 'model' | 'nflcom' | 'import';
  team: string;
  opponent?: string;
  predMean: number;
  predStd?: number;
  p10?: number | null;
  p50?: number | null;
  p90?: number | null;
}

export async function insertProjections(
  { database, dataVersion }: DataDeps,
  list: TestProjection[],
): Promise<void> {
  await database.db.insert(projections).values(
    list.map((p) => ({
      playerId: p.playerId,
      season: p.season,
      week: p.week,
      source: p.source,
      modelVersion: p.source === 'model' ? 'test-1' : null,
      team: p.team,
      opponent: p.opponent ?? null,
      predMean: p.predMean,
      predStd: p.predStd ?? 5,
      p10: p.p10 === undefined ? p.predMean - 6 : p.p10,
      p50: p.p50 === undefined ? p.predMean - 0.5 : p.p50,
      p90: p.p90 === undefined ? p.predMean + 7 : p.p90,
    })),
  );
  await dataVersion.bump();
}

export type TestStatLine = Partial<typeof playerWeekStats.$inferInsert> & {
  playerId: number;
  season: number;
  week: number;
  team: string;
  opponent: string;
};

export async function insertStatLines(
  { database, dataVersion }: DataDeps,
  lines: TestStatLine[],
): Promise<void> {
  await database.db.insert(playerWeekStats).values(lines.map((line) => ({ isHome: true, ...line })));
  await dataVersion.bump();
}
