import {
  createRandom,
  parseStartingSlots,
  type LineupLabInput,
  type SeasonOutlookInput,
  type SeasonRoster,
  type SimulationPlayer,
  type TradeLeague,
} from '../src/index.js';

// Week-11-like line-ups sharing games (a QB–WR stack, a defense facing the user's QB, receivers on both sides
// of one game), so the copula has real groups to correlate.
const player = (
  id: string,
  position: string,
  team: string,
  opponent: string,
  depthRank: number,
  predMean: number,
  predStd: number,
): SimulationPlayer => ({ id, position, team, opponent, depthRank, predMean, predStd });

export const USER_LINEUP: SimulationPlayer[] = [
  player('u-qb', 'QB', 'KC', 'LV', 1, 21.5, 7.5),
  player('u-rb1', 'RB', 'SF', 'SEA', 1, 17.2, 7.8),
  player('u-rb2', 'RB', 'DAL', 'PHI', 1, 13.9, 6.9),
  player('u-wr1', 'WR', 'KC', 'LV', 1, 15.1, 7.4),
  player('u-wr2', 'WR', 'BUF', 'MIA', 1, 16.4, 8.2),
  player('u-te', 'TE', 'DET', 'GB', 1, 10.8, 6.1),
  player('u-flex', 'WR', 'MIA', 'BUF', 2, 12.2, 7.7),
  player('u-def', 'DEF', 'LV', 'KC', 1, 6.5, 5.5),
  player('u-k', 'K', 'PHI', 'DAL', 1, 8.4, 4.2),
];

export const OPPONENT_LINEUP: SimulationPlayer[] = [
  player('o-qb', 'QB', 'BUF', 'MIA', 1, 23.1, 8.1),
  player('o-rb1', 'RB', 'KC', 'LV', 1, 14.4, 6.8),
  player('o-rb2', 'RB', 'GB', 'DET', 1, 15.0, 7.1),
  player('o-wr1', 'WR', 'SF', 'SEA', 1, 15.8, 7.9),
  player('o-wr2', 'WR', 'PHI', 'DAL', 1, 16.9, 8.3),
  player('o-te', 'TE', 'KC', 'LV', 1, 11.5, 6.0),
  player('o-flex', 'WR', 'SEA', 'SF', 1, 13.6, 7.5),
  player('o-def', 'DEF', 'MIA', 'BUF', 1, 7.2, 5.8),
  player('o-k', 'K', 'DET', 'GB', 1, 8.9, 4.0),
];

/** Eighteen players in eighteen different games: every draw takes the independent (uniform-table) path. */
export const INDEPENDENT_PLAYERS: SimulationPlayer[] = [...USER_LINEUP, ...OPPONENT_LINEUP].map((p, i) => ({
  ...p,
  id: `solo-${i}`,
  team: `T${i}`,
  opponent: `X${i}`,
}));

export function lineupLabInput(iterations: number, seed: number): LineupLabInput {
  const bench = [
    player('b-qb', 'QB', 'MIA', 'BUF', 1, 17.0, 8.0),
    player('b-rb1', 'RB', 'SEA', 'SF', 1, 12.5, 7.5),
    player('b-rb2', 'RB', 'DET', 'GB', 2, 9.8, 6.2),
    player('b-wr1', 'WR', 'DAL', 'PHI', 1, 14.9, 8.8),
    player('b-wr2', 'WR', 'GB', 'DET', 1, 12.7, 7.0),
    player('b-te', 'TE', 'SF', 'SEA', 1, 9.6, 5.2),
    player('b-k', 'K', 'SEA', 'SF', 1, 8.0, 3.9),
  ];
  return {
    roster: [...USER_LINEUP, ...bench],
    starters: ['u-qb', 'u-rb1', 'u-rb2', 'u-wr1', 'u-wr2', 'u-te', 'u-flex', 'u-def', 'u-k'],
    opponent: OPPONENT_LINEUP,
    iterations,
    seed,
  };
}

export function seasonInput(iterations: number, seed: number): SeasonOutlookInput {
  const ids = Array.from({ length: 12 }, (_, i) => `team-${i + 1}`);
  const rotating = ids.slice(1);
  const schedule = Array.from({ length: 4 }, (_, w) => {
    const order = [ids[0]!, ...rotating.slice(w), ...rotating.slice(0, w)];
    return {
      week: 14 + w,
      matchups: Array.from({ length: 6 }, (_, i) => [order[i]!, order[11 - i]!] as [string, string]),
    };
  });
  return {
    teams: ids.map((id, i) => ({
      id,
      wins: 9 - (i % 7),
      losses: 4 + (i % 7),
      pointsFor: 1500 - i * 25,
      weeklyMean: 105 + (i % 5) * 4,
      weeklyStd: 22,
    })),
    schedule,
    playoffTeams: 6,
    byeTeams: 2,
    medianMatch: true,
    iterations,
    seed,
  };
}

// Expected weekly points of a league's players by position and depth (1 = the roster's best at it), roughly
// PPR starters through deep bench.
const ROSTER_SHAPE: readonly { position: string; means: readonly number[] }[] = [
  { position: 'QB', means: [20, 15] },
  { position: 'RB', means: [15, 12, 9, 7, 5] },
  { position: 'WR', means: [15, 12, 10, 7, 5] },
  { position: 'TE', means: [10, 6] },
  { position: 'K', means: [8] },
  { position: 'DEF', means: [7] },
];

/**
 * A league of `teamCount` 16-player rosters (default starting slots) with `weeks` weeks left: each player's
 * level varies ±35% around his depth's mean, week to week ±15%, and about one in four has his bye in the window.
 */
export function tradeLeague(teamCount: number, weeks: number, seed: number): TradeLeague {
  const random = createRandom(seed);
  const rosters: SeasonRoster[] = Array.from({ length: teamCount }, (_, t) => ({
    rosterId: t + 1,
    players: ROSTER_SHAPE.flatMap(({ position, means }) =>
      means.map((mean, depth) => {
        const level = mean * (0.65 + 0.7 * random.nextFloat());
        const byeWeek = random.nextFloat() < 0.25 ? Math.floor(random.nextFloat() * weeks) : -1;
        const weeklyMeans = Array.from({ length: weeks }, (_, w) =>
          w === byeWeek ? 0 : level * (0.85 + 0.3 * random.nextFloat()),
        );
        return {
          id: `t${t + 1}-${position.toLowerCase()}${depth + 1}`,
          position,
          weeklyMeans,
          weeklyStds: weeklyMeans.map((m) => m * 0.45),
        };
      }),
    ),
  }));
  return { rosters, slots: parseStartingSlots() };
}
