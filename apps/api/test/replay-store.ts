import type { Database } from '@fm/db';
import { players } from '@fm/db';
import {
  isNflTeamCode,
  opponentsFromSleeperStats,
  statLineFromSleeper,
  type Position,
  type ReplaySeason,
} from '@fm/projections';
import { SLEEPER_SOURCE } from '../src/services/nfl-import/model-weeks.js';
import { compactStats } from '../src/services/nfl-import/nflcom-projections.js';
import { writeProjections, type ProjectionRow } from '../src/services/nfl-import/projection-writer.js';
import { toStatRow, writeStatLines } from '../src/services/nfl-import/stat-writer.js';

/**
 * Writes a replayed season the way the data sync stores Sleeper's answers: the directory's players
 * (kept when already there), stat lines of weeks up to `lastStatsWeek` (opponents paired from the
 * rows, home/away unknown), and every week's projections as source 'sleeper'.
 */
export async function storeReplay(
  database: Database,
  replay: ReplaySeason,
  lastStatsWeek: number,
): Promise<void> {
  const entries = Object.entries(replay.players);
  await database.db
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
    .onConflictDoNothing();
  const stored = await database.db.select({ id: players.id, sleeperId: players.sleeperId }).from(players);
  const playerIdOf = new Map(stored.map((row) => [row.sleeperId ?? '', row.id]));
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
      const identity = { nflId: 0, name: id, position, season: replay.season, week: Number(week), team };
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
        season: replay.season,
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
