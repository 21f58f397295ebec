import { distance } from 'fastest-levenshtein';

/** What a player search reads of a player: his name (first and last when known), position and team. */
export interface NamedPlayer {
  full_name: string;
  first_name?: string | null;
  last_name?: string | null;
  position: string;
  team: string;
}

/** How well a name matches what was typed; higher lists first. Below `contains` the match is a close spelling. */
export const MATCH_SCORE = {
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

/** Lower case, accents and the dots and apostrophes of "A.J." or "Ja'Marr" dropped: what a search compares. */
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[.'’]/g, '')
    .trim();
}

interface NameParts {
  full: string;
  first: string;
  last: string;
  tokens: string[];
}

function nameParts(player: NamedPlayer): NameParts {
  const full = normalizeSearchText(player.full_name);
  const tokens = full.split(/[\s-]+/).filter(Boolean);
  return {
    full,
    first: player.first_name ? normalizeSearchText(player.first_name) : (tokens[0] ?? ''),
    last: player.last_name ? normalizeSearchText(player.last_name) : (tokens.at(-1) ?? ''),
    tokens,
  };
}

/** Two letters typed in each other's place ("mahomse" for "mahomes"): the same length, one adjacent pair swapped. */
function isOneSwap(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  const first = [...a].findIndex((letter, index) => letter !== b[index]);
  return (
    first >= 0 &&
    a[first] === b[first + 1] &&
    a[first + 1] === b[first] &&
    a.slice(first + 2) === b.slice(first + 2)
  );
}

/** Typos between two spellings: edits (Levenshtein), a swapped pair of neighbouring letters counted as one. */
function typos(a: string, b: string): number {
  return isOneSwap(a, b) ? 1 : distance(a, b);
}

/** Fewest typos between `word` and a name token or the token's start of the same length. */
function typosFrom(word: string, tokens: string[]): number {
  let best = Infinity;
  for (const token of tokens) {
    best = Math.min(best, typos(word, token));
    if (token.length > word.length) best = Math.min(best, typos(word, token.slice(0, word.length)));
  }
  return best;
}

/**
 * How well `player` matches `query` (already normalized with normalizeSearchText), or null when it does not:
 * exact, then prefix, then containing, then close spellings ("mccaffery", "mahommes", "mahomse"). A word may also be the
 * player's position or team ("allen qb"), which narrows without scoring.
 */
export function playerMatchScore(player: NamedPlayer, query: string): number | null {
  const words = query.split(/\s+/).filter(Boolean);
  const tags = new Set([player.position.toLowerCase(), player.team.toLowerCase()]);
  const nameWords = words.filter((word) => !tags.has(word));
  if (nameWords.length === 0) return words.length > 0 ? MATCH_SCORE.contains : null;
  const name = nameParts(player);
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

/** A match by a close spelling only (no name contains what was typed). */
export const isCloseSpelling = (score: number): boolean => score < MATCH_SCORE.contains;
