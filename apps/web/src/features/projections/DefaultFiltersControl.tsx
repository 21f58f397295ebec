import { SCORING_FORMAT_LABELS } from '@fm/projections/scoring-formats';
import { SCORING_TYPE_OF } from '../preferences/scoring-type';
import { usePreferences } from '../preferences/use-preferences';
import { preferenceFromFilters, type ProjectionFilters } from './projection-filters';

type Saved = Pick<ProjectionFilters, 'position' | 'team' | 'scoring'>;

const describe = (filters: Saved) =>
  `${filters.position === 'ALL' ? 'all positions' : filters.position}, ${filters.team === 'ALL' ? 'all teams' : filters.team}, ${SCORING_FORMAT_LABELS[filters.scoring]}`;

/**
 * Saves the position, team and scoring format shown as the page's default (the `defaultFilters` and
 * `leagueSettings.scoringType` preferences, the scoring kept with the account too), so /projections opens on them
 * next time. A league's own scoring is chosen per visit, not saved.
 */
export function DefaultFiltersControl({ filters, saved }: { filters: ProjectionFilters; saved: Saved }) {
  const { updatePreferences } = usePreferences();
  const shown = filters.league ? { ...filters, scoring: saved.scoring } : filters;
  const isSaved =
    shown.position === saved.position && shown.team === saved.team && shown.scoring === saved.scoring;
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
              defaultFilters: { ...p.defaultFilters, ...preferenceFromFilters(shown) },
              leagueSettings: { ...p.leagueSettings, scoringType: SCORING_TYPE_OF[shown.scoring] },
            }))
          }
        >
          Open on {describe(shown)} next time
        </button>
      )}
    </p>
  );
}
