import { DEFAULT_ITERATIONS } from '@fm/engine';
import { Spinner } from '@fm/ui';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { trpc } from '../../lib/trpc';
import { AdviceBacktestSection } from './AdviceBacktestSection';
import { BacktestCardView } from './BacktestCardView';
import { RestOfSeasonSection } from './RestOfSeasonSection';
import { winProbabilityStandardError } from './win-probability-precision';
import './methodology.css';

const RUNS = DEFAULT_ITERATIONS.toLocaleString('en-US');
const EXAMPLE_PROBABILITIES = [0.5, 0.6, 0.7, 0.8, 0.9, 0.95];

/** /methodology: how the projections and simulations are made, with the model card served by the API. */
export default function MethodologyPage() {
  return (
    <article className="page methodology">
      <h1>How the numbers are made</h1>
      <p className="methodology__lead">
        Every figure on this site comes from a model you can read about here, and every accuracy claim from a
        backtest published below. Nothing is typed in by hand.
      </p>
      <nav aria-label="On this page" className="methodology__toc">
        <ul>
          <li>
            <a href="#projection-model">The projection model and its backtest</a>
          </li>
          <li>
            <a href="#rest-of-season">Rest of season</a>
          </li>
          <li>
            <a href="#advice-backtest">Is the advice any good?</a>
          </li>
          <li>
            <a href="#simulation-method">The simulation method</a>
          </li>
          <li>
            <a href="#win-probability">What a win probability means</a>
          </li>
        </ul>
      </nav>
      <ProjectionModelSection />
      <RestOfSeasonSection />
      <AdviceBacktestSection />
      <SimulationMethodSection />
      <WinProbabilitySection />
      <p>
        <Link to="/projections">See this week’s projections</Link> or <Link to="/">go back home</Link>.
      </p>
    </article>
  );
}

function ProjectionModelSection() {
  const { data, isPending, isError, refetch } = useQuery(trpc.public.modelCard.queryOptions());
  return (
    <section id="projection-model" aria-labelledby="projection-model-title" className="methodology__section">
      <h2 id="projection-model-title">The projection model and its backtest</h2>
      <p>
        Projections give each player’s expected PPR points for the week and a spread around them (the 10th,
        50th and 90th percentiles). The model is fitted on past weekly stats and judged only on weeks it was
        not fitted on. Its card, below, is written by the backtest itself: the model, the data, the scores and
        what each score means.
      </p>
      {isPending && <Spinner label="Loading the model card…" />}
      {isError && (
        <div className="banner banner--error" role="alert">
          <span>The model card could not be loaded.</span>
          <button type="button" className="button button--secondary" onClick={() => void refetch()}>
            Try again
          </button>
        </div>
      )}
      {data && !data.modelCard && (
        <p className="banner banner--info">
          The backtest has not published its model card yet, so no accuracy figure is shown anywhere on the
          site. This section fills in as soon as it does.
        </p>
      )}
      {data?.modelCard && (
        <div className="model-card">
          <BacktestCardView card={data.modelCard} />
        </div>
      )}
    </section>
  );
}

function SimulationMethodSection() {
  return (
    <section
      id="simulation-method"
      aria-labelledby="simulation-method-title"
      className="methodology__section"
    >
      <h2 id="simulation-method-title">The simulation method</h2>
      <dl className="method-steps">
        <div>
          <dt>Distributions</dt>
          <dd>
            Each starter’s weekly points follow a skewed distribution fitted to his projection: a shifted
            log-normal for most players (a long right tail for the big games, a floor for the bad ones), so
            the simulated 10th, 50th and 90th percentiles match the projection’s. A player ruled out scores
            zero; a finished game counts its real score.
          </dd>
        </div>
        <div>
          <dt>Correlations</dt>
          <dd>
            Teammates rise and fall together (a quarterback and his receivers), and opponents in the same game
            are linked too. Those links are estimated from past weekly scores by role (QB1, WR2, …) and
            applied with a Gaussian copula, so each player keeps his own distribution while the joint outcomes
            stay realistic.
          </dd>
        </div>
        <div>
          <dt>Iterations</dt>
          <dd>
            One simulation draws {RUNS} complete weeks: every starter on both sides scores once per draw, the
            lineups are added up, and the draw goes to whichever side scored more. The results are the share
            of draws won, the typical score gap and each team’s range of totals.
          </dd>
        </div>
      </dl>
    </section>
  );
}

function WinProbabilitySection() {
  return (
    <section id="win-probability" aria-labelledby="win-probability-title" className="methodology__section">
      <h2 id="win-probability-title">What a win probability means</h2>
      <p>
        A 70% win probability means that in 70 out of every 100 simulated weeks your lineup outscored your
        opponent’s. It is not a promise: in the other 30 you lost, and one real Sunday is one draw. Across
        many matchups rated 70%, about 7 in 10 should be wins if the projections are right.
      </p>
      <p>
        Because it is counted from {RUNS} draws, the figure has a small sampling error: its standard error is
        √(p(1−p)/N), which at N = {RUNS} is at most ±0.5 percentage points (at p = 50%) and smaller elsewhere.
        Run the same matchup twice and the two answers will usually differ by less than a point. The
        projections’ own uncertainty is much larger than that, and it is already inside the player
        distributions.
      </p>
      <div className="table-wrap" role="region" aria-label="Precision of a win probability" tabIndex={0}>
        <table className="table precision-table">
          <caption>Precision of a win probability at {RUNS} runs</caption>
          <thead>
            <tr>
              <th scope="col">Win probability</th>
              <th scope="col">Standard error</th>
              <th scope="col">95% of repeat runs within</th>
            </tr>
          </thead>
          <tbody>
            {EXAMPLE_PROBABILITIES.map((p) => {
              const se = winProbabilityStandardError(p);
              return (
                <tr key={p}>
                  <td>{Math.round(p * 100)}%</td>
                  <td>±{se.toFixed(2)} points</td>
                  <td>±{(1.96 * se).toFixed(2)} points</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
