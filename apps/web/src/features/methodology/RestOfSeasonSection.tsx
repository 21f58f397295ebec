import type { RosBacktestCard } from '@fm/projections';
import committedCard from '@fm/projections/ros-backtest.json';
import { ScoreTable } from './BacktestCardView';

const COMMITTED_CARD = committedCard as RosBacktestCard;
const points = (value: number) => value.toFixed(2);
const percent = (fraction: number) => `${Math.round(fraction * 100)}%`;
const seasonRange = (seasons: readonly number[]) =>
  seasons.length > 1 ? `${Math.min(...seasons)}–${Math.max(...seasons)}` : String(seasons[0] ?? '');

/** "74% of his projection", "68% of his projection + 32% of 4.74 pts", "7.22 pts". */
function longRun({ share, target }: RosBacktestCard['decay'][keyof RosBacktestCard['decay']]): string {
  const own = `${percent(share)} of his projection`;
  if (share >= 1 || target === 0) return own;
  const position = `${points(target)} pts`;
  return share === 0 ? position : `${own} + ${percent(1 - share)} of ${position}`;
}

/** Where the check (decay fitted on early seasons, scored on later ones) did worse than the naive figure. */
function checkSummary(card: RosBacktestCard): string {
  const ahead = card.check.cells.filter((cell) => cell.horizon > 0);
  const worse = ahead.filter((cell) => cell.mae > cell.naiveMae);
  const scored = seasonRange(
    card.seasons.map((s) => s.season).filter((season) => !card.check.fitSeasons.includes(season)),
  );
  const lead =
    `Fitted on ${seasonRange(card.check.fitSeasons)} alone and scored on ${scored}, the decay had the lower ` +
    `error in ${ahead.length - worse.length} of the ${ahead.length} cells`;
  if (worse.length === 0) return `${lead}.`;
  const where = worse.map((cell) => `${cell.position} ${cell.horizon} ahead`).join(', ');
  return `${lead}; the naive figure did better for ${where} (in weeks).`;
}

/** /methodology's rest-of-season section: how a week's projection is carried over the season, and its backtest. */
export function RestOfSeasonSection({ card = COMMITTED_CARD }: { card?: RosBacktestCard }) {
  const rows = card.cells.filter((cell) => cell.horizon > 0);
  const positions = [...new Set(rows.map((cell) => cell.position))];
  const scored = rows.reduce((sum, cell) => sum + cell.rows, 0);
  const absenceAfter = card.longAbsenceWeeks - 1;
  return (
    <section
      id="rest-of-season"
      aria-labelledby="rest-of-season-title"
      className="methodology__section rest-of-season"
    >
      <h2 id="rest-of-season-title">Rest of season</h2>
      <p>
        The free-agent, trade and playoff tools look past this week. They carry each player’s projection for
        this week over every remaining week of the regular season:
      </p>
      <dl className="method-steps">
        <div>
          <dt>Byes</dt>
          <dd>0 points in his team’s bye week.</dd>
        </div>
        <div>
          <dt>Injuries</dt>
          <dd>
            Ruled out: 0 this week only. On injured reserve, the PUP or non-football injury list, or
            suspended: 0 this week and the {absenceAfter} after it, the league’s minimum stay on those lists.
            Questionable or doubtful: this week’s projection as it is, and healthy after it.
          </dd>
        </div>
        <div>
          <dt>Weeks further out</dt>
          <dd>
            A projection says less the further out it looks: players get hurt, lose their role or regress.
            Each week ahead, the projection moves closer to a long-run level: a share of his own projection,
            plus for some positions a typical figure for the position. The spread grows the same way. The
            constants below are fitted on the backtest by least squares, so the figure stays the points to
            expect, zeros included.
          </dd>
        </div>
      </dl>
      <ScoreTable
        caption="Rest-of-season decay by position"
        headers={['Position', 'Long-run level', 'Gap kept each week']}
        rows={positions.map((position) => [
          position,
          longRun(card.decay[position]),
          percent(card.decay[position].keep),
        ])}
      />
      <h3>Backtest: {scored.toLocaleString('en-US')} player-weeks, 1 to 4 weeks ahead</h3>
      <p>{card.population}</p>
      <p>
        Mean absolute error in PPR points of our rest-of-season figure against the naive one (this week’s
        projection, unchanged), {card.seasons.map((s) => s.season).join(', ')}:
      </p>
      <ScoreTable
        caption="Rest-of-season backtest"
        headers={['Position', 'Ours', 'Naive', 'Player-weeks']}
        rows={rows.map((cell) => [
          `${cell.position} +${cell.horizon}`,
          points(cell.mae),
          points(cell.naiveMae),
          cell.rows.toLocaleString('en-US'),
        ])}
      />
      <p>
        “QB +2” is a quarterback two weeks after the week projected. The constants are fitted on these same
        seasons. {checkSummary(card)}
      </p>
      <p className="field__hint">
        Reproduce it: <code>{card.command}</code>
      </p>
    </section>
  );
}
