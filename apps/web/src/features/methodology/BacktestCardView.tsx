/**
 * The model card written by the projections backtest (`packages/projections`, `buildModelCard`),
 * laid out for people: what the model is, its scores next to NFL.com's and a naive baseline on
 * the same player-weeks, the breakdown by season and position, and what every score means.
 */
const METHOD_LABELS = {
  model: 'Our model',
  nflcom: 'NFL.com projection',
  seasonAverage: 'Season average',
} as const;
type Method = keyof typeof METHOD_LABELS;
const METHODS = Object.keys(METHOD_LABELS) as Method[];

interface MethodMetrics {
  mae: number;
  rmse: number;
  spearman: number;
  pairwiseAccuracy: number;
}
interface Segment {
  rows: number;
  methods: Record<Method, MethodMetrics>;
  intervalCoverage: number;
  maeOfMedian: number;
}
/** The experts the model is fed, as the card names them. */
const EXPERT_LABELS = { nflcom: 'NFL.com', sleeper: 'Sleeper', espn: 'ESPN' } as const;
type Expert = keyof typeof EXPERT_LABELS;
const EXPERTS = Object.keys(EXPERT_LABELS) as Expert[];
const BLEND_POSITIONS = ['QB', 'RB', 'WR', 'TE', 'K', 'DEF'] as const;

interface ExpertSummary {
  rows: number;
  mae: number;
  modelMae: number;
}
interface BlendChoice {
  /** Each expert's share; empty: the plain average of the experts who projected the player. */
  mix: Partial<Record<Expert, number>>;
  modelWeight: number;
  recordRows: number;
}

export interface BacktestCard {
  model: string;
  version: string;
  generatedAt: string;
  command: string;
  /** Older cards list the weeks, newer ones give the first and last. */
  seasons: { season: number; weeks?: number[]; firstWeek?: number; lastWeek?: number }[];
  training?: string;
  headline: { startSitAccuracy: number; statement: string };
  definitions: Record<string, unknown> & { methods?: Record<string, string> };
  results: {
    overall: Segment;
    bySeason: Record<string, Segment>;
    byPosition: Record<string, Segment>;
    bySeasonAndPosition?: Record<string, Record<string, Segment>>;
    /** Newer cards: each expert on the player-weeks it projected. */
    experts?: Partial<Record<Expert, ExpertSummary>>;
  };
  /** Newer cards: per position, the experts' mix and our weight the walk learned. */
  blend?: Partial<Record<string, BlendChoice>>;
}

/** Does the card have the backtest's layout (else the page shows it generically)? */
export function isBacktestCard(card: unknown): card is BacktestCard {
  const c = card as Partial<BacktestCard> | null;
  return (
    typeof c?.headline?.startSitAccuracy === 'number' &&
    typeof c.results?.overall?.methods?.model?.pairwiseAccuracy === 'number' &&
    typeof c.results.bySeason === 'object' &&
    typeof c.results.byPosition === 'object' &&
    Array.isArray(c.seasons)
  );
}

/** "2024 weeks 1–16" from either layout of a season entry. */
export function describeSeason(entry: BacktestCard['seasons'][number]): string {
  const weeks = Array.isArray(entry.weeks) ? entry.weeks : [];
  const first = entry.firstWeek ?? (weeks.length ? Math.min(...weeks) : undefined);
  const last = entry.lastWeek ?? (weeks.length ? Math.max(...weeks) : undefined);
  if (first === undefined || last === undefined) return String(entry.season);
  return first === last ? `${entry.season} week ${first}` : `${entry.season} weeks ${first}–${last}`;
}

const percent = (fraction: number) => `${(fraction * 100).toFixed(1)}%`;
const points = (value: number) => value.toFixed(2);

