import { EngineInputError } from '../errors.js';

/**
 * Floor of a fantasy team's weekly standard deviation in season simulations: a best line-up's starters taken as
 * independent understate how much a team's week swings (the contract's and the advice backtest's season inputs).
 */
export const MIN_WEEKLY_STD = 12;

export interface SeasonTeam {
  id: string;
  name?: string | null;
  wins: number;
  losses: number;
  ties?: number;
  pointsFor: number;
  /** Expected points per remaining week: one number for every week, or one per schedule week. */
  weeklyMean: number | number[];
  /** Standard deviation of weekly points, same shape as weeklyMean. */
  weeklyStd: number | number[];
}

export interface SeasonWeek {
  week: number;
  /** Pairs of team ids playing each other that week. */
  matchups: [string, string][];
}

/** Validated, index-based form of the input used by the simulation. */
export interface SeasonPlan {
  teamCount: number;
  weekCount: number;
  startingWins: Float64Array;
  startingPointsFor: Float64Array;
  /** [week × teamCount + team]. */
  mean: Float64Array;
  std: Float64Array;
  /** [week × teamCount + team] = opponent index, or −1 without a game. */
  opponent: Int32Array;
}

function perWeek(value: number | number[], weekCount: number, field: string): number[] {
  const values = typeof value === 'number' ? new Array<number>(weekCount).fill(value) : value;
  if (values.length !== weekCount || values.some((entry) => !Number.isFinite(entry))) {
    throw new EngineInputError(
      'INVALID_INPUT',
      field,
      `${field} must be a finite number or one per remaining week (${weekCount})`,
    );
  }
  return values;
}

export function planSeason(teams: readonly SeasonTeam[], schedule: readonly SeasonWeek[]): SeasonPlan {
  const teamCount = teams.length;
  const weekCount = schedule.length;
  if (teamCount < 2)
    throw new EngineInputError('INVALID_INPUT', 'teams', 'a season needs at least two teams');
  const indexOf = new Map(teams.map((team, index) => [team.id, index]));
  if (indexOf.size !== teamCount)
    throw new EngineInputError('INVALID_INPUT', 'teams', 'team ids must be unique');

  teams.forEach((team, t) => {
    for (const key of ['wins', 'losses', 'pointsFor'] as const) {
      if (!Number.isFinite(team[key]) || team[key] < 0) {
        throw new EngineInputError(
          'INVALID_INPUT',
          `teams[${t}].${key}`,
          `${key} must be a non-negative number`,
        );
      }
    }
  });
  const mean = new Float64Array(weekCount * teamCount);
  const std = new Float64Array(weekCount * teamCount);
  teams.forEach((team, t) => {
    const means = perWeek(team.weeklyMean, weekCount, `teams[${t}].weeklyMean`);
    const stds = perWeek(team.weeklyStd, weekCount, `teams[${t}].weeklyStd`);
    for (let w = 0; w < weekCount; w++) {
      if (stds[w]! < 0)
        throw new EngineInputError(
          'INVALID_INPUT',
          `teams[${t}].weeklyStd`,
          'standard deviations must not be negative',
        );
      mean[w * teamCount + t] = means[w]!;
      std[w * teamCount + t] = stds[w]!;
    }
  });

  const opponent = new Int32Array(weekCount * teamCount).fill(-1);
  schedule.forEach((week, w) => {
    week.matchups.forEach(([home, away], m) => {
      const field = `schedule[${w}].matchups[${m}]`;
      const a = indexOf.get(home);
      const b = indexOf.get(away);
      if (a === undefined || b === undefined || a === b) {
        throw new EngineInputError(
          'INVALID_INPUT',
          field,
          `unknown or repeated team in matchup ${home} v ${away}`,
        );
      }
      if (opponent[w * teamCount + a] !== -1 || opponent[w * teamCount + b] !== -1) {
        throw new EngineInputError('INVALID_INPUT', field, `a team plays twice in week ${week.week}`);
      }
      opponent[w * teamCount + a] = b;
      opponent[w * teamCount + b] = a;
    });
  });

  return {
    teamCount,
    weekCount,
    startingWins: Float64Array.from(teams, (team) => team.wins + (team.ties ?? 0) / 2),
    startingPointsFor: Float64Array.from(teams, (team) => team.pointsFor),
    mean,
    std,
    opponent,
  };
}
