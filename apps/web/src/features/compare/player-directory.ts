import type { RouterOutputs } from '@fm/api';
import { trpcClient } from '../../lib/trpc-client';

/** The player directory is kept in local storage for 6 hours under these keys. */
export const PLAYER_DIRECTORY_KEY = 'fm_backend_players_v1';
export const PLAYER_DIRECTORY_TIME_KEY = 'fm_backend_players_time_v1';
export const PLAYER_DIRECTORY_TTL_MS = 21_600_000;
/** The error for a player list answer without `players`. */
export const INVALID_PLAYER_DATA_MESSAGE = 'Invalid player data received from backend API';

type DirectoryPlayer = RouterOutputs['players']['list']['players'][number];

/** A directory entry, keyed by player id: the server's player without its ids. */
export type DirectoryEntry = Pick<
  DirectoryPlayer,
  'full_name' | 'first_name' | 'last_name' | 'position' | 'team' | 'active'
> & {
  /** Average projected PPR points per week this season, or null (older caches lack it). */
  projected_points?: DirectoryPlayer['projected_points'];
};
export type PlayerDirectory = Record<string, DirectoryEntry>;

export interface LoadedDirectory {
  players: PlayerDirectory;
  /** Where the players came from: fresh cache, the server, a stale cache after a failed fetch, or nothing. */
  source: 'cache' | 'network' | 'stale-cache' | 'empty';
  /** Why the server's list could not be used, when it could not. */
  error?: string;
}

export interface DirectoryDeps {
  storage?: Storage;
  now?: () => number;
  fetchPlayers?: () => Promise<unknown>;
}

const fetchFromApi = () => trpcClient.players.list.query({ active: true, all: true });

interface CachedDirectory {
  players: PlayerDirectory;
  savedAt: number;
}

/** The cached directory, or null when there is none; throws when it cannot be read. */
function readCache(storage: Storage): CachedDirectory | null {
  const raw = storage.getItem(PLAYER_DIRECTORY_KEY);
  const time = storage.getItem(PLAYER_DIRECTORY_TIME_KEY);
  if (raw === null || time === null) return null;
  const players = JSON.parse(raw) as unknown;
  const savedAt = Number(time);
  if (!players || typeof players !== 'object' || Array.isArray(players) || !Number.isFinite(savedAt)) {
    throw new Error('The cached player directory is damaged');
  }
  return { players: players as PlayerDirectory, savedAt };
}

function clearCache(storage: Storage): void {
  try {
    storage.removeItem(PLAYER_DIRECTORY_KEY);
    storage.removeItem(PLAYER_DIRECTORY_TIME_KEY);
  } catch {
    // storage unavailable: nothing to clear
  }
}

/** `{ players: [...] }` from the server → the directory keyed by id. */
export function toDirectory(answer: unknown): PlayerDirectory {
  const list = (answer as { players?: unknown } | null)?.players;
  if (!Array.isArray(list)) throw new Error(INVALID_PLAYER_DATA_MESSAGE);
  const directory: PlayerDirectory = {};
  for (const entry of list as Array<Record<string, unknown>>) {
    if (entry === null || typeof entry !== 'object' || entry.id === undefined) continue;
    directory[String(entry.id)] = {
      full_name: String(entry.full_name ?? ''),
      first_name: (entry.first_name as string | null | undefined) ?? null,
      last_name: (entry.last_name as string | null | undefined) ?? null,
      position: String(entry.position ?? 'N/A'),
      team: String(entry.team ?? 'FA'),
      active: entry.active !== false,
      projected_points: typeof entry.projected_points === 'number' ? entry.projected_points : null,
    };
  }
  return directory;
}

/**
 * The player directory cache: a fresh cache (under 6 hours) is used as is; otherwise the
 * directory is fetched and cached. A cache that cannot be read is cleared and refetched. If the
 * fetch fails, a stale cache is used when there is one, else an empty directory.
 */
export async function loadPlayerDirectory(deps: DirectoryDeps = {}): Promise<LoadedDirectory> {
  const storage = deps.storage ?? localStorage;
  const now = deps.now ?? Date.now;
  const fetchPlayers = deps.fetchPlayers ?? fetchFromApi;
  let cached: CachedDirectory | null = null;
  try {
    cached = readCache(storage);
  } catch {
    clearCache(storage);
  }
  if (cached && now() - cached.savedAt < PLAYER_DIRECTORY_TTL_MS)
    return { players: cached.players, source: 'cache' };
  try {
    const players = toDirectory(await fetchPlayers());
    try {
      storage.setItem(PLAYER_DIRECTORY_KEY, JSON.stringify(players));
      storage.setItem(PLAYER_DIRECTORY_TIME_KEY, String(now()));
    } catch {
      // full or blocked storage: the directory still works for this visit
    }
    return { players, source: 'network' };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.warn('Could not load the player directory', message);
    if (cached) return { players: cached.players, source: 'stale-cache', error: message };
    return { players: {}, source: 'empty', error: message };
  }
}
