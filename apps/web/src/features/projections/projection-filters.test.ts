import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FILTERS,
  filtersFromPreference,
  filtersFromSearchParams,
  filtersToSearchParams,
  projectionQueryInput,
} from './projection-filters';

describe('projection query', () => {
  it('does not send the team ALL, nor week or team when they are not set', () => {
    expect(projectionQueryInput(DEFAULT_FILTERS)).toEqual({
      scope: 'all',
      page: 1,
      limit: 50,
      scoring: 'ppr',
    });
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
        status: 'questionable',
        scoring: 'half',
        league: null,
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
      status: 'questionable',
      scoring: 'half',
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
      status: 'out' as const,
      scoring: 'std' as const,
      league: null,
      page: 2,
    };
    const params = filtersToSearchParams(filters);
    expect(params.toString()).toBe(
      'season=2025&week=4&position=TE&team=KC&search=kelce&sort=p90&status=out&scoring=std&page=2',
    );
    expect(filtersFromSearchParams(params)).toEqual(filters);
    expect(filtersToSearchParams(DEFAULT_FILTERS).toString()).toBe('');
    expect(
      filtersFromSearchParams(
        new URLSearchParams(
          'position=LB&team=XYZ&page=-2&sort=salary&week=abc&status=hurt&scoring=full&league=myspace:1',
        ),
      ),
    ).toEqual(DEFAULT_FILTERS);
  });

  it("sends a league's own scoring instead of the format, and keeps the league in the URL", () => {
    const filters = { ...DEFAULT_FILTERS, league: 'sleeper:1260643183704932352' };
    expect(projectionQueryInput(filters)).toEqual({
      scope: 'all',
      page: 1,
      limit: 50,
      league: 'sleeper:1260643183704932352',
    });
    const params = filtersToSearchParams(filters);
    expect(params.toString()).toBe('league=sleeper%3A1260643183704932352');
    expect(filtersFromSearchParams(params)).toEqual(filters);
    expect(filtersFromSearchParams(new URLSearchParams('league=yahoo:449.l.12345')).league).toBe(
      'yahoo:449.l.12345',
    );
  });

  it('opens on a saved position however the platforms spell it (DST, D/ST, PK), ignoring one it does not list', () => {
    const opened = (position: string) => filtersFromPreference({ positions: [position], teams: [] }).position;
    expect(opened('dst')).toBe('DEF');
    expect(opened('D/ST')).toBe('DEF');
    expect(opened('PK')).toBe('K');
    expect(opened('wr')).toBe('WR');
    expect(opened('LB')).toBe('ALL');
  });

  it('opens on the saved injury status and league scoring, and a URL says only where it differs', () => {
    const base = filtersFromPreference({ positions: [], teams: [], injuryStatus: 'healthy' }, 'half-ppr');
    expect(base).toMatchObject({ status: 'healthy', scoring: 'half' });
    expect(projectionQueryInput(base)).toMatchObject({ status: 'healthy', scoring: 'half' });
    expect(filtersToSearchParams({ ...base, scoring: 'ppr' }, base).toString()).toBe('scoring=ppr');
    expect(filtersFromSearchParams(new URLSearchParams(''), base)).toMatchObject({
      status: 'healthy',
      scoring: 'half',
    });
  });
});
