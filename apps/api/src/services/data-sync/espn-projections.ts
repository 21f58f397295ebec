import { isPosition, PPR, scoreStatLine } from '@fm/projections';
import type { CoreDeps } from '../../core-deps.js';
import { linkEspnPlayers } from '../../integrations/espn/player-matching.js';
import type { EspnPlayer } from '../../integrations/espn/schemas.js';
import { type EspnProjectionBatch, espnProjectedLine } from '../../integrations/espn/stat-lines.js';
import type { SleeperPlayerDirectory } from '../../integrations/sleeper/schemas.js';
import { writeProjections, type ProjectionRow } from '../nfl-import/projection-writer.js';
import type { WriteCount } from '../nfl-import/upsert-changed.js';
import { inWriteTransaction } from '../nfl-import/write-transaction.js';
import { ESPN_SOURCE } from '../projections/projection-sources.js';
import { loadKnownPlayers } from './directory-sync.js';
import { readWeekGames, type WeekGames } from '../live-games/nfl-schedule.js';
import { expertProjectionRow, hasAnyStat, type KnownPlayer } from './week-rows.js';

/**
 * ESPN's projected stat lines of a week as rows of source 'espn', one per player we know: the line
 * scored in PPR (the model rescores it in each league's rules). Players ESPN projects nothing for are
 * left out, as for Sleeper.
 */
export function espnProjectionRowsOf(
  batch: EspnProjectionBatch,
  players: ReadonlyMap<string, KnownPlayer>,
  games: WeekGames,
): ProjectionRow[] {
  const rows = new Map<number, ProjectionRow>();
  for (const espnPlayer of batch.players) {
    const sleeperId = batch.sleeperIdByEspnId.get(String(espnPlayer.id));
    const player = sleeperId === undefined ? undefined : players.get(sleeperId);
    const position = player?.position;
    if (!player || !position || !isPosition(position) || rows.has(player.id)) continue;
    const line = espnProjectedLine(espnPlayer, batch.week);
    if (!line || !hasAnyStat(line)) continue;
    const points = scoreStatLine(line, PPR, position);
    rows.set(
      player.id,
      expertProjectionRow(ESPN_SOURCE, batch, { ...player, position }, points, line, games),
    );
  }
  return [...rows.values()];
}

/** Writes one batch in one transaction: all its rows or, on any failure, none. */
export async function storeEspnProjections(
  deps: Pick<CoreDeps, 'database'>,
  batch: EspnProjectionBatch,
): Promise<WriteCount> {
  return inWriteTransaction(deps.database, async (db) => {
    const players = await loadKnownPlayers(db);
    const games = await readWeekGames(db, batch.season, batch.week);
    return writeProjections(db, espnProjectionRowsOf(batch, players, games));
  });
}

/** A batch from ESPN players, linked to Sleeper ids through the directory. */
export function espnBatch(
  at: { season: number; week: number },
  players: readonly EspnPlayer[],
  directory: SleeperPlayerDirectory,
): EspnProjectionBatch {
  return { ...at, players, sleeperIdByEspnId: linkEspnPlayers(directory, players).sleeperIdByEspnId };
}
