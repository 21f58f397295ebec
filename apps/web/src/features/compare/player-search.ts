import { distance } from 'fastest-levenshtein';
import type { DirectoryEntry, PlayerDirectory } from './player-directory';

export interface PlayerSuggestion {
  id: string;
  name: string;
  position: string;
  team: string;
}

/** Suggestions shown under the search box. */
export const MAX_SUGGESTIONS = 8;

/** How well a name matches what was typed; higher lists first, popularity breaks ties. */
const MATCH_SCORE = {
  exactName: 100,
  exactLastName: 90,
  exactFirstName: 80,
  namePrefix: 70,
  wordPrefixes: 60,
  contains: 40,
  typo: 20,
} as const;

/** Typos forgiven per word: none for short words (too many false friends), then one, then two. */
function allowedTypos(word: string): number {
  if (word.length < 4) return 0;
  return word.length < 8 ? 1 : 2;
}

function normalize(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[.'’]/g, '');
}

interface NameParts {
  full: string;
  first: string;
  last: string;
  tokens: string[];
}

function nameParts(entry: DirectoryEntry): NameParts {
  const full = normalize(entry.full_name);
  const tokens = full.split(/[\s-]+/).filter(Boolean);
  return {
    full,
    first: entry.first_name ? normalize(entry.first_name) : (tokens[0] ?? ''),
    last: entry.last_name ? normalize(entry.last_name) : (tokens.at(-1) ?? ''),
    tokens,
  };
}

/** Fewest typos between `word` and a name token or the token's start of the same length. */
function typosFrom(word: string, tokens: string[]): number {
  let best = Infinity;
  for (const token of tokens) {
    best = Math.min(best, distance(word, token));
    if (token.length > word.length) best = Math.min(best, distance(word, token.slice(0, word.length)));
  }
  return best;
}

/**
 * How well `entry` matches the typed words, or null when it does not. A word may also be the
 * player's position or team ("allen qb"), which narrows without scoring.
 */
export function matchScore(entry: DirectoryEntry, query: string): number | null {
  const words = query.split(/\s+/).filter(Boolean);
  const tags = new Set([entry.position.toLowerCase(), entry.team.toLowerCase()]);
  const nameWords = words.filter((word) => !tags.has(word));
  if (nameWords.length === 0) return words.length > 0 ? MATCH_SCORE.contains : null;
  const name = nameParts(entry);
  const typed = nameWords.join(' ');
  if (name.full === typed) return MATCH_SCORE.exactName;
  if (nameWords.length === 1 && name.last === typed) return MATCH_SCORE.exactLastName;
  if (nameWords.length === 1 && name.first === typed) return MATCH_SCORE.exactFirstName;
  if (name.full.startsWith(typed) || name.last.startsWith(typed)) return MATCH_SCORE.namePrefix;
  if (nameWords.every((word) => name.tokens.some((token) => token.startsWith(word))))
    return MATCH_SCORE.wordPrefixes;
  if (nameWords.every((word) => name.full.includes(word))) return MATCH_SCORE.contains;
  let typos = 0;
  for (const word of nameWords) {
    const found = typosFrom(word, name.tokens);
    if (found > allowedTypos(word)) return null;
    typos += found;
  }
  return MATCH_SCORE.typo - typos;
}

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
  const query = normalize(text.trim());
  if (!query) return [];
  const found: Array<{ id: string; entry: DirectoryEntry; score: number }> = [];
  for (const [id, entry] of Object.entries(directory)) {
    if (exclude.has(id)) continue;
    const score = matchScore(entry, query);
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
