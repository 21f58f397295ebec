import { InfoTooltip } from './InfoTooltip';
import { DEFAULT_ITERATIONS } from '@fm/engine';
import { formatPercent, usePublicStats } from './use-public-stats';

/** The hero's figures: counted or measured by the API, never typed in. */
export function HeroStats() {
  const { data, isPending, isError } = usePublicStats();
  const unavailable = isPending ? '…' : '—';
  const accuracy = data?.modelAccuracy ?? null;
  return (
    <div className="hero-stats">
      <dl className="hero-stats__list" aria-busy={isPending}>
        <div className="hero-stat">
          <dt>
            Simulations run
            <InfoTooltip term="Simulations run">
              Every matchup simulation people have run here so far, counted in our database. Each one plays
              the matchup {DEFAULT_ITERATIONS.toLocaleString('en-US')} times.
            </InfoTooltip>
          </dt>
          <dd>
            {!data ? (
              unavailable
            ) : data.simulationsRun === 0 ? (
              // a bare 0 reads as "nobody uses this"; say what it means instead
              <span className="hero-stat__pending">none yet: be the first</span>
            ) : (
              data.simulationsRun.toLocaleString('en-US')
            )}
          </dd>
        </div>
        <div className="hero-stat">
          <dt>
            Start/sit accuracy
            <InfoTooltip term="Start/sit accuracy">
              {accuracy
                ? `${accuracy.definition} Measured on ${accuracy.measuredOn}.`
                : 'How often the projections pick the right player of two, measured by backtest on games the model had not seen. The measurement is still running.'}
            </InfoTooltip>
          </dt>
          <dd>
            {accuracy ? (
              formatPercent(accuracy.value)
            ) : data ? (
              <span className="hero-stat__pending">being measured</span>
            ) : (
              unavailable
            )}
          </dd>
        </div>
        <div className="hero-stat">
          <dt>
            Runs per matchup
            <InfoTooltip term="Runs per matchup">
              Each simulation plays your matchup {DEFAULT_ITERATIONS.toLocaleString('en-US')} times, so the
              win probability it reports is within ±0.5 percentage points (one standard error) of the exact
              figure.
            </InfoTooltip>
          </dt>
          <dd>{DEFAULT_ITERATIONS.toLocaleString('en-US')}</dd>
        </div>
      </dl>
      {isError && (
        <p className="hero-stats__error" role="status">
          Live figures are unavailable right now.
        </p>
      )}
    </div>
  );
}
