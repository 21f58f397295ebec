import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FILTERS,
  filtersFromSearchParams,
  filtersToSearchParams,
  projectionQueryInput,
} from './projection-filters';

describe('projection query', () => {
  it('does not send the team ALL, nor week or team when they are not set', () => {
    expect(projectionQueryInput(DEFAULT_FILTERS)).toEqual({ scope: 'all', page: 1, limit: 50 });
    expect(projectionQueryInput({ ...DEFAULT_FILTERS, team: 'ALL', week: undefined })).not.toHaveProperty(
      'team',
    );
  });

  it('sends week, season, team, search and sort once set, with the position as scope', () => {
    expect(
      projectionQueryInput({
        season: 2025,
        week: 11,
        position: 'WR',
        team: 'BAL',
        search: ' flowers ',
        sort: 'boom_chance',
        page: 3,
      }),
    ).toEqual({
      scope: 'wr',
      page: 3,
      limit: 50,
      season: 2025,
      week: 11,
      team: 'BAL',
      search: 'flowers',
      sort: 'boom_chance',
    });
  });

  it('keeps the filters in the URL, leaving defaults out, and ignores nonsense', () => {
    const filters = {
      season: 2025,
      week: 4,
      position: 'TE' as const,
      team: 'KC',
      search: 'kelce',
      sort: 'p90' as const,
      page: 2,
    };
    const params = filtersToSearchParams(filters);
    expect(params.toString()).toBe('season=2025&week=4&position=TE&team=KC&search=kelce&sort=p90&page=2');
    expect(filtersFromSearchParams(params)).toEqual(filters);
    expect(filtersToSearchParams(DEFAULT_FILTERS).toString()).toBe('');
    expect(
      filtersFromSearchParams(new URLSearchParams('position=LB&team=XYZ&page=-2&sort=salary&week=abc')),
    ).toEqual(DEFAULT_FILTERS);
  });
});
