import type { DataDeps } from '../../core-deps.js';
import { BOOM_THRESHOLD, BUST_THRESHOLD, matchesAvailabilityFilter } from '@fm/engine';
import {
  DEFAULT_PAGE_SIZE,
  isCloseSpelling,
  MAX_PAGE_SIZE,
  normalizeSearchText,
  playerMatchScore,
  PROJECTION_SORTS,
  type ProjectionQueryParsed,
  type ProjectionSort,
} from '@fm/contract';
import { createDataCache } from '../data-changes/data-cache.js';
import { loadAvailableWeeks, resolveWeek } from './available-weeks.js';
import { formatScoring, type ListScoringKind, type ScoringChoice } from './list-scoring.js';
import { loadWeekBoard, type ProjectionEntry } from './week-board.js';
import { loadWeekFreshness, type WeekFreshness } from './week-freshness.js';

export const DEFAULT_PAGE = 1;
export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, PROJECTION_SORTS, type ProjectionSort };
const TEXT_SORTS = new Set<ProjectionSort>(['player_name', 'position', 'team']);
/**
 * Below this projection a player has no role this week (a depth player projected 0): his near-certain bust says
 * nothing about risk, so figure sorts list him after the players who may score, as they do players who are out.
 */
export const NO_ROLE_POINTS = 0.5;

/** The parsed query, its scoring resolved (a format or a league's rules, by resolveListScoring): ppr by default. */
export type ProjectionQuery = Omit<ProjectionQueryParsed, 'scoring' | 'league'> & {
  scoring?: ScoringChoice | undefined;
};

export type ProjectionRow = ProjectionEntry;

export interface ProjectionPage {
  data: ProjectionRow[];
  pagination: { page: number; limit: number; total: number; totalPages: number };
  week: number | null;
  season: number | null;
  thresholds: { boom: Record<string, number>; bust: Record<string, number> };
  scoring: ListScoringKind;
  /** The league whose own scoring the figures are in; null for a format. */
  league: ScoringChoice['league'];
  /** No name contains what was searched: the rows are close spellings of it ("mccaffery" → McCaffrey). */
  close_matches: boolean;
  /** When the week's projections last changed and where they come from; null without data. */
  freshness: WeekFreshness | null;
}

/** Pages already answered, per data version: the same query (a page of a popular view) is common. */
const cachedPages = createDataCache<ProjectionPage>({ maxEntries: 2_000 });
const cachedPageJson = createDataCache<string>({ maxEntries: 2_000 });

function pageKey(query: ProjectionQuery): string {
  return JSON.stringify([
    query.scope,
    query.season ?? null,
    query.week ?? null,
    query.team ?? null,
    query.search?.trim().toLowerCase() ?? null,
    query.sort ?? null,
    query.order ?? null,
    query.page ?? null,
    query.limit ?? null,
    query.status ?? null,
    query.scoring?.key ?? null,
    query.players ?? null,
  ]);
}

/** One page of a week's projections: filtered by position, team and name, sorted, paginated. */
export function listProjections(deps: DataDeps, query: ProjectionQuery): Promise<ProjectionPage> {
  return cachedPages(deps, pageKey(query), () => computeProjectionPage(deps, query));
}

/** The same page, serialized once: what the hot public path sends. */
export function listProjectionsJson(deps: DataDeps, query: ProjectionQuery): Promise<string> {
  return cachedPageJson(deps, pageKey(query), async () => JSON.stringify(await listProjections(deps, query)));
}

