import type { AdviceSeasonResult, PickupRecord, TradeRecord } from './advice-backtest.js';

/** Two pickups whose actual points added differ by less than this (a hundredth of a point) are a tie. */
const TIE_POINTS = 0.005;

export const BASELINES = ['thisWeek', 'restOfSeason'] as const;
export type Baseline = (typeof BASELINES)[number];

/** How often our top free agent added more actual points than a baseline's, as many, or fewer. */
export interface VersusBaseline {
  better: number;
  same: number;
  worse: number;
}

export interface PickupSummary {
  /** Team-weeks scored. */
  pickups: number;
  /** Mean actual rest-of-season points added per pickup, by ranking. */
  meanAdded: { ours: number; thisWeek: number; restOfSeason: number };
  /** Shares of the pickups (sum to 1). */
  versus: Record<Baseline, VersusBaseline>;
}

export interface TradeSummary {
  /** Team-weeks scored and those with at least one win-win suggestion. */
  teamWeeks: number;
  teamWeeksWithSuggestion: number;
  /** Suggestions scored (the first few of each team-week). */
  trades: number;
  /** Shares of the suggestions that actually helped both sides, the caller, the partner. */
  helpedBoth: number;
  helpedYou: number;
  helpedPartner: number;
  /** Mean actual rest-of-season change of each side's best line-ups, and what the finder expected. */
  meanActual: { you: number; partner: number };
  meanProjected: { you: number; partner: number };
}

export interface AdviceRow {
  /** A season, or "All". */
  label: string;
  pickups: PickupSummary;
  trades: TradeSummary;
}

/** Our top free agent's position, and each ranking's mean actual points added on those team-weeks. */
export interface PositionRow {
  position: string;
  pickups: number;
  meanAdded: { ours: number; thisWeek: number; restOfSeason: number };
}

/** The advice backtest as the /methodology page shows it (packages/projections/advice-backtest.json). */
export interface AdviceBacktestCard {
  generatedAt: string;
  command: string;
  seasons: { season: number; lastWeek: number }[];
  /** The league, the draft, the sampling and the simulations, in words. */
  setup: string[];
  rows: AdviceRow[];
  byPosition: PositionRow[];
  tradesScoredPerTeamWeek: number;
  timings: { totalSeconds: number; teamWeeks: number };
}

const round = (value: number, decimals = 3) => Math.round(value * 10 ** decimals) / 10 ** decimals;
const mean = (values: readonly number[]) =>
  values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;

function versus(pickups: readonly PickupRecord[], baseline: Baseline): VersusBaseline {
  const n = Math.max(1, pickups.length);
  let better = 0;
  let worse = 0;
  for (const pickup of pickups) {
    const gap = pickup.ours.added - pickup[baseline].added;
    if (gap > TIE_POINTS) better++;
    else if (gap < -TIE_POINTS) worse++;
  }
  const same = pickups.length - better - worse;
  return { better: round(better / n), same: round(same / n), worse: round(worse / n) };
}

function meanAdded(pickups: readonly PickupRecord[]) {
  return {
    ours: round(mean(pickups.map((p) => p.ours.added)), 2),
    thisWeek: round(mean(pickups.map((p) => p.thisWeek.added)), 2),
    restOfSeason: round(mean(pickups.map((p) => p.restOfSeason.added)), 2),
  };
}

export function summarizePickups(pickups: readonly PickupRecord[]): PickupSummary {
  return {
    pickups: pickups.length,
    meanAdded: meanAdded(pickups),
    versus: { thisWeek: versus(pickups, 'thisWeek'), restOfSeason: versus(pickups, 'restOfSeason') },
  };
}

export function summarizeTrades(trades: readonly TradeRecord[], teamWeeks: number): TradeSummary {
  const n = Math.max(1, trades.length);
  const share = (test: (trade: TradeRecord) => boolean) => round(trades.filter(test).length / n);
  return {
    teamWeeks,
    teamWeeksWithSuggestion: new Set(trades.map((t) => `${t.season}/${t.week}/${t.team}`)).size,
    trades: trades.length,
    helpedBoth: share((t) => t.actualYou > 0 && t.actualPartner > 0),
    helpedYou: share((t) => t.actualYou > 0),
    helpedPartner: share((t) => t.actualPartner > 0),
    meanActual: {
      you: round(mean(trades.map((t) => t.actualYou)), 2),
      partner: round(mean(trades.map((t) => t.actualPartner)), 2),
    },
    meanProjected: {
      you: round(mean(trades.map((t) => t.projectedYou)), 2),
      partner: round(mean(trades.map((t) => t.projectedPartner)), 2),
    },
  };
}

export function buildAdviceBacktestCard(input: {
  results: readonly AdviceSeasonResult[];
  setup: string[];
  tradesScoredPerTeamWeek: number;
  generatedAt: Date;
  command: string;
  totalSeconds: number;
}): AdviceBacktestCard {
  const { results } = input;
  const allPickups = results.flatMap((result) => result.pickups);
  const teamWeeks = results.reduce((total, result) => total + result.teamWeeks, 0);
  const rows: AdviceRow[] = results.map((result) => ({
    label: String(result.season),
    pickups: summarizePickups(result.pickups),
    trades: summarizeTrades(result.trades, result.teamWeeks),
  }));
  rows.push({
    label: 'All',
    pickups: summarizePickups(allPickups),
    trades: summarizeTrades(
      results.flatMap((result) => result.trades),
      teamWeeks,
    ),
  });
  const positions = [...new Set(allPickups.map((pickup) => pickup.ours.position))].sort();
  return {
    generatedAt: input.generatedAt.toISOString(),
    command: input.command,
    seasons: results.map((result) => ({ season: result.season, lastWeek: result.lastWeek })),
    setup: input.setup,
    rows,
    byPosition: positions.map((position) => {
      const pickups = allPickups.filter((pickup) => pickup.ours.position === position);
      return { position, pickups: pickups.length, meanAdded: meanAdded(pickups) };
    }),
    tradesScoredPerTeamWeek: input.tradesScoredPerTeamWeek,
    timings: { totalSeconds: round(input.totalSeconds, 1), teamWeeks },
  };
}
