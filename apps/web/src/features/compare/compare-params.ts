import { MAX_COMPARED_PLAYERS } from '@fm/contract';
/**
 * Compare picks 2–4 players; the choice lives in the URL (`?players=12,34&season=2025`) so it can
 * be shared.
 */
export const MIN_COMPARED = 2;

export interface CompareSelection {
  playerIds: string[];
  season?: number;
}

export function selectionFromSearchParams(params: URLSearchParams): CompareSelection {
  const ids = (params.get('players') ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => /^\d+$/.test(id));
  const season = Number(params.get('season'));
  return {
    playerIds: [...new Set(ids)].slice(0, MAX_COMPARED_PLAYERS),
    season: Number.isInteger(season) && season > 0 ? season : undefined,
  };
}

export function selectionToSearchParams(selection: CompareSelection): URLSearchParams {
  const params = new URLSearchParams();
  if (selection.playerIds.length > 0) params.set('players', selection.playerIds.join(','));
  if (selection.season !== undefined) params.set('season', String(selection.season));
  return params;
}

/** `?players=12,34&season=2025`, with the commas left readable (ids are digits only). */
export function compareSearch(selection: CompareSelection): string {
  const search = selectionToSearchParams(selection).toString().replace(/%2C/g, ',');
  return search ? `?${search}` : '';
}

/** The shareable address of a comparison. */
export function compareUrl(origin: string, selection: CompareSelection): string {
  return `${origin}/compare${compareSearch(selection)}`;
}
