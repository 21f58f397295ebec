import { POSITIONS } from '@fm/engine';
import { FREE_AGENT_TEAM, normalizeTeamCode } from '@fm/projections';
import type { SleeperPlayerDirectory } from './schemas.js';
import { memoByIdentity } from '../../memo-by-identity.js';

/** Generational suffixes that one source writes and another drops ("Marvin Harrison Jr."). */
const NAME_SUFFIXES = new Set(['jr', 'sr', 'ii', 'iii', 'iv', 'v']);

export interface PlayerToMatch {
  fullName: string;
  position: string;
  team: string | null;
}

export type MatchMethod = 'name' | 'name+team' | 'initial+team' | 'team-defense';

export interface PlayerMatch<P> {
  player: P;
  sleeperId: string;
  method: MatchMethod;
}

export interface MatchRate {
  eligible: number;
  matched: number;
  /** matched / eligible, 0–1; 0 when nothing was eligible. */
  rate: number;
}

export interface MatchReport extends MatchRate {
  byPosition: Record<string, MatchRate>;
  byMethod: Record<MatchMethod, number>;
  /** Players with several equally good Sleeper candidates, left unmatched rather than guessed. */
  ambiguous: number;
}

export interface MatchResult<P> {
  matches: PlayerMatch<P>[];
  unmatched: P[];
  report: MatchReport;
}

/**
 * Lower-case, accents and punctuation removed, generational suffix dropped:
 * "D.J. Moore" → "dj moore", "Kenneth Walker III" → "kenneth walker", "Amon-Ra St. Brown" → "amon ra st brown".
 */
