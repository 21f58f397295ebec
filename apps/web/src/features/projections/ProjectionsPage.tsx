import { Banner, Button, DataFreshness, Spinner } from '@fm/ui';
import { describeSources } from '../../lib/data-sources';
import { useCallback, useMemo, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { NoDataYet } from './NoDataYet';
import { ProjectionFiltersBar } from './ProjectionFiltersBar';
import { ProjectionsTable } from './ProjectionsTable';
import { Pagination } from './Pagination';
import { DefaultFiltersControl } from './DefaultFiltersControl';
import {
  filtersFromPreference,
  filtersFromSearchParams,
  filtersToSearchParams,
  type ProjectionFilters,
} from './projection-filters';
import { usePreferences } from '../preferences/use-preferences';
import { useAvailableWeeks, useProjectionPage } from './use-projections';
import { SCORING_FORMAT_LABELS } from '@fm/projections/scoring-formats';
import { emptyListReason } from './empty-list-reason';
import { answeredScoringLabel } from './scoring-choice';
import './projections.css';

export const PROJECTIONS_LOAD_FAILED = 'The projections could not be loaded.';

/** `/projections`: a week's projections in the user's scoring, with their range, boom/bust chances and availability. */
export default function ProjectionsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { preferences } = usePreferences();
  // The saved default filters apply wherever the URL does not choose otherwise.
  const scoringType = preferences.leagueSettings.scoringType;
  const base = useMemo(
    () => filtersFromPreference(preferences.defaultFilters, scoringType),
    [preferences.defaultFilters, scoringType],
  );
  const filters = useMemo(() => filtersFromSearchParams(searchParams, base), [searchParams, base]);
  const weeks = useAvailableWeeks();
  const resultsRef = useRef<HTMLDivElement>(null);
  const projections = useProjectionPage(filters);

  const changeFilters = useCallback(
    (change: Partial<ProjectionFilters>) =>
      setSearchParams(
        (current) => filtersToSearchParams({ ...filtersFromSearchParams(current, base), ...change }, base),
        { replace: true },
      ),
    [setSearchParams, base],
  );

  const answer = projections.data;
  const shownWeek =
    answer && answer.season !== null && answer.week !== null
      ? { season: answer.season, week: answer.week }
      : filters.season !== undefined && filters.week !== undefined
        ? { season: filters.season, week: filters.week }
        : null;

  return (
    <section className="page projections-page">
      <header className="projections-page__head">
        <div>
          <h1>Weekly Projections</h1>
          <p className="projections-page__lead">
            {shownWeek ? `${shownWeek.season} season, week ${shownWeek.week}` : 'Projected points'} ·{' '}
            {answer ? answeredScoringLabel(answer) : SCORING_FORMAT_LABELS[filters.scoring]} scoring · the bar
            shows the range of 80 % of outcomes, the tick the median.
          </p>
          {answer?.freshness ? (
            <DataFreshness
              updatedAt={answer.freshness.updated_at}
              from={describeSources(answer.freshness.sources)}
            />
          ) : null}
        </div>
        <Link to="/methodology" className="projections-page__method">
          How the numbers are made
        </Link>
      </header>

      <ProjectionFiltersBar
        filters={filters}
        shownWeek={shownWeek}
        weeks={weeks.data}
        onChange={changeFilters}
      />
      <DefaultFiltersControl filters={filters} saved={base} />

      {projections.isError ? (
        <div className="projections-page__state">
          <Banner tone="error">
            {PROJECTIONS_LOAD_FAILED} {projections.error.message}
          </Banner>
          <Button onClick={() => void projections.refetch()} isBusy={projections.isFetching}>
            Try Again
          </Button>
        </div>
      ) : !answer ? (
        <Spinner label="Loading projections…" />
      ) : answer.week === null && answer.season === null ? (
        <NoDataYet />
      ) : answer.data.length === 0 ? (
        <div className="projections-page__state card">
          <h2>No projections found</h2>
          <p>{emptyListReason(filters, answer)}</p>
        </div>
      ) : (
        <div
          aria-busy={projections.isFetching}
          ref={resultsRef}
          tabIndex={-1}
          aria-label={`Projections, page ${answer.pagination.page}`}
          className="projections-page__results"
        >
          {answer.close_matches && (
            <p className="projections-page__spelling" role="status">
              No name contains “{filters.search.trim()}”: showing the closest spellings.
            </p>
          )}
          <ProjectionsTable
            rows={answer.data}
            scoring={answer.scoring}
            label={answeredScoringLabel(answer)}
          />
          <Pagination
            page={answer.pagination.page}
            totalPages={answer.pagination.totalPages}
            total={answer.pagination.total}
            onPage={(page) => {
              changeFilters({ page });
              // the new page starts at its first player, not where the Next button was
              resultsRef.current?.scrollIntoView({ block: 'start' });
              resultsRef.current?.focus({ preventScroll: true });
            }}
          />
        </div>
      )}
    </section>
  );
}