async function computeProjectionPage(deps: DataDeps, query: ProjectionQuery): Promise<ProjectionPage> {
  const page = query.page ?? DEFAULT_PAGE;
  const limit = Math.min(query.limit ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
  const target = resolveWeek(await loadAvailableWeeks(deps), query);
  const thresholds = { boom: BOOM_THRESHOLD, bust: BUST_THRESHOLD };
  const scoring = query.scoring ?? formatScoring('ppr');
  if (!target) {
    return {
      data: [],
      pagination: { page, limit, total: 0, totalPages: 0 },
      week: query.week ?? null,
      season: query.season ?? null,
      thresholds,
      scoring: scoring.kind,
      league: scoring.league,
      close_matches: false,
      freshness: null,
    };
  }
  const [board, freshness] = await Promise.all([
    loadWeekBoard(deps, target.season, target.week, scoring),
    loadWeekFreshness(deps, target.season, target.week),
  ]);
  const searched = searchNames(board.filter(matcher(query)), query.search);
  const matching = sortEntries(searched.entries, query.sort ?? 'pred_mean', query.order);
  const total = matching.length;
  const data = matching.slice((page - 1) * limit, page * limit);
  return {
    data,
    pagination: { page, limit, total, totalPages: Math.ceil(total / limit) },
    week: target.week,
    season: target.season,
    thresholds,
    scoring: scoring.kind,
    league: scoring.league,
    close_matches: searched.isCloseSpelling,
    freshness,
  };
}

/**
 * The entries whose name matches `search` (words of the name, in any order, or its position and team): those
 * containing what was typed, else, when none does, its close spellings.
 */
function searchNames(
  entries: ProjectionEntry[],
  search: string | undefined,
): { entries: ProjectionEntry[]; isCloseSpelling: boolean } {
  const query = normalizeSearchText(search ?? '');
  if (!query) return { entries, isCloseSpelling: false };
  const scored = entries.flatMap((entry) => {
    const score = playerMatchScore(
      { full_name: entry.player_name, position: entry.position, team: entry.team },
      query,
    );
    return score === null ? [] : [{ entry, score }];
  });
  const asTyped = scored.filter(({ score }) => !isCloseSpelling(score));
  const found = asTyped.length > 0 ? asTyped : scored;
  return {
    entries: found.map(({ entry }) => entry),
    isCloseSpelling: asTyped.length === 0 && found.length > 0,
  };
}

function matcher(query: ProjectionQuery): (entry: ProjectionEntry) => boolean {
  const position = query.scope === 'ALL' ? undefined : query.scope;
  const team = query.team && query.team !== 'ALL' ? query.team : undefined;
  const status = query.status ?? 'all';
  const only = query.players ? new Set(query.players) : null;
  return (entry) =>
    (!only || only.has(entry.player_id)) &&
    (!position || entry.position === position) &&
    (!team || entry.team === team) &&
    matchesAvailabilityFilter(
      { tag: entry.status, isOut: entry.is_out, reason: entry.status_reason },
      status,
    );
}

const hasNoRole = (entry: ProjectionEntry) => entry.pred_mean < NO_ROLE_POINTS;

function sortEntries(
  entries: ProjectionEntry[],
  sort: ProjectionSort,
  order: 'asc' | 'desc' | undefined,
): ProjectionEntry[] {
  const isText = TEXT_SORTS.has(sort);
  const direction = (order ?? (isText ? 'asc' : 'desc')) === 'asc' ? 1 : -1;
  return entries.sort((a, b) => {
    // A player who will not play ranks after every one who may, whatever the figure sorted on; then one
    // without a role this week.
    if (!isText && a.is_out !== b.is_out) return a.is_out ? 1 : -1;
    if (!isText && hasNoRole(a) !== hasNoRole(b)) return hasNoRole(a) ? 1 : -1;
    const primary = isText
      ? String(a[sort]).localeCompare(String(b[sort]))
      : Number(a[sort] ?? -Infinity) - Number(b[sort] ?? -Infinity);
    if (primary !== 0 && !Number.isNaN(primary)) return primary * direction;
    // ties: higher projection first, then name, so pages never shuffle between requests
    return (
      b.pred_mean - a.pred_mean ||
      a.player_name.localeCompare(b.player_name) ||
      Number(a.player_id) - Number(b.player_id)
    );
  });
}
