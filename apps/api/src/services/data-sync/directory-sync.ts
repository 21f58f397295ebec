import { players, type Db } from '@fm/db';
import { POSITIONS } from '@fm/engine';
import { isNotNull } from 'drizzle-orm';
import type { CoreDeps } from '../../core-deps.js';
import { toSearchName, toTeamCode } from '../../integrations/sleeper/player-matching.js';
import type { SleeperPlayer, SleeperPlayerDirectory } from '../../integrations/sleeper/schemas.js';
import { linkSleeperIds } from '../leagues/player-directory.js';
import { splitName } from '../nfl-import/player-writer.js';
import { upsertChanged, type ColumnRow, type WriteCount } from '../nfl-import/upsert-changed.js';
import { PLAYER_COLUMNS, PLAYER_COLUMN_TYPES } from '../nfl-import/write-targets.js';
import type { KnownPlayer } from './week-rows.js';

function fantasyPositionOf(entry: SleeperPlayer): string | null {
  const candidates = [entry.position, ...(entry.fantasy_positions ?? [])];
  return (
    candidates.find((position) => (POSITIONS as readonly (string | null | undefined)[]).includes(position)) ??
    null
  );
}

function fullNameOf(sleeperId: string, entry: SleeperPlayer, position: string): string {
  const name = entry.full_name || [entry.first_name, entry.last_name].filter(Boolean).join(' ');
  if (name) return name;
  return position === 'DEF' ? `${sleeperId} Defense` : '';
}

/**
 * The directory entries the product tracks: fantasy positions (QB RB WR TE K DEF) of players on a
 * team or listed active. Retired players stay out, so searches do not list them.
 */
export function directoryRows(directory: SleeperPlayerDirectory): ColumnRow[] {
  const rows: ColumnRow[] = [];
  for (const [sleeperId, entry] of Object.entries(directory)) {
    const position = fantasyPositionOf(entry);
    if (!position) continue;
    const team = toTeamCode(entry.team) ?? (position === 'DEF' ? sleeperId : null);
    const isActive = entry.active ?? entry.status === 'Active';
    if (!team && !isActive) continue;
    const fullName = fullNameOf(sleeperId, entry, position);
    const searchName = toSearchName(fullName);
    if (searchName === '') continue;
    const split = splitName(fullName);
    rows.push({
      sleeper_id: sleeperId,
      full_name: fullName,
      first_name: entry.first_name ?? split.firstName,
      last_name: entry.last_name ?? split.lastName,
      search_name: searchName,
      position,
      team: team ?? 'FA',
      is_active: isActive,
      injury_status: entry.injury_status || null,
    });
  }
  return rows;
}

/**
 * Brings the players table in line with the Sleeper directory: players already known from NFL.com
 * files are linked by name, position and team first (so nobody is listed twice), then every tracked
 * entry is created or updated (team, status, injury). Players absent from the directory are left
 * as they are: an incomplete answer must not retire anyone. All in one transaction: a failure
 * half-way leaves the players as they were.
 */
export async function syncPlayerDirectory(
  deps: Pick<CoreDeps, 'database'>,
  directory: SleeperPlayerDirectory,
): Promise<WriteCount> {
  return deps.database.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    await linkSleeperIds({ ...deps, database: { ...deps.database, db } }, directory);
    return writeDirectoryRows(db, directory);
  });
}

function writeDirectoryRows(db: Db, directory: SleeperPlayerDirectory): Promise<WriteCount> {
  return upsertChanged(
    db,
    {
      table: 'players',
      key: ['sleeper_id'],
      compare: [...PLAYER_COLUMNS, 'injury_status'],
      types: { sleeper_id: 'text', ...PLAYER_COLUMN_TYPES, injury_status: 'text' },
      touch: ['updated_at'],
    },
    directoryRows(directory),
  );
}

/** Every player with a Sleeper id: what a week's answer is joined to. */
export async function loadKnownPlayers(db: Db): Promise<Map<string, KnownPlayer>> {
  const rows = await db
    .select({ id: players.id, sleeperId: players.sleeperId, position: players.position, team: players.team })
    .from(players)
    .where(isNotNull(players.sleeperId));
  return new Map(rows.map((row) => [row.sleeperId!, { id: row.id, position: row.position, team: row.team }]));
}
