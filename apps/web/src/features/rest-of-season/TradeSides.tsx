import type { TradeAnalysis, TradeSide } from '@fm/contract';
import { formatProbabilityChange, formatSigned } from '../simulate/shared/format';

const FIGURES: {
  label: string;
  title: string;
  text(side: TradeSide): string;
  value(side: TradeSide): number;
}[] = [
  {
    label: 'P(playoffs)',
    title: 'Change in the chance to make the playoffs, in percentage points',
    value: (side) => side.delta_playoff_probability,
    text: (side) => formatProbabilityChange(side.delta_playoff_probability),
  },
  {
    label: 'Rest-of-season points',
    title: 'Change in the points of the team’s best line-ups over the rest of the season',
    value: (side) => side.delta_ros_points,
    text: (side) => formatSigned(side.delta_ros_points),
  },
  {
    label: 'P(win) next week',
    title: 'Change in the chance to win the next game, in percentage points',
    value: (side) => side.delta_win_probability_next_week,
    text: (side) => formatProbabilityChange(side.delta_win_probability_next_week),
  },
];

const tone = (value: number) => (value > 0 ? 'is-gain' : value < 0 ? 'is-loss' : undefined);

/** What a trade does to both teams, side by side, the caller's side first. */
export function TradeSides({
  analysis,
  partnerName,
}: {
  analysis: Pick<TradeAnalysis, 'you' | 'partner'>;
  partnerName: string;
}) {
  return (
    <table className="table trade-sides" aria-label={`What the trade does for you and for ${partnerName}`}>
      <thead>
        <tr>
          <td />
          <th scope="col" className="trade-sides__mine">
            You
          </th>
          <th scope="col">{partnerName}</th>
        </tr>
      </thead>
      <tbody>
        {FIGURES.map((figure) => (
          <tr key={figure.label}>
            <th scope="row" title={figure.title}>
              {figure.label}
            </th>
            <td className={tone(figure.value(analysis.you))}>{figure.text(analysis.you)}</td>
            <td className={tone(figure.value(analysis.partner))}>{figure.text(analysis.partner)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
