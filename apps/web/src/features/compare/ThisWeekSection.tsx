import { SCORING_FORMAT_LABELS } from '@fm/projections/scoring-formats';
import { Banner } from '@fm/ui';
import { ComparisonTable, formatNumber, formatPercent, type MetricRow } from './ComparisonTable';
import { answeredScoringLabel, type ScoringChoice } from '../projections/scoring-choice';
import { ScoringSelect } from '../projections/ScoringSelect';
import type { useWeekProjections } from './use-week-projections';

type WeekAnswer = NonNullable<ReturnType<typeof useWeekProjections>['data']>;
type WeekRow = WeekAnswer['data'][number];

/** The compared players' projections this week, in the chosen scoring; an out player's 0 says why. */
export function ThisWeekSection({
  names,
  playerIds,
  answer,
  isError,
  scoring,
  onScoring,
}: {
  names: string[];
  playerIds: string[];
  answer: WeekAnswer | undefined;
  isError: boolean;
  scoring: ScoringChoice;
  onScoring(scoring: ScoringChoice): void;
}) {
  const rowsOf = playerIds.map((id) => answer?.data.find((row) => row.player_id === id));
  const figure = (pick: (row: WeekRow) => number | null): (number | null)[] =>
    rowsOf.map((row) => (row ? pick(row) : null));
  const metrics: MetricRow[] = [
    { label: 'Projection', values: figure((row) => row.pred_mean), better: 'higher' },
    { label: 'Floor (p10)', values: figure((row) => (row.is_out ? 0 : row.p10)), better: 'higher' },
    { label: 'Ceiling (p90)', values: figure((row) => (row.is_out ? 0 : row.p90)), better: 'higher' },
    {
      label: 'Boom chance',
      values: figure((row) => row.boom_chance),
      format: formatPercent,
      better: 'higher',
    },
    {
      label: 'Bust chance',
      values: figure((row) => row.bust_chance),
      format: formatPercent,
      better: 'lower',
    },
  ];
  const unavailable = rowsOf.filter((row): row is WeekRow => Boolean(row?.status));
  return (
    <section className="compare-section" aria-labelledby="compare-week-heading">
      <div className="compare-section__head">
        <h2 id="compare-week-heading">
          {answer?.week ? `This week (${answer.season} week ${answer.week})` : 'This week'}
        </h2>
        <ScoringSelect id="compare-scoring" value={scoring} onChange={onScoring} />
      </div>
      {isError ? (
        <Banner tone="error">This week’s projections could not be loaded.</Banner>
      ) : (
        <>
          {unavailable.length > 0 && (
            <ul className="compare-availability" aria-label="Availability">
              {unavailable.map((row) => (
                <li key={row.player_id}>
                  <strong>{row.player_name}</strong>: {row.status_reason}
                  {row.is_out ? ' — projects 0 this week' : ''}
                </li>
              ))}
            </ul>
          )}
          <ComparisonTable
            caption={`Projected ${answer ? answeredScoringLabel(answer) : SCORING_FORMAT_LABELS[scoring.scoring]} points`}
            players={names}
            rows={metrics.map((metric) => ({ ...metric, format: metric.format ?? formatNumber(1) }))}
          />
        </>
      )}
    </section>
  );
}
