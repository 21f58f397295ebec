import type { AdviceBacktestCard, AdviceRow } from '@fm/projections';
import committedCard from '@fm/projections/advice-backtest.json';
import { ScoreTable } from './BacktestCardView';

const COMMITTED_CARD = committedCard as AdviceBacktestCard;
const points = (value: number) => `${value > 0 ? '+' : ''}${value.toFixed(1)}`;
const percent = (fraction: number) => `${Math.round(fraction * 100)}%`;
const BASELINE_NAMES = {
  thisWeek: 'highest projection this week',
  restOfSeason: 'highest rest-of-season projection',
} as const;
type Baseline = keyof typeof BASELINE_NAMES;
const BASELINES = Object.keys(BASELINE_NAMES) as Baseline[];

/** "63% / 11%": how often our pick added more actual points than the baseline's, and how often fewer. */
const betterWorse = (row: AdviceRow, baseline: Baseline) =>
  `${percent(row.pickups.versus[baseline].better)} / ${percent(row.pickups.versus[baseline].worse)}`;

function overallOf(card: AdviceBacktestCard): AdviceRow | undefined {
  return card.rows.find((row) => row.label === 'All');
}

/** The headline in words: our pick's mean against each baseline's, over every season. */
function pickupVerdict(all: AdviceRow): string {
  const { ours } = all.pickups.meanAdded;
  const lines = BASELINES.map((baseline) => {
    const theirs = all.pickups.meanAdded[baseline];
    const versus = all.pickups.versus[baseline];
    return (
      `the ${BASELINE_NAMES[baseline]} added ${points(theirs)}; ours added more in ${percent(versus.better)} of ` +
      `the weeks, as much in ${percent(versus.same)} and less in ${percent(versus.worse)}`
    );
  });
  return (
    `Over all ${all.pickups.pickups.toLocaleString('en-US')} team-weeks, the free agent we rank first added ` +
    `${points(ours)} actual points to his team’s best line-ups over the rest of the season; ${lines.join('; ')}.`
  );
}

/** A season's or a position's losses are worth naming from this share of weeks lost to a baseline. */
const OFTEN_LOST = 0.3;
/** Our pick is "barely ahead" at a position when it adds fewer than this many points more than either baseline. */
const BARELY_AHEAD_POINTS = 3;

/**
 * Where ours loses, in words: seasons whose mean is below a baseline's or that lost 30% of their weeks or more to it,
 * positions of our pick where it is behind or barely ahead, and how often it loses single weeks overall.
 */
function whereOursLoses(card: AdviceBacktestCard): string[] {
  const notes: string[] = [];
  const seasons = card.rows.filter((row) => row.label !== 'All');
  for (const baseline of BASELINES) {
    const behind = seasons.filter((row) => row.pickups.meanAdded.ours < row.pickups.meanAdded[baseline]);
    if (behind.length > 0) {
      notes.push(
        `In ${behind.map((row) => row.label).join(', ')}, the ${BASELINE_NAMES[baseline]} added more on average ` +
          `than our pick.`,
      );
    }
    const often = seasons.filter((row) => row.pickups.versus[baseline].worse >= OFTEN_LOST);
    if (often.length > 0) {
      const list = often
        .map(
          (row) =>
            `${row.label} (lost ${percent(row.pickups.versus[baseline].worse)}, won ${percent(row.pickups.versus[baseline].better)})`,
        )
        .join(', ');
      notes.push(`Against the ${BASELINE_NAMES[baseline]}, ours lost 30% of the weeks or more in ${list}.`);
    }
  }
  for (const row of card.byPosition) {
    const best = Math.max(row.meanAdded.thisWeek, row.meanAdded.restOfSeason);
    const lead = `When our pick is a ${row.position} (${row.pickups} team-weeks), he added ${points(row.meanAdded.ours)} on average`;
    const theirs = `${points(row.meanAdded.thisWeek)} and ${points(row.meanAdded.restOfSeason)} for the two baselines’ picks in the same weeks`;
    if (row.meanAdded.ours < best || row.meanAdded.ours < 0) notes.push(`${lead}, against ${theirs}.`);
    else if (row.meanAdded.ours - best < BARELY_AHEAD_POINTS)
      notes.push(`${lead}: barely more than the ${theirs}.`);
  }
  const all = overallOf(card);
  if (all) {
    const worst = BASELINES.reduce((a, b) =>
      all.pickups.versus[a].worse >= all.pickups.versus[b].worse ? a : b,
    );
    notes.push(
      `Even where ours wins on average, it loses single weeks: ${percent(all.pickups.versus[worst].worse)} of ` +
        `the time to the ${BASELINE_NAMES[worst]}. A projection is an expectation, and the player who then ` +
        'breaks out or gets hurt is not known in advance.',
    );
  }
  return notes;
}

