import { players, projections, type Database } from '@fm/db';
import { asc, avg, eq, max } from 'drizzle-orm';
import type { DataDeps } from '../../core-deps.js';
import { createDataCache } from '../data-changes/data-cache.js';

/** Without `all`, a directory query answers at most this many players. */
export const DEFAULT_DIRECTORY_LIMIT = 100;
export const MAX_DIRECTORY_LIMIT = 1_000;

/** A player directory entry, plus the ids other sources know the player by. */
export interface DirectoryPlayer {
  id: string;
  full_name: string;
  first_name: string | null;
  last_name: string | null;
  position: string;
  team: string;
  active: boolean;
  sleeper_id: string | null;
  nfl_id: string | null;
  /**
   * Average projected PPR points per week in the latest season projected, or null: how much a
   * player matters to fantasy managers, so search can list the one people mean first.
   */
  projected_points: number | null;
}

export interface DirectoryQuery {
  active?: boolean | undefined;
  all?: boolean | undefined;
  search?: string | undefined;
  position?: string | undefined;
  limit?: number | undefined;
}

interface IndexedPlayer {
  player: DirectoryPlayer;
  searchKey: string;
}

const cachedDirectory = createDataCache<IndexedPlayer[]>({ maxEntries: 8 });

/** Each player's average projected points in the latest season that has projections. */
async function projectedPointsByPlayer(database: Database): Promise<Map<number, number>> {
  const [latest] = await database.db.select({ season: max(projections.season) }).from(projections);
  if (latest?.season == null) return new Map();
  const rows = await database.db
    .select({ playerId: projections.playerId, points: avg(projections.predMean) })
    .from(projections)
    .where(eq(projections.season, latest.season))
    .groupBy(projections.playerId);
  return new Map(rows.map((row) => [row.playerId, Math.round(Number(row.points) * 10) / 10]));
}

function loadDirectory({ database, dataVersion }: DataDeps): Promise<IndexedPlayer[]> {
  return cachedDirectory({ dataVersion }, 'players', async () => {
    const rows = await database.db.select().from(players).orderBy(asc(players.fullName), asc(players.id));
    const projected = await projectedPointsByPlayer(database);
    return rows.map((row) => ({
      searchKey: `${row.fullName} ${row.searchName}`.toLowerCase(),
      player: {
        id: String(row.id),
        full_name: row.fullName,
        first_name: row.firstName,
        last_name: row.lastName,
        position: row.position,
        team: row.team,
        active: row.isActive,
        sleeper_id: row.sleeperId,
        nfl_id: row.nflId,
        projected_points: projected.get(row.id) ?? null,
      },
    }));
  });
}

/** Players by name order; `all` lifts the limit (the web app's directory load uses it). */
export async function findPlayers(deps: DataDeps, query: DirectoryQuery): Promise<DirectoryPlayer[]> {
  const words = (query.search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const limit = query.all ? Infinity : Math.min(query.limit ?? DEFAULT_DIRECTORY_LIMIT, MAX_DIRECTORY_LIMIT);
  const found: DirectoryPlayer[] = [];
  for (const { player, searchKey } of await loadDirectory(deps)) {
    if (found.length >= limit) break;
    if (query.active && !player.active) continue;
    if (query.position && player.position !== query.position) continue;
    if (!words.every((word) => searchKey.includes(word))) continue;
    found.push(player);
  }
  return found;
}