export function toSearchName(fullName: string): string {
  const words = fullName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[.'’`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  while (words.length > 1 && NAME_SUFFIXES.has(words[words.length - 1]!)) words.pop();
  return words.join(' ');
}

/** A team code as Sleeper writes it; null for none or a free agent. */
export function toTeamCode(team: string | null | undefined): string | null {
  if (!team) return null;
  const code = normalizeTeamCode(team);
  return code === '' || code === FREE_AGENT_TEAM ? null : code;
}

interface Candidate {
  sleeperId: string;
  team: string | null;
}

interface DirectoryIndex {
  byName: Map<string, Candidate[]>;
  byInitial: Map<string, Candidate[]>;
  defenses: Map<string, string>;
}

/**
 * Links our players to Sleeper directory entries by normalized name + position, using the team
 * to break ties, then (for nicknames such as Gabe/Gabriel) first initial + last name + position +
 * team. A Sleeper id is given to at most one player; anything uncertain stays unmatched.
 */
export function matchPlayers<P extends PlayerToMatch>(
  directory: SleeperPlayerDirectory,
  players: readonly P[],
): MatchResult<P> {
  const index = indexDirectory(directory);
  const proposals: PlayerMatch<P>[] = [];
  const unmatched: P[] = [];
  let ambiguous = 0;
  const eligible = players.filter((player) => isFantasyPosition(player.position.toUpperCase()));

  for (const player of eligible) {
    const outcome = findCandidate(index, player);
    if (outcome === 'ambiguous') ambiguous++;
    if (typeof outcome === 'object') proposals.push({ player, ...outcome });
    else unmatched.push(player);
  }

  const matches = keepOnePlayerPerSleeperId(proposals, unmatched);
  ambiguous += proposals.length - matches.length;
  return { matches, unmatched, report: buildReport(eligible, matches, ambiguous) };
}

function findCandidate(
  index: DirectoryIndex,
  player: PlayerToMatch,
): { sleeperId: string; method: MatchMethod } | 'none' | 'ambiguous' {
  const position = player.position.toUpperCase();
  const team = toTeamCode(player.team);
  if (position === 'DEF') {
    const sleeperId = team ? index.defenses.get(team) : undefined;
    return sleeperId ? { sleeperId, method: 'team-defense' } : 'none';
  }
  const name = toSearchName(player.fullName);
  const byName = index.byName.get(`${name}|${position}`) ?? [];
  if (byName.length === 1) return { sleeperId: byName[0]!.sleeperId, method: 'name' };
  if (byName.length > 1) {
    const sameTeam = byName.filter((candidate) => team !== null && candidate.team === team);
    return sameTeam.length === 1 ? { sleeperId: sameTeam[0]!.sleeperId, method: 'name+team' } : 'ambiguous';
  }
  if (team === null) return 'none';
  const byInitial = (index.byInitial.get(`${initialKey(name)}|${position}`) ?? []).filter(
    (c) => c.team === team,
  );
  if (byInitial.length === 1) return { sleeperId: byInitial[0]!.sleeperId, method: 'initial+team' };
  return byInitial.length > 1 ? 'ambiguous' : 'none';
}

/** Directories are held (Sleeper's for a day, ours per data version): each is indexed once. */
const indexDirectory = memoByIdentity((directory: SleeperPlayerDirectory) => buildIndex(directory));

function buildIndex(directory: SleeperPlayerDirectory): DirectoryIndex {
  const index: DirectoryIndex = { byName: new Map(), byInitial: new Map(), defenses: new Map() };
  for (const [sleeperId, entry] of Object.entries(directory)) {
    const positions = new Set([entry.position, ...(entry.fantasy_positions ?? [])].filter(isFantasyPosition));
    const team = toTeamCode(entry.team);
    if (positions.has('DEF')) {
      index.defenses.set(team ?? sleeperId, sleeperId);
      continue;
    }
    const fullName = entry.full_name || [entry.first_name, entry.last_name].filter(Boolean).join(' ');
    const name = toSearchName(fullName);
    if (name === '') continue;
    for (const position of positions) {
      push(index.byName, `${name}|${position}`, { sleeperId, team });
      push(index.byInitial, `${initialKey(name)}|${position}`, { sleeperId, team });
    }
  }
  return index;
}

/** "gabriel davis" and "gabe davis" share "g davis". */
function initialKey(searchName: string): string {
  const words = searchName.split(' ');
  return words.length < 2 ? searchName : `${words[0]!.charAt(0)} ${words.slice(1).join(' ')}`;
}

function keepOnePlayerPerSleeperId<P extends PlayerToMatch>(
  proposals: PlayerMatch<P>[],
  unmatched: P[],
): PlayerMatch<P>[] {
  const bySleeperId = new Map<string, PlayerMatch<P>[]>();
  for (const proposal of proposals) push(bySleeperId, proposal.sleeperId, proposal);
  const kept: PlayerMatch<P>[] = [];
  for (const claims of bySleeperId.values()) {
    if (claims.length === 1) kept.push(claims[0]!);
    else unmatched.push(...claims.map((claim) => claim.player));
  }
  return kept;
}

function buildReport<P extends PlayerToMatch>(
  eligible: P[],
  matches: PlayerMatch<P>[],
  ambiguous: number,
): MatchReport {
  const byPosition: Record<string, MatchRate> = {};
  for (const player of eligible) {
    const position = player.position.toUpperCase();
    (byPosition[position] ??= { eligible: 0, matched: 0, rate: 0 }).eligible++;
  }
  const byMethod: Record<MatchMethod, number> = {
    name: 0,
    'name+team': 0,
    'initial+team': 0,
    'team-defense': 0,
  };
  for (const match of matches) {
    byPosition[match.player.position.toUpperCase()]!.matched++;
    byMethod[match.method]++;
  }
  for (const rate of Object.values(byPosition)) rate.rate = rate.matched / rate.eligible;
  return {
    eligible: eligible.length,
    matched: matches.length,
    rate: eligible.length === 0 ? 0 : matches.length / eligible.length,
    byPosition,
    byMethod,
    ambiguous,
  };
}

/** Positions the product projects; players elsewhere (IDP, OL) are not matched. */
function isFantasyPosition(position: string | null | undefined): position is string {
  return (POSITIONS as readonly string[]).includes(position ?? '');
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
