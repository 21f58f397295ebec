import { HistogramChart, seriesColor } from '@fm/ui';
import type { SimulationAnswer } from './league-details';
import { formatPoints, formatSigned } from './format';

type TeamAnswer = SimulationAnswer['user_team'];

function TeamRange({ team, fallbackName }: { team: TeamAnswer; fallbackName: string }) {
  return (
    <div className="team-range">
      <h3>{team.name ?? fallbackName}</h3>
      <dl>
        <div>
          <dt>Mean</dt>
          <dd>{formatPoints(team.mean)}</dd>
        </div>
        <div>
          <dt>Median</dt>
          <dd>{formatPoints(team.median)}</dd>
        </div>
        <div>
          <dt>10th–90th percentile</dt>
          <dd>
            {formatPoints(team.p10)}–{formatPoints(team.p90)}
          </dd>
        </div>
      </dl>
    </div>
  );
}

/**
 * Both teams' simulated scores on shared bins, and the margin's distribution around zero, said from the first
 * team's side: "your" only when it is the person's own team.
 */
export function ScoreDistributions({
  result,
  isOwnTeam = true,
}: {
  result: SimulationAnswer;
  isOwnTeam?: boolean;
}) {
  const { user_team: user, opponent_team: opponent, difference } = result;
  const first = user.name ?? 'The first team';
  const second = opponent.name ?? 'the second team';
  const margin = isOwnTeam
    ? {
        hint: 'Your points minus theirs; right of the dashed line is a win',
        label: "your points minus the opponent's",
      }
    : {
        hint: `${first}'s points minus ${second}'s; right of the dashed line is a win for ${first}`,
        label: `${first}'s points minus ${second}'s`,
      };
  return (
    <section className="card dashboard-section" aria-labelledby="distributions-title">
      <h2 id="distributions-title">Score distributions</h2>
      <div className="team-ranges">
        <TeamRange team={user} fallbackName="Your team" />
        <TeamRange team={opponent} fallbackName="Opponent" />
      </div>
      <HistogramChart
        label="Simulated points of both teams"
        binEdges={user.histogram.bin_edges}
        series={[
          { name: user.name ?? 'Your team', counts: user.histogram.counts, color: seriesColor(0) },
          { name: opponent.name ?? 'Opponent', counts: opponent.histogram.counts, color: seriesColor(1) },
        ]}
      />
      <h3>Margin of victory</h3>
      <p className="field__hint">
        {margin.hint}. Mean {formatSigned(difference.mean)}, 10th–90th percentile{' '}
        {formatSigned(difference.p10)} to {formatSigned(difference.p90)}.
      </p>
      <HistogramChart
        label={`Simulated margin (${margin.label})`}
        binEdges={difference.histogram.bin_edges}
        series={[{ name: 'Margin', counts: difference.histogram.counts, color: seriesColor(2) }]}
        markerAt={0}
        height={180}
      />
    </section>
  );
}
