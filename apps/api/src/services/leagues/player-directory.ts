import { appState, players } from '@fm/db';
import { and, count, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { CoreDeps } from '../../core-deps.js';
import { type MatchReport, matchPlayers } from '../../integrations/sleeper/player-matching.js';
import type { SleeperPlayerDirectory } from '../../integrations/sleeper/schemas.js';
import { sleeperIdsByYahooId } from '../../integrations/yahoo/normalize.js';
import { ensureTeamDefenses } from './team-defenses.js';
import { memoByIdentity } from '../../memo-by-identity.js';

/** Sleeper asks for the player directory at most daily; matching follows the same rhythm. */
export const SLEEPER_ID_SYNC_INTERVAL_MS = 24 * 60 * 60_000;
export const SLEEPER_ID_SYNC_STATE_KEY = 'sleeper-player-ids';
/** Rows per UPDATE … FROM (VALUES …): two bind parameters each, far below PostgreSQL's limit. */
const UPDATES_PER_STATEMENT = 1_000;

export interface SleeperIdSyncState {
  syncedAt: string;
  /** Rows in `players` when it ran: a data import since then triggers a new run. */
  playerCount: number;
  /** Players given a Sleeper id in that run. */
  linked: number;
  /** How that run's matching went (over the players still unlinked when it started). */
  report: MatchReport;
  /** NFL.com players carrying a Sleeper id after that run. */
  coverage: { linked: number; total: number; rate: number };
}

/** One matching run over every player without a Sleeper id; ids already taken are never reused. */
export async function linkSleeperIds(
  deps: Pick<CoreDeps, 'database'>,
  directory: SleeperPlayerDirectory,
  now = new Date(),
): Promise<SleeperIdSyncState> {
  const { db } = deps.database;
  await ensureTeamDefenses(deps, directory);
  const rows = await db
    .select({
      id: players.id,
      fullName: players.fullName,
      position: players.position,
      team: players.team,
      sleeperId: players.sleeperId,
    })
    .from(players);
  const taken = new Set(rows.flatMap((row) => (row.sleeperId ? [row.sleeperId] : [])));
  const unlinked = rows.filter((row) => !row.sleeperId);
  const result = matchPlayers(directory, unlinked);
  const updates = result.matches.filter((match) => !taken.has(match.sleeperId));
  for (let start = 0; start < updates.length; start += UPDATES_PER_STATEMENT) {
    const rows = updates
      .slice(start, start + UPDATES_PER_STATEMENT)
      .map((match) => sql`(${match.player.id}::int, ${match.sleeperId}::text)`);
    await db.execute(
      sql`update ${players} set sleeper_id = linked.sleeper_id
          from (values ${sql.join(rows, sql`, `)}) as linked(id, sleeper_id)
          where ${players.id} = linked.id and ${players.sleeperId} is null`,
    );
  }
  const state: SleeperIdSyncState = {
    syncedAt: now.toISOString(),
    playerCount: rows.length,
    linked: updates.length,
    report: result.report,
    coverage: await sleeperIdCoverage(deps),
  };
  await db
    .insert(appState)
    .values({ key: SLEEPER_ID_SYNC_STATE_KEY, value: state, updatedAt: now })
    .onConflictDoUpdate({ target: appState.key, set: { value: state, updatedAt: now } });
  return state;
}

export async function readSyncState(deps: Pick<CoreDeps, 'database'>): Promise<SleeperIdSyncState | null> {
  const [row] = await deps.database.db
    .select({ value: appState.value })
    .from(appState)
    .where(eq(appState.key, SLEEPER_ID_SYNC_STATE_KEY))
    .limit(1);
  return (row?.value as SleeperIdSyncState | undefined) ?? null;
}

/** Share of our NFL.com-sourced players that carry a Sleeper id (0–1). */
export async function sleeperIdCoverage(
  deps: Pick<CoreDeps, 'database'>,
): Promise<{ linked: number; total: number; rate: number }> {
  const { db } = deps.database;
  const fromNflCom = isNotNull(players.nflId);
  const [all] = (await db.select({ total: count() }).from(players).where(fromNflCom)) as [{ total: number }];
  const [missing] = (await db
    .select({ total: count() })
    .from(players)
    .where(and(fromNflCom, isNull(players.sleeperId)))) as [{ total: number }];
  const total = Number(all.total);
  const linked = total - Number(missing.total);
  return { linked, total, rate: total === 0 ? 0 : linked / total };
}

/** Sleeper id by Yahoo player id (the directory's yahoo_id), built once per directory answer. */
export const yahooToSleeperIds: (directory: SleeperPlayerDirectory) => Map<string, string> = memoByIdentity(
  (directory: SleeperPlayerDirectory) => sleeperIdsByYahooId(directory),
);

/** Our player id (players.id) for each of these Sleeper ids that is linked to one. */
export async function appPlayerIdsBySleeperId(
  deps: Pick<CoreDeps, 'database'>,
  sleeperIds: string[],
): Promise<Map<string, number>> {
  const ids = [...new Set(sleeperIds)];
  if (ids.length === 0) return new Map();
  const rows = await deps.database.db
    .select({ id: players.id, sleeperId: players.sleeperId })
    .from(players)
    .where(inArray(players.sleeperId, ids));
  return new Map(rows.flatMap((row) => (row.sleeperId ? [[row.sleeperId, row.id] as const] : [])));
}
