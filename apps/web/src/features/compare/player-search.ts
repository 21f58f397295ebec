import { normalizeSearchText, playerMatchScore } from '@fm/contract';
import type { DirectoryEntry, PlayerDirectory } from './player-directory';

export interface PlayerSuggestion {
  id: string;
  name: string;
  position: string;
  team: string;
}

/** Suggestions shown under the search box. */
export const MAX_SUGGESTIONS = 8;

/**
 * Players matching what was typed, best first: exact, then prefix, then containing, then
 * close spellings ("jeferson", "mahommes"); within a kind, active players, then those with more
 * projected points ("jefferson" → Justin before Jermar), then alphabetical.
 */
export function searchPlayers(
  directory: PlayerDirectory,
  text: string,
  exclude: ReadonlySet<string> = new Set(),
): PlayerSuggestion[] {
  const query = normalizeSearchText(text);
  if (!query) return [];
  const found: Array<{ id: string; entry: DirectoryEntry; score: number }> = [];
  for (const [id, entry] of Object.entries(directory)) {
    if (exclude.has(id)) continue;
    const score = playerMatchScore(entry, query);
    if (score !== null) found.push({ id, entry, score });
  }
  found.sort(
    (a, b) =>
      b.score - a.score ||
      Number(b.entry.active) - Number(a.entry.active) ||
      (b.entry.projected_points ?? 0) - (a.entry.projected_points ?? 0) ||
      a.entry.full_name.localeCompare(b.entry.full_name),
  );
  return found.slice(0, MAX_SUGGESTIONS).map(({ id, entry }) => ({
    id,
    name: entry.full_name,
    position: entry.position,
    team: entry.team,
  }));
}
