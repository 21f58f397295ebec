/** Filters of the projections page, kept in the URL so a view can be shared and reloaded. */
import { AVAILABILITY_FILTERS, normalizePosition, POSITIONS, type AvailabilityFilter } from '@fm/engine';
import { NFL_TEAM_CODES } from '@fm/projections';
import { SCORING_FORMATS, scoringFormatOf, type ScoringFormat } from '@fm/projections/scoring-formats';
import { leagueParam } from './scoring-choice';
import { DEFAULT_PAGE_SIZE, type ProjectionQueryInput, type ProjectionSort } from '@fm/contract';

export const POSITION_FILTERS = ['ALL', ...POSITIONS] as const;
export type PositionFilter = (typeof POSITION_FILTERS)[number];

/** The sorts the page offers (the server knows a few more). */
export const SORT_OPTIONS = [
  { value: 'pred_mean', label: 'Projection' },
  { value: 'p90', label: 'Ceiling (p90)' },
  { value: 'p10', label: 'Floor (p10)' },
  { value: 'boom_chance', label: 'Boom chance' },
  { value: 'bust_chance', label: 'Bust chance' },
  { value: 'player_name', label: 'Name' },
] as const satisfies readonly { value: ProjectionSort; label: string }[];

export interface ProjectionFilters {
  season?: number;
  week?: number;
  position: PositionFilter;
  /** 'ALL' or a team abbreviation. */
  team: string;
  search: string;
  sort: ProjectionSort;
  /** Healthy, questionable (Q/D) or out players only; 'all' shows everyone. */
  status: AvailabilityFilter;
  scoring: ScoringFormat;
  /** `platform:league_id` of a linked league whose own scoring replaces `scoring`; null for none. */
  league: string | null;
  page: number;
}

export const STATUS_OPTIONS: { value: AvailabilityFilter; label: string }[] = [
  { value: 'all', label: 'All players' },
  { value: 'healthy', label: 'Healthy' },
  { value: 'questionable', label: 'Questionable / doubtful' },
  { value: 'out', label: 'Out or bye' },
];

export const DEFAULT_FILTERS: ProjectionFilters = {
  position: 'ALL',
  team: 'ALL',
  search: '',
  sort: 'pred_mean',
  status: 'all',
  scoring: 'ppr',
  league: null,
  page: 1,
};

function oneOf<T extends string>(value: string | null, options: readonly T[], fallback: T): T {
  return value !== null && (options as readonly string[]).includes(value) ? (value as T) : fallback;
}

function positiveInt(value: string | null): number | undefined {
  if (value === null || !/^\d+$/.test(value)) return undefined;
  const number = Number(value);
  return number > 0 ? number : undefined;
}

/**
 * The filters a URL asks for; a position or team the URL leaves out is the user's saved default
 * (`base`), so a URL states only where it differs from it.
 */
export function filtersFromSearchParams(
  params: URLSearchParams,
  base: ProjectionFilters = DEFAULT_FILTERS,
): ProjectionFilters {
  const position = (params.get('position') ?? base.position).toUpperCase();
  const team = (params.get('team') ?? base.team).toUpperCase();
  const sort = params.get('sort');
  return {
    season: positiveInt(params.get('season')),
    week: positiveInt(params.get('week')),
    position: (POSITION_FILTERS as readonly string[]).includes(position)
      ? (position as PositionFilter)
      : 'ALL',
    team: team === 'ALL' || NFL_TEAM_CODES.includes(team) ? team : 'ALL',
    search: params.get('search') ?? '',
    sort: SORT_OPTIONS.some((option) => option.value === sort) ? (sort as ProjectionSort) : 'pred_mean',
    status: oneOf(params.get('status'), AVAILABILITY_FILTERS, base.status),
    scoring: oneOf(params.get('scoring'), SCORING_FORMATS, base.scoring),
    league: leagueParam(params.get('league')),
    page: positiveInt(params.get('page')) ?? 1,
  };
}

/** Only what differs from the defaults (the user's saved ones, `base`) goes into the URL. */
export function filtersToSearchParams(
  filters: ProjectionFilters,
  base: ProjectionFilters = DEFAULT_FILTERS,
): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.season !== undefined) params.set('season', String(filters.season));
  if (filters.week !== undefined) params.set('week', String(filters.week));
  if (filters.position !== base.position) params.set('position', filters.position);
  if (filters.team !== base.team) params.set('team', filters.team);
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (filters.sort !== 'pred_mean') params.set('sort', filters.sort);
  if (filters.status !== base.status) params.set('status', filters.status);
  if (filters.scoring !== base.scoring) params.set('scoring', filters.scoring);
  if (filters.league) params.set('league', filters.league);
  if (filters.page !== 1) params.set('page', String(filters.page));
  return params;
}

/** The team filter ALL is not sent; week and team are sent only when set; a league's scoring replaces the format. */
export function projectionQueryInput(filters: ProjectionFilters): ProjectionQueryInput {
  const input: ProjectionQueryInput = {
    scope: filters.position.toLowerCase(),
    page: filters.page,
    limit: DEFAULT_PAGE_SIZE,
  };
  // A league's own scoring, else the format.
  if (filters.league) input.league = filters.league;
  else input.scoring = filters.scoring;
  if (filters.season !== undefined) input.season = filters.season;
  if (filters.week !== undefined) input.week = filters.week;
  if (filters.team && filters.team !== 'ALL') input.team = filters.team;
  if (filters.search.trim()) input.search = filters.search.trim();
  if (filters.sort !== 'pred_mean') input.sort = filters.sort;
  if (filters.status !== 'all') input.status = filters.status;
  return input;
}

/**
 * The page's starting filters from the saved `defaultFilters` preference: its first position
 * and first team (the page filters by one of each), its injury status; the scoring is the saved
 * league scoring. Anything unknown is ignored.
 */
export function filtersFromPreference(
  saved: { positions: string[]; teams: string[]; injuryStatus?: string },
  scoringType?: string,
): ProjectionFilters {
  const position = saved.positions
    .map((p) => normalizePosition(p) ?? p.toUpperCase())
    .find((p): p is PositionFilter => p !== 'ALL' && (POSITION_FILTERS as readonly string[]).includes(p));
  const team = saved.teams.map((t) => t.toUpperCase()).find((t) => NFL_TEAM_CODES.includes(t));
  return {
    ...DEFAULT_FILTERS,
    position: position ?? 'ALL',
    team: team ?? 'ALL',
    status: oneOf(saved.injuryStatus ?? null, AVAILABILITY_FILTERS, 'all'),
    scoring: scoringFormatOf(scoringType),
  };
}

/** The `defaultFilters` positions and teams that make the page start on `filters`. */
export function preferenceFromFilters(filters: Pick<ProjectionFilters, 'position' | 'team'>) {
  return {
    positions: filters.position === 'ALL' ? [] : [filters.position],
    teams: filters.team === 'ALL' ? [] : [filters.team],
  };
}
