import { usePreferences } from '../preferences/use-preferences';
import { preferenceFromFilters, type ProjectionFilters } from './projection-filters';

const describe = (filters: Pick<ProjectionFilters, 'position' | 'team'>) =>
  `${filters.position === 'ALL' ? 'all positions' : filters.position}, ${filters.team === 'ALL' ? 'all teams' : filters.team}`;

/**
 * Saves the position and team shown as the page's default (the `defaultFilters` preference),
 * so /projections opens on them next time.
 */
export function DefaultFiltersControl({
  filters,
  saved,
}: {
  filters: ProjectionFilters;
  saved: Pick<ProjectionFilters, 'position' | 'team'>;
}) {
  const { updatePreferences } = usePreferences();
  const isSaved = filters.position === saved.position && filters.team === saved.team;
  return (
    <p className="default-filters">
      <span role="status">Opens on: {describe(saved)}.</span>{' '}
      {!isSaved && (
        <button
          type="button"
          className="button button--secondary"
          onClick={() =>
            updatePreferences((p) => ({
              ...p,
              defaultFilters: { ...p.defaultFilters, ...preferenceFromFilters(filters) },
            }))
          }
        >
          Open on {describe(filters)} next time
        </button>
      )}
    </p>
  );
}