export function BacktestCardView({ card }: { card: BacktestCard }) {
  const { overall } = card.results;
  const segments: [string, Segment][] = [
    ['All', overall],
    ...Object.entries(card.results.bySeason).map(([season, s]): [string, Segment] => [season, s]),
    ...Object.entries(card.results.byPosition).map(([position, s]): [string, Segment] => [
      `All ${position}`,
      s,
    ]),
  ];
  return (
    <div className="backtest-card">
      <p className="backtest-card__headline">{card.headline.statement}</p>
      <dl className="card-facts">
        <div>
          <dt>Model</dt>
          <dd>{card.model}</dd>
        </div>
        <div>
          <dt>Version</dt>
          <dd>{card.version}</dd>
        </div>
        <div>
          <dt>Weeks tested</dt>
          <dd>{card.seasons.map(describeSeason).join(', ')}</dd>
        </div>
        <div>
          <dt>Measured</dt>
          <dd>{new Date(card.generatedAt).toLocaleDateString('en-US', { dateStyle: 'medium' })}</dd>
        </div>
      </dl>

      {card.training && <p>{card.training}</p>}

      <h3>Backtest: every method on the same {overall.rows.toLocaleString('en-US')} player-weeks</h3>
      <ScoreTable
        caption="Backtest results by method"
        headers={['Method', 'Start/sit accuracy', 'MAE (points)', 'RMSE (points)', 'Rank correlation']}
        rows={METHODS.map((method) => {
          const m = overall.methods[method];
          return [
            METHOD_LABELS[method],
            percent(m.pairwiseAccuracy),
            points(m.mae),
            points(m.rmse),
            m.spearman.toFixed(3),
          ];
        })}
      />
      <p>
        Our 10th–90th percentile range held the actual score {percent(overall.intervalCoverage)} of the time
        (80% is a well-calibrated range).
      </p>

      <h3>By season and position</h3>
      <ScoreTable
        caption="Backtest results by season and position"
        headers={[
          'Segment',
          'Player-weeks',
          'Start/sit: ours',
          'Start/sit: NFL.com',
          'MAE: ours',
          'MAE: NFL.com',
          'p10–p90 coverage',
        ]}
        rows={segments.map(([label, s]) => [
          label,
          s.rows.toLocaleString('en-US'),
          percent(s.methods.model.pairwiseAccuracy),
          percent(s.methods.nflcom.pairwiseAccuracy),
          points(s.methods.model.mae),
          points(s.methods.nflcom.mae),
          percent(s.intervalCoverage),
        ])}
      />

      {card.results.experts && <ExpertsAndBlend card={card} />}

      <h3>Definitions</h3>
      <dl className="method-steps">
        {Object.entries(card.definitions).map(([key, value]) =>
          // the blend's definition is read with its table above
          typeof value === 'string' && key !== 'blend' ? (
            <div key={key}>
              <dt>{DEFINITION_LABELS[key] ?? key}</dt>
              <dd>{value}</dd>
            </div>
          ) : null,
        )}
        {METHODS.filter((method) => card.definitions.methods?.[method]).map((method) => (
          <div key={method}>
            <dt>{METHOD_LABELS[method]}</dt>
            <dd>{card.definitions.methods![method]}</dd>
          </div>
        ))}
      </dl>
      <p className="field__hint">
        Reproduce it: <code>{card.command}</code>
      </p>
    </div>
  );
}

/** "ESPN 75% + NFL.com 25%", or the plain average. */
export function describeMix(mix: BlendChoice['mix']): string {
  const parts = EXPERTS.filter((expert) => (mix[expert] ?? 0) > 0).map(
    (expert) => `${EXPERT_LABELS[expert]} ${Math.round((mix[expert] ?? 0) * 100)}%`,
  );
  return parts.length === 0 ? 'Average of the experts' : parts.join(' + ');
}

/** Each expert the model is fed, how it fared where it projected, and the mix the model learned per position. */
function ExpertsAndBlend({ card }: { card: BacktestCard }) {
  const experts = card.results.experts ?? {};
  const methods = card.definitions.methods ?? {};
  const blendText = card.definitions.blend;
  return (
    <>
      <h3>The experts and the blend</h3>
      <p>
        Our model is fed the experts’ weekly projections; where an expert projected a player, its figure and
        the player’s record against it are inputs of the fit. Each expert on the player-weeks it projected in
        this backtest, next to our model on the same player-weeks:
      </p>
      <ScoreTable
        caption="Each expert where it projected"
        headers={['Expert', 'What it is', 'Player-weeks', 'MAE: expert', 'MAE: ours']}
        rows={EXPERTS.map((expert) => {
          const summary = experts[expert];
          const description = methods[expert] ?? '';
          return summary && summary.rows > 0
            ? [
                EXPERT_LABELS[expert],
                description,
                summary.rows.toLocaleString('en-US'),
                points(summary.mae),
                points(summary.modelMae),
              ]
            : [EXPERT_LABELS[expert], description, '0', 'not in this data', '–'];
        })}
      />
      {card.blend && (
        <>
          {typeof blendText === 'string' && <p>{blendText}</p>}
          <ScoreTable
            caption="The blend by position"
            headers={['Position', 'Experts’ mix', 'Our fit’s weight', 'Record (player-weeks)']}
            rows={BLEND_POSITIONS.flatMap((position) => {
              const choice = card.blend?.[position];
              return choice
                ? [
                    [
                      position,
                      describeMix(choice.mix),
                      `${Math.round(choice.modelWeight * 100)}%`,
                      choice.recordRows.toLocaleString('en-US'),
                    ],
                  ]
                : [];
            })}
          />
        </>
      )}
    </>
  );
}

const DEFINITION_LABELS: Record<string, string> = {
  rows: 'Player-weeks',
  mae: 'MAE',
  rmse: 'RMSE',
  spearman: 'Rank correlation',
  pairwiseAccuracy: 'Start/sit accuracy',
  intervalCoverage: 'p10–p90 coverage',
  maeOfMedian: 'MAE of the median',
  scoring: 'Scoring',
};

export function ScoreTable({
  caption,
  headers,
  rows,
}: {
  caption: string;
  headers: string[];
  rows: string[][];
}) {
  return (
    <div className="table-wrap" role="region" aria-label={caption} tabIndex={0}>
      <table className="table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row[0]}>
              {row.map((cell, index) =>
                index === 0 ? (
                  <th key={index} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={index}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
