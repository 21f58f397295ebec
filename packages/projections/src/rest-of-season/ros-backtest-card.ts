import { MIN_EXPERT_PROJECTION } from '../backtest/walk-forward.js';
import { LONG_ABSENCE_WEEKS, ROS_DECAY, type RosDecay } from './ros-weeks.js';
import {
  fitRosDecay,
  rosErrorTable,
  type RosErrorCell,
  type RosPosition,
  type RosSample,
} from './ros-backtest.js';

/** The rest-of-season backtest as the /methodology page shows it (packages/projections/ros-backtest.json). */
export interface RosBacktestCard {
  generatedAt: string;
  command: string;
  /** The weeks projections were made for, per season. */
  seasons: { season: number; firstWeek: number; lastWeek: number }[];
  population: string;
  /** The decay in use (ROS_DECAY), fitted on all the seasons above. */
  decay: Record<RosPosition, RosDecay>;
  longAbsenceWeeks: number;
  /** Every season; horizon 0 is the week the projection was made for. */
  cells: RosErrorCell[];
  /** Out-of-sample check: the decay fitted on `fitSeasons` alone, scored on the other seasons. */
  check: { fitSeasons: number[]; decay: Record<RosPosition, RosDecay>; cells: RosErrorCell[] };
  timings: { totalSeconds: number; samples: number };
}

const DECIMALS = 1000;
const round = (value: number) => Math.round(value * DECIMALS) / DECIMALS;

function roundCells(cells: readonly RosErrorCell[]): RosErrorCell[] {
  return cells.map((cell) => ({
    ...cell,
    mae: round(cell.mae),
    naiveMae: round(cell.naiveMae),
    coverage: round(cell.coverage),
  }));
}

export function buildRosBacktestCard(input: {
  samples: readonly RosSample[];
  seasons: readonly number[];
  checkFitSeasons: readonly number[];
  generatedAt: Date;
  command: string;
  totalSeconds: number;
}): RosBacktestCard {
  const { samples, checkFitSeasons } = input;
  const seasons = input.seasons.flatMap((season) => {
    const weeks = samples.filter((s) => s.season === season && s.horizon === 0).map((s) => s.week);
    return weeks.length ? [{ season, firstWeek: Math.min(...weeks), lastWeek: Math.max(...weeks) }] : [];
  });
  const isFitted = (sample: RosSample) => checkFitSeasons.includes(sample.season);
  const checkDecay = fitRosDecay(samples.filter(isFitted));
  return {
    generatedAt: input.generatedAt.toISOString(),
    command: input.command,
    seasons,
    population:
      `Players the experts projected at ${MIN_EXPERT_PROJECTION} PPR points or more for a week, projected by ` +
      'our model for that week from earlier weeks only, then scored against their PPR points 1 to 4 weeks ' +
      'later (0 when they did not play). Weeks that were the team’s bye are left out: both methods know the ' +
      'schedule.',
    decay: { QB: ROS_DECAY.QB, RB: ROS_DECAY.RB, WR: ROS_DECAY.WR, TE: ROS_DECAY.TE, K: ROS_DECAY.K },
    longAbsenceWeeks: LONG_ABSENCE_WEEKS,
    cells: roundCells(rosErrorTable(samples)),
    check: {
      fitSeasons: [...checkFitSeasons],
      decay: checkDecay,
      cells: roundCells(
        rosErrorTable(
          samples.filter((sample) => !isFitted(sample)),
          checkDecay,
        ),
      ),
    },
    timings: { totalSeconds: round(input.totalSeconds), samples: samples.length },
  };
}
