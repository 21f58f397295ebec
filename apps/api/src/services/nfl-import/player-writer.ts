import { players, type Db } from '@fm/db';
import { and, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { toSearchName } from '../../integrations/sleeper/player-matching.js';
import { ROWS_PER_STATEMENT, upsertChanged, type WriteCount } from './upsert-changed.js';
import { PLAYER_COLUMNS, PLAYER_COLUMN_TYPES } from './write-targets.js';

/** A player as the newest line of an import describes them. */
export interface ImportedPlayer {
  nflId: string;
  fullName: string;
  position: string;
  team: string;
  isActive: boolean;
}

export function splitName(fullName: string): { firstName: string; lastName: string | null } {
  const [first, ...rest] = fullName.trim().split(/\s+/);
  return { firstName: first ?? fullName, lastName: rest.length > 0 ? rest.join(' ') : null };
}

/**
 * Writes the players of an import, keyed by NFL.com id. A player another source created
 * without an NFL.com id (an admin CSV, Sleeper) is linked by name and position first, so the
 * same person is not listed twice. Returns NFL.com id → our player id.
 */
export async function writePlayers(
  db: Db,
  imported: ImportedPlayer[],
): Promise<{ ids: Map<string, number>; count: WriteCount }> {
  await linkPlayersWithoutNflId(db, imported);
  const count = await upsertChanged(
    db,
    {
      table: 'players',
      key: ['nfl_id'],
      compare: PLAYER_COLUMNS,
      types: { nfl_id: 'text', ...PLAYER_COLUMN_TYPES },
      touch: ['updated_at'],
    },
    imported.map((player) => {
      const { firstName, lastName } = splitName(player.fullName);
      return {
        nfl_id: player.nflId,
        full_name: player.fullName,
        first_name: firstName,
        last_name: lastName,
        search_name: toSearchName(player.fullName),
        position: player.position,
        team: player.team,
        is_active: player.isActive,
      };
    }),
  );
  const ids = new Map<string, number>();
  for (let start = 0; start < imported.length; start += ROWS_PER_STATEMENT) {
    const nflIds = imported.slice(start, start + ROWS_PER_STATEMENT).map((player) => player.nflId);
    const rows = await db
      .select({ id: players.id, nflId: players.nflId })
      .from(players)
      .where(inArray(players.nflId, nflIds));
    for (const row of rows) ids.set(row.nflId!, row.id);
  }
  return { ids, count };
}

async function linkPlayersWithoutNflId(db: Db, imported: ImportedPlayer[]): Promise<void> {
  const known = new Set(
    (await db.select({ nflId: players.nflId }).from(players).where(isNotNull(players.nflId))).map(
      (row) => row.nflId,
    ),
  );
  const newcomers = imported.filter((player) => !known.has(player.nflId));
  if (newcomers.length === 0) return;
  const names = [...new Set(newcomers.map((player) => toSearchName(player.fullName)))];
  const unlinked = await db
    .select({
      id: players.id,
      searchName: players.searchName,
      position: players.position,
      team: players.team,
    })
    .from(players)
    .where(and(isNull(players.nflId), inArray(players.searchName, names)));
  const taken = new Set<number>();
  for (const player of newcomers) {
    const name = toSearchName(player.fullName);
    const candidates = unlinked.filter(
      (row) => !taken.has(row.id) && row.searchName === name && row.position === player.position,
    );
    const match =
      candidates.length === 1 ? candidates[0] : candidates.find((row) => row.team === player.team);
    if (!match) continue;
    taken.add(match.id);
    await db
      .update(players)
      .set({ nflId: player.nflId })
      .where(sql`${players.id} = ${match.id}`);
  }
}
