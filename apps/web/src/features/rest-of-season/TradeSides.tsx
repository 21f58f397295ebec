import type { TradeAnalysis } from '@fm/contract';
import { formatProbabilityChange, formatSigned } from '../simulate/shared/format';

/** One team's gain from a trade: P(playoffs), rest-of-season points of its best line-ups, P(win) next week. */
function Side({ name, side, isMine }: { name: string; side: TradeAnalysis['you']; isMine?: boolean }) {
  const tone = (value: number) => (value > 0 ? 'is-gain' : value < 0 ? 'is-loss' : undefined);
  return (
    <div className={`trade-side${isMine ? ' trade-side--mine' : ''}`}>
      <h4>{name}</h4>
      <dl>
        <dt>P(playoffs)</dt>
        <dd className={tone(side.delta_playoff_probability)}>
          {formatProbabilityChange(side.delta_playoff_probability)}
        </dd>
        <dt>Rest-of-season points</dt>
        <dd className={tone(side.delta_ros_points)}>{formatSigned(side.delta_ros_points)}</dd>
        <dt>P(win) next week</dt>
        <dd className={tone(side.delta_win_probability_next_week)}>
          {formatProbabilityChange(side.delta_win_probability_next_week)}
        </dd>
      </dl>
    </div>
  );
}

/** What a trade does to both teams, the caller's side first. */
export function TradeSides({ analysis, partnerName }: { analysis: TradeAnalysis; partnerName: string }) {
  return (
    <div className="trade-sides">
      <Side name="You" side={analysis.you} isMine />
      <Side name={partnerName} side={analysis.partner} />
    </div>
  );
}
