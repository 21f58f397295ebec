import type { PlayerDirectory } from './player-directory';

export interface PlayerSuggestion {
  id: string;
  name: string;
  position: string;
  team: string;
}

/** Suggestions shown under the search box. */
export const MAX_SUGGESTIONS = 8;

function normalize(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[.'’]/g, '');
}

/**
 * Players whose name contains every word typed; names starting with the text come first, then
 * active players, then alphabetical.
 */
export function searchPlayers(
  directory: PlayerDirectory,
  text: string,
  exclude: ReadonlySet<string> = new Set(),
): PlayerSuggestion[] {
  const query = normalize(text.trim());
  const words = query.split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const found: Array<PlayerSuggestion & { rank: number }> = [];
  for (const [id, entry] of Object.entries(directory)) {
    if (exclude.has(id)) continue;
    const name = normalize(entry.full_name);
    if (!words.every((word) => name.includes(word))) continue;
    const startsWith =
      name.startsWith(query) || (entry.last_name !== null && normalize(entry.last_name).startsWith(query));
    found.push({
      id,
      name: entry.full_name,
      position: entry.position,
      team: entry.team,
      rank: (startsWith ? 0 : 2) + (entry.active ? 0 : 1),
    });
  }
  found.sort((a, b) => a.rank - b.rank || a.name.localeCompare(b.name));
  return found.slice(0, MAX_SUGGESTIONS).map(({ rank: _rank, ...suggestion }) => suggestion);
}
