import { NFL_TEAM_CODES } from '@fm/projections';
import { useEffect, useId, useState } from 'react';
import { useRecentSearches } from '../preferences/use-preferences';
import type { AvailabilityFilter } from '@fm/engine';
import type { ProjectionSort } from '@fm/contract';
import {
  POSITION_FILTERS,
  SORT_OPTIONS,
  STATUS_OPTIONS,
  type ProjectionFilters,
  type PositionFilter,
} from './projection-filters';
import { ScoringSelect } from './ScoringSelect';
import type { AvailableWeeks } from './use-projections';

/** Wait this long after the last keystroke before searching. */
const SEARCH_DELAY_MS = 300;

interface Props {
  filters: ProjectionFilters;
  /** The week the list shows (the latest, unless one was chosen). */
  shownWeek: { season: number; week: number } | null;
  weeks: AvailableWeeks | undefined;
  onChange(change: Partial<ProjectionFilters>): void;
}

export function ProjectionFiltersBar({ filters, shownWeek, weeks, onChange }: Props) {
  const id = useId();
  const { recentSearches, addRecentSearch } = useRecentSearches();
  const [searchText, setSearchText] = useState(filters.search);

  useEffect(() => setSearchText(filters.search), [filters.search]);
  useEffect(() => {
    if (searchText.trim() === filters.search.trim()) return;
    const timer = setTimeout(() => onChange({ search: searchText, page: 1 }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchText, filters.search, onChange]);

  // a finished search (Enter, or leaving the box) is remembered; every keystroke is not
  const rememberSearch = () => {
    if (searchText.trim().length >= 2) addRecentSearch(searchText);
  };

  const weekValue = shownWeek ? `${shownWeek.season}-${shownWeek.week}` : '';
  return (
    <form
      className="projection-filters"
      role="search"
      aria-label="Filter projections"
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ search: searchText, page: 1 });
        rememberSearch();
      }}
    >
      <div className="field">
        <label htmlFor={`${id}-week`}>Week</label>
        <select
          id={`${id}-week`}
          value={weekValue}
          onChange={(event) => {
            const [season, week] = event.target.value.split('-').map(Number);
            onChange({ season, week, page: 1 });
          }}
        >
          {!weekValue && <option value="">Latest</option>}
          {weeks?.seasons.map(({ season, weeks: list }) => (
            <optgroup key={season} label={`${season} season`}>
              {[...list].reverse().map((week) => (
                <option key={week} value={`${season}-${week}`}>
                  {season} · Week {week}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-position`}>Position</label>
        <select
          id={`${id}-position`}
          value={filters.position}
          onChange={(event) => onChange({ position: event.target.value as PositionFilter, page: 1 })}
        >
          {POSITION_FILTERS.map((position) => (
            <option key={position} value={position}>
              {position === 'ALL' ? 'All positions' : position}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-team`}>Team</label>
        <select
          id={`${id}-team`}
          value={filters.team}
          onChange={(event) => onChange({ team: event.target.value, page: 1 })}
        >
          <option value="ALL">All teams</option>
          {NFL_TEAM_CODES.map((team) => (
            <option key={team} value={team}>
              {team}
            </option>
          ))}
        </select>
      </div>
      <div className="field projection-filters__search">
        <label htmlFor={`${id}-search`}>Search players</label>
        <input
          id={`${id}-search`}
          type="search"
          value={searchText}
          placeholder="Name"
          list={`${id}-recent`}
          autoComplete="off"
          onChange={(event) => setSearchText(event.target.value)}
          onBlur={rememberSearch}
        />
        <datalist id={`${id}-recent`}>
          {recentSearches.map((term) => (
            <option key={term} value={term} />
          ))}
        </datalist>
      </div>
      <div className="field">
        <label htmlFor={`${id}-status`}>Status</label>
        <select
          id={`${id}-status`}
          value={filters.status}
          onChange={(event) => onChange({ status: event.target.value as AvailabilityFilter, page: 1 })}
        >
          {STATUS_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <ScoringSelect
        id={`${id}-scoring`}
        value={{ scoring: filters.scoring, league: filters.league }}
        onChange={(choice) => onChange(choice)}
      />
      <div className="field">
        <label htmlFor={`${id}-sort`}>Sort by</label>
        <select
          id={`${id}-sort`}
          value={filters.sort}
          onChange={(event) => onChange({ sort: event.target.value as ProjectionSort, page: 1 })}
        >
          {SORT_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}