/** The trade finder's record in words. */
function tradeVerdict(all: AdviceRow, perTeamWeek: number): string {
  const { trades } = all;
  if (trades.trades === 0) return 'The trade finder suggested no win-win trade in the weeks scored.';
  const lead =
    `The trade finder had a win-win suggestion in ${trades.teamWeeksWithSuggestion.toLocaleString('en-US')} of ` +
    `${trades.teamWeeks.toLocaleString('en-US')} team-weeks. Of its first ${perTeamWeek} suggestions there ` +
    `(${trades.trades.toLocaleString('en-US')} in all), ${percent(trades.helpedBoth)} actually helped both teams ` +
    `(${percent(trades.helpedYou)} helped the team asking, ${percent(trades.helpedPartner)} the partner).`;
  const sides =
    ` On average the team asking gained ${points(trades.meanActual.you)} actual points and the partner ` +
    `${points(trades.meanActual.partner)}, where the finder expected ${points(trades.meanProjected.you)} and ` +
    `${points(trades.meanProjected.partner)}.`;
  const loses =
    trades.meanActual.partner < 0
      ? ' The partner’s side is where it loses: the finder ranks trades by the asking team’s gain, and a small ' +
        'expected gain for the partner often turns out to be a loss.'
      : '';
  return lead + sides + loses;
}

/**
 * /methodology's advice backtest: whether the free agent we rank first, and the trades we suggest, actually
 * helped, against two plain rankings (packages/projections/advice-backtest.json, `npm run backtest:advice`).
 */
export function AdviceBacktestSection({ card = COMMITTED_CARD }: { card?: AdviceBacktestCard }) {
  const all = overallOf(card);
  const seasons = card.seasons.map((season) => season.season);
  return (
    <section
      id="advice-backtest"
      aria-labelledby="advice-backtest-title"
      className="methodology__section advice-backtest"
    >
      <h2 id="advice-backtest-title">Is the advice any good?</h2>
      <p>
        We replayed the seasons {seasons.join(', ')} week by week, using only what was known before each week.
        For a team, we took the top free agent three ways — by our ranking (the change in playoff chances,
        then in this week’s win chance, then rest-of-season points over the player he replaces), by the
        highest projection this week, and by the highest rest-of-season projection — and counted the points
        each actually added to the team’s best line-ups for the rest of the season. The trade suggestions are
        scored the same way, for both teams.
      </p>
      <details className="advice-backtest__setup">
        <summary>How the leagues were built</summary>
        <ul>
          {card.setup.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </details>
      {all && <p>{pickupVerdict(all)}</p>}
      <ScoreTable
        caption="Free-agent advice backtest"
        headers={[
          'Season',
          'Team-weeks',
          'Ours',
          'Highest this week',
          'Highest rest of season',
          'Beat / lost vs this week’s',
          'Beat / lost vs rest of season’s',
        ]}
        rows={card.rows.map((row) => [
          row.label,
          row.pickups.pickups.toLocaleString('en-US'),
          points(row.pickups.meanAdded.ours),
          points(row.pickups.meanAdded.thisWeek),
          points(row.pickups.meanAdded.restOfSeason),
          betterWorse(row, 'thisWeek'),
          betterWorse(row, 'restOfSeason'),
        ])}
      />
      <p className="field__hint">
        Mean actual points added per pickup, after dropping the player the engine would release. “Beat /
        lost”: the share of team-weeks our pick added more, or fewer, points than that ranking’s pick; the
        rest are ties (often the same player).
      </p>
      <h3 id="advice-backtest-loses">Where our ranking loses</h3>
      <ul aria-labelledby="advice-backtest-loses">
        {whereOursLoses(card).map((note) => (
          <li key={note}>{note}</li>
        ))}
      </ul>
      <ScoreTable
        caption="Advice backtest by the position of our pick"
        headers={['Our pick', 'Team-weeks', 'Ours', 'Highest this week', 'Highest rest of season']}
        rows={card.byPosition.map((row) => [
          row.position,
          row.pickups.toLocaleString('en-US'),
          points(row.meanAdded.ours),
          points(row.meanAdded.thisWeek),
          points(row.meanAdded.restOfSeason),
        ])}
      />
      <h3>Trade suggestions</h3>
      {all && <p>{tradeVerdict(all, card.tradesScoredPerTeamWeek)}</p>}
      <ScoreTable
        caption="Trade suggestions backtest"
        headers={[
          'Season',
          'Suggestions',
          'Helped both',
          'Your side (actual)',
          'Partner (actual)',
          'Expected: you / partner',
        ]}
        rows={card.rows.map((row) => [
          row.label,
          row.trades.trades.toLocaleString('en-US'),
          percent(row.trades.helpedBoth),
          points(row.trades.meanActual.you),
          points(row.trades.meanActual.partner),
          `${points(row.trades.meanProjected.you)} / ${points(row.trades.meanProjected.partner)}`,
        ])}
      />
      <p className="field__hint">
        Reproduce it: <code>{card.command}</code> ({card.timings.teamWeeks.toLocaleString('en-US')}{' '}
        team-weeks).
      </p>
    </section>
  );
}
