import { DEFAULT_ROSTER_POSITIONS, parseStartingSlots, type SeasonWeek, type StartingSlot } from '@fm/engine';
import type { RosPosition } from '../rest-of-season/ros-backtest.js';
import type { SeasonView } from './advice-season.js';

export const TEAM_COUNT = 12;
export const PLAYOFF_TEAMS = 6;
/**
 * The product's default line-up (QB, 2 RB, 2 WR, TE, FLEX, DEF, K) by the engine's slot definitions. The shared
 * data has no team defenses, so every team's DEF slot stays empty: the same for all, it changes no comparison.
 */
export const SLOTS: readonly StartingSlot[] = parseStartingSlots(DEFAULT_ROSTER_POSITIONS);
/** A 15-player roster less the defense the data lacks. */
export const ROSTER_SIZE = 14;

/**
 * The draft values a player by his rest-of-season points over the player at this rank at his position (what a
 * 12-team league starts of it, the FLEX split between RB and WR), and no team takes more than the cap.
 */
const REPLACEMENT_RANK: Readonly<Record<RosPosition, number>> = { QB: 12, RB: 30, WR: 30, TE: 12, K: 12 };
const POSITION_CAP: Readonly<Record<RosPosition, number>> = { QB: 2, RB: 6, WR: 6, TE: 2, K: 1 };
const STARTERS: Readonly<Record<RosPosition, number>> = { QB: 1, RB: 2, WR: 2, TE: 1, K: 1 };
const FLEX_POSITIONS: readonly RosPosition[] = ['RB', 'WR', 'TE'];

export const DRAFT_RULE =
  `A ${TEAM_COUNT}-team snake draft of ${ROSTER_SIZE} rounds before week 1: each pick is the player with the ` +
  'most rest-of-season points over replacement by our week-1 projections (replacement: the 12th QB, TE and K, ' +
  'the 30th RB and WR), at most 2 QB, 6 RB, 6 WR, 2 TE and 1 K per team, and a team fills its starting line-up ' +
  'before its last picks run out.';

/** Slots a roster still has to fill (FLEX counted once), given its count per position. */
function unmetNeeds(counts: Readonly<Record<RosPosition, number>>): {
  positions: Set<RosPosition>;
  count: number;
} {
  const positions = new Set<RosPosition>();
  let count = 0;
  for (const position of Object.keys(STARTERS) as RosPosition[]) {
    const missing = Math.max(0, STARTERS[position] - counts[position]);
    if (missing > 0) positions.add(position);
    count += missing;
  }
  const flexFilled = FLEX_POSITIONS.some((position) => counts[position] > STARTERS[position]);
  if (!flexFilled) {
    count += 1;
    for (const position of FLEX_POSITIONS) positions.add(position);
  }
  return { positions, count };
}

/** The league's rosters (player ids), drafted at the view's current week (week 1) by DRAFT_RULE. */
export function draftRosters(view: SeasonView): string[][] {
  const players = view.available().flatMap((id) => {
    const row = view.projectionOf(id);
    if (!row) return [];
    return [{ id, position: row.position, points: sum(view.restOfSeason(id).map((week) => week.mean)) }];
  });
  const replacement = new Map<RosPosition, number>();
  for (const position of Object.keys(REPLACEMENT_RANK) as RosPosition[]) {
    const ranked = players
      .filter((player) => player.position === position)
      .map((player) => player.points)
      .sort((a, b) => b - a);
    replacement.set(position, ranked[REPLACEMENT_RANK[position]] ?? 0);
  }
  const board = players
    .map((player) => ({ ...player, value: player.points - replacement.get(player.position)! }))
    .sort((a, b) => b.value - a.value || b.points - a.points || a.id.localeCompare(b.id));
  const taken = new Set<string>();
  const rosters = Array.from({ length: TEAM_COUNT }, () => [] as string[]);
  const counts = rosters.map(() => ({ QB: 0, RB: 0, WR: 0, TE: 0, K: 0 }));
  for (let round = 0; round < ROSTER_SIZE; round++) {
    for (let pick = 0; pick < TEAM_COUNT; pick++) {
      const team = round % 2 === 0 ? pick : TEAM_COUNT - 1 - pick;
      const needs = unmetNeeds(counts[team]!);
      const isNeedOnly = ROSTER_SIZE - round <= needs.count;
      const choice = board.find(
        (player) =>
          !taken.has(player.id) &&
          counts[team]![player.position] < POSITION_CAP[player.position] &&
          (!isNeedOnly || needs.positions.has(player.position)),
      );
      if (!choice) continue;
      taken.add(choice.id);
      rosters[team]!.push(choice.id);
      counts[team]![choice.position] += 1;
    }
  }
  return rosters;
}

/**
 * A round-robin schedule (circle method) over `weeks`: every team plays every other once in 11 weeks, then the
 * rounds repeat. Teams are named by their index.
 */
export function roundRobin(teamCount: number, weeks: readonly number[]): SeasonWeek[] {
  const rounds = teamCount - 1;
  return weeks.map((week, index) => {
    const round = index % rounds;
    const rotating = Array.from({ length: rounds }, (_, i) => 1 + ((i + round) % rounds));
    const order = [0, ...rotating];
    const matchups: [string, string][] = [];
    for (let i = 0; i < teamCount / 2; i++) {
      matchups.push([String(order[i]!), String(order[teamCount - 1 - i]!)]);
    }
    return { week, matchups };
  });
}

/** Each team's opponent index in a schedule week. */
export function opponentIn(week: SeasonWeek, team: number): number {
  const id = String(team);
  const matchup = week.matchups.find(([a, b]) => a === id || b === id)!;
  return Number(matchup[0] === id ? matchup[1] : matchup[0]);
}

export interface Standing {
  wins: number;
  losses: number;
  ties: number;
  pointsFor: number;
}

/** Records a week's results: each team's actual score of the line-up it set. */
export function recordWeek(standings: Standing[], week: SeasonWeek, scores: readonly number[]): void {
  for (const [a, b] of week.matchups) {
    const [home, away] = [Number(a), Number(b)];
    for (const [team, rival] of [
      [home, away],
      [away, home],
    ] as const) {
      const standing = standings[team]!;
      standing.pointsFor += scores[team]!;
      if (scores[team]! > scores[rival]!) standing.wins += 1;
      else if (scores[team]! < scores[rival]!) standing.losses += 1;
      else standing.ties += 1;
    }
  }
}

export const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
