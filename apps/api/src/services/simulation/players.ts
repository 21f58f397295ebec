import { players, type Database } from '@fm/db';
import { inArray, or } from 'drizzle-orm';
import type { DataDeps } from '../../core-deps.js';
import { validationError } from '../../errors.js';
import { TtlCache } from '../../integrations/cache.js';
import { loadAvailableWeeks, resolveWeek } from '../projections/available-weeks.js';
import { loadRankedWeek } from '../projections/depth-ranks.js';
import type { ProjectionEntry } from '../projections/week-board.js';
import type { PlayerRefKind } from './request.js';
import { memoByIdentity } from '../../memo-by-identity.js';

/** A player as a simulation uses him: who he is, his game and his projection of the week (if any). */
export interface LineupPlayer {
  id: number;
  sleeperId: string | null;
  name: string;
  position: string;
  team: string;
  opponent: string | null;
  /** The week's projection from the preferred source; null → the engine's positional baseline. */
  projection: {
    predMean: number;
    predStd: number;
    p10: number | null;
    p50: number | null;
    p90: number | null;
  } | null;
  source: string | null;
  /** Rank within his NFL team and position by projected points (selects role correlations). */
  depthRank: number | null;
  /** Ruled out or on bye in the week (his status as the projections list shows it): scores 0. */
  isOut: boolean;
}

interface PlayerRow {
  id: number;
  sleeperId: string | null;
  fullName: string;
  position: string;
  team: string;
}

/**
 * Resolved references are kept this long (and per data version), so that re-running a matchup
 * costs no player lookup; Sleeper-id links made meanwhile are seen within this time.
 * Unknown references are never cached.
 */
const RESOLVED_PLAYER_TTL_MS = 60_000;
const RESOLVED_PLAYER_MAX_ENTRIES = 5_000;
const resolvedPlayersOf = memoByIdentity(
  (_database: Database) => new TtlCache<PlayerRow>({ maxEntries: RESOLVED_PLAYER_MAX_ENTRIES }),
);

/**
 * The week a simulation uses: the one asked for, else the latest week with projections (of the
 * season asked for, or the latest season). Null when nothing has ever been projected.
 */
export async function resolveSimulationWeek(
  deps: DataDeps,
  asked: { season: number | null; week: number | null },
): Promise<{ season: number; week: number } | null> {
  const available = await loadAvailableWeeks(deps);
  const resolved = resolveWeek(available, {
    season: asked.season ?? undefined,
    week: asked.week ?? undefined,
  });
  if (resolved) return resolved;
  // Nothing projected for that season: still honour an explicit season and week.
  return asked.season !== null && asked.week !== null ? { season: asked.season, week: asked.week } : null;
}

const WHOLE_NUMBER = /^\d{1,9}$/;

async function findPlayerRows(
  database: Database,
  refs: { ref: string; kind: PlayerRefKind }[],
): Promise<PlayerRow[]> {
  const sleeperIds = [...new Set(refs.filter((r) => r.kind !== 'app').map((r) => r.ref))];
  const appIds = [
    ...new Set(
      refs.filter((r) => r.kind !== 'sleeper' && WHOLE_NUMBER.test(r.ref)).map((r) => Number(r.ref)),
    ),
  ];
  const conditions = [
    ...(sleeperIds.length > 0 ? [inArray(players.sleeperId, sleeperIds)] : []),
    ...(appIds.length > 0 ? [inArray(players.id, appIds)] : []),
  ];
  if (conditions.length === 0) return [];
  return database.db
    .select({
      id: players.id,
      sleeperId: players.sleeperId,
      fullName: players.fullName,
      position: players.position,
      team: players.team,
    })
    .from(players)
    .where(or(...conditions));
}

/**
 * The players behind the references, in order, with their projections of `week`. A reference
 * of kind `any` is a Sleeper id when one player has it as sleeper_id, else the app's id.
 * Unknown references → 400 VALIDATION_ERROR "Unknown player ids: …".
 */
export async function resolveLineupPlayers(
  deps: DataDeps,
  refs: { ref: string; kind: PlayerRefKind }[],
  week: { season: number; week: number } | null,
): Promise<LineupPlayer[]> {
  const [version, projections] = await Promise.all([
    deps.dataVersion.read(),
    week ? loadRankedWeek(deps, week.season, week.week) : Promise.resolve(null),
  ]);
  const cache = resolvedPlayersOf(deps.database);
  const cacheKey = ({ ref, kind }: { ref: string; kind: PlayerRefKind }) => `${version}:${kind}:${ref}`;
  const cached = refs.map((reference) => cache.get(cacheKey(reference)));
  const missing = refs.filter((_, i) => cached[i] === undefined);
  const rows = missing.length > 0 ? await findPlayerRows(deps.database, missing) : [];
  const bySleeperId = new Map(rows.flatMap((row) => (row.sleeperId ? [[row.sleeperId, row] as const] : [])));
  const byId = new Map(rows.map((row) => [String(row.id), row]));
  const unknown: string[] = [];
  const resolved = refs.map((reference, i) => {
    const { ref, kind } = reference;
    const row =
      cached[i] ??
      (kind === 'sleeper'
        ? bySleeperId.get(ref)
        : kind === 'app'
          ? byId.get(ref)
          : (bySleeperId.get(ref) ?? byId.get(ref)));
    if (row) cache.set(cacheKey(reference), row, RESOLVED_PLAYER_TTL_MS);
    else unknown.push(ref);
    return row;
  });
  if (unknown.length > 0) {
    const list = [...new Set(unknown)].join(', ');
    throw validationError(`Unknown player ids: ${list}`, 'starters');
  }
  return resolved.map((row) => toLineupPlayer(row!, projections?.byPlayerId.get(row!.id) ?? null));
}

function toLineupPlayer(
  row: PlayerRow,
  projected: { entry: ProjectionEntry; depthRank: number | null } | null,
): LineupPlayer {
  const entry = projected?.entry;
  return {
    id: row.id,
    sleeperId: row.sleeperId,
    name: row.fullName,
    position: entry?.position ?? row.position,
    team: entry?.team ?? row.team,
    opponent: entry?.opponent ?? null,
    projection: entry
      ? { predMean: entry.pred_mean, predStd: entry.pred_std, p10: entry.p10, p50: entry.p50, p90: entry.p90 }
      : null,
    source: entry?.source ?? null,
    depthRank: projected?.depthRank ?? null,
    isOut: entry?.is_out ?? false,
  };
}
