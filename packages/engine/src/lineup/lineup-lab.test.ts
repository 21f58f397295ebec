import { describe, expect, it } from 'vitest';
import { EngineInputError } from '../errors.js';
import { createRandom } from '../random/xoshiro128.js';
import { simulateMatchup } from '../simulation/matchup.js';
import type { SimulationPlayer } from '../simulation/scenario-model.js';
import {
  optimizeLineup,
  type LineupLabInput,
  type LineupLabResult,
  type RosterPlayer,
} from './lineup-lab.js';
import { bestLineupWeekly } from './best-lineup.js';
import { checkLineup } from './lineup-rules.js';
import { parseStartingSlots } from './slots.js';

// Written out independently of the engine's slot table, from Sleeper's documented slot meanings.
const SLOT_POSITIONS: Record<string, string[]> = {
  QB: ['QB'],
  RB: ['RB'],
  WR: ['WR'],
  TE: ['TE'],
  K: ['K'],
  DEF: ['DEF'],
  FLEX: ['RB', 'WR', 'TE'],
  SUPER_FLEX: ['QB', 'RB', 'WR', 'TE'],
  REC_FLEX: ['WR', 'TE'],
  WRRB_FLEX: ['WR', 'RB'],
};
const BENCH = new Set(['BN', 'IR', 'TAXI']);

function expectLegal(input: LineupLabInput, result: LineupLabResult): void {
  const starting = (input.rosterPositions ?? ['QB', 'RB', 'RB', 'WR', 'WR', 'TE', 'FLEX', 'DEF', 'K']).filter(
    (slot) => !BENCH.has(slot),
  );
  const roster = new Map(input.roster.map((player) => [player.id, player]));
  expect(result.lineup.map((entry) => entry.slot)).toEqual(starting);
  const used = result.lineup.flatMap((entry) => (entry.playerId ? [entry.playerId] : []));
  expect(new Set(used).size).toBe(used.length);
  result.lineup.forEach((entry, index) => {
    const current = input.starters[index] && input.starters[index] !== '0' ? input.starters[index] : null;
    const currentPlayer = current ? roster.get(current) : undefined;
    if (!SLOT_POSITIONS[entry.slot] || currentPlayer?.isLocked) {
      expect(entry.playerId).toBe(currentPlayer ? current : null);
      return;
    }
    if (!entry.playerId) return;
    const player = roster.get(entry.playerId);
    expect(player).toBeDefined();
    expect(player!.isLocked).not.toBe(true);
    const positions = player!.eligiblePositions ?? [player!.position];
    expect(positions.some((position) => SLOT_POSITIONS[entry.slot]!.includes(position))).toBe(true);
  });
}

const TEAMS: [string, string][] = [
  ['KC', 'LV'],
  ['BUF', 'MIA'],
  ['DAL', 'PHI'],
  ['SF', 'SEA'],
];

function randomRoster(seed: number): { roster: RosterPlayer[]; opponent: SimulationPlayer[] } {
  const random = createRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random.nextFloat() * items.length)]!;
  const positions = [
    'QB',
    'QB',
    'RB',
    'RB',
    'RB',
    'RB',
    'WR',
    'WR',
    'WR',
    'WR',
    'WR',
    'TE',
    'TE',
    'K',
    'DEF',
    'LB',
  ];
  const makePlayer = (id: string, position: string): RosterPlayer => {
    const [team, opponent] = pick(TEAMS);
    const home = random.nextFloat() < 0.5;
    const roll = random.nextFloat();
    return {
      id,
      position,
      team: home ? team : opponent,
      opponent: home ? opponent : team,
      depthRank: 1 + Math.floor(random.nextFloat() * 3),
      predMean: roll < 0.1 ? null : 4 + random.nextFloat() * 18,
      predStd: 3 + random.nextFloat() * 6,
      isOnBye: roll > 0.93,
      isLocked: roll > 0.85 && roll <= 0.93,
      isFinal: roll > 0.85 && roll <= 0.93,
      actualPoints: Math.floor(random.nextFloat() * 30),
      eligiblePositions: position === 'RB' && random.nextFloat() < 0.2 ? ['RB', 'WR'] : null,
    };
  };
  return {
    roster: positions.map((position, i) => makePlayer(`${seed}-${i}`, position)),
    opponent: ['QB', 'RB', 'RB', 'WR', 'WR', 'TE', 'WR', 'K', 'DEF'].map((position, i) =>
      makePlayer(`opp-${seed}-${i}`, position),
    ),
  };
}

function legalStarters(roster: RosterPlayer[], rosterPositions: string[], seed: number): (string | null)[] {
  const random = createRandom(seed);
  const used = new Set<string>();
  return rosterPositions
    .filter((slot) => !BENCH.has(slot))
    .map((slot) => {
      const eligible = roster.filter((player) => {
        const positions = player.eligiblePositions ?? [player.position];
        const allowed = SLOT_POSITIONS[slot] ?? [slot];
        return !used.has(player.id) && positions.some((position) => allowed.includes(position));
      });
      if (eligible.length === 0 || random.nextFloat() < 0.1) return null;
      const chosen = eligible[Math.floor(random.nextFloat() * eligible.length)]!;
      used.add(chosen.id);
      return chosen.id;
    });
}

const SLOT_SETS: string[][] = [
  ['QB', 'RB', 'RB', 'WR', 'WR', 'TE', 'FLEX', 'DEF', 'K', 'BN', 'BN', 'BN'],
  ['QB', 'RB', 'RB', 'WR', 'WR', 'WR', 'TE', 'FLEX', 'SUPER_FLEX', 'K', 'DEF', 'BN', 'IR', 'TAXI'],
  ['QB', 'RB', 'WR', 'WR', 'TE', 'REC_FLEX', 'WRRB_FLEX', 'FLEX', 'DEF', 'K', 'LB', 'DL', 'BN'],
  ['SUPER_FLEX', 'SUPER_FLEX', 'FLEX', 'FLEX', 'FLEX', 'BN'],
];

describe('optimizeLineup', () => {
  it('never returns an illegal line-up and never does worse than the current one (40 random rosters and slot rules)', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const { roster, opponent } = randomRoster(seed);
      const rosterPositions = SLOT_SETS[seed % SLOT_SETS.length]!;
      const input: LineupLabInput = {
        roster,
        opponent,
        rosterPositions,
        starters: legalStarters(roster, rosterPositions, seed + 1000),
        iterations: 2_000,
        seed,
      };
      const result = optimizeLineup(input);
      expectLegal(input, result);
      expect(result.isCurrentLineupLegal).toBe(true);
      expect(result.winProbability).toBeGreaterThanOrEqual(result.currentWinProbability);
      const attributed = result.swaps.reduce((total, swap) => total + swap.winProbabilityChange, 0);
      expect(attributed).toBeCloseTo(result.winProbabilityChange, 9);
    }
  });

  it('splits the change into swaps that each leave a legal line-up, so each can be applied on its own', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const { roster, opponent } = randomRoster(seed);
      const rosterPositions = SLOT_SETS[seed % SLOT_SETS.length]!.filter(
        (slot) => SLOT_POSITIONS[slot] || BENCH.has(slot),
      );
      const starters = legalStarters(roster, rosterPositions, seed + 1000);
      const result = optimizeLineup({ roster, opponent, rosterPositions, starters, iterations: 2_000, seed });
      const byId = new Map(roster.map((player) => [player.id, player]));
      let lineup = starters.filter((id): id is string => id !== null && id !== '0');
      for (const swap of result.swaps) {
        lineup = [...lineup.filter((id) => id !== swap.playerOut), ...(swap.playerIn ? [swap.playerIn] : [])];
        const check = checkLineup(
          lineup.map((id) => ({
            id,
            position: byId.get(id)!.position,
            eligiblePositions: byId.get(id)!.eligiblePositions ?? null,
          })),
          rosterPositions,
        );
        expect(
          check.problems.filter((problem) => problem.kind !== 'empty-slots'),
          `seed ${seed}`,
        ).toEqual([]);
      }
    }
  });

  const quarterback: RosterPlayer = {
    id: 'qb',
    position: 'QB',
    team: 'KC',
    opponent: 'LV',
    predMean: 20,
    predStd: 5,
  };
  const steady: RosterPlayer = {
    id: 'steady',
    position: 'WR',
    team: 'SEA',
    opponent: 'SF',
    predMean: 13,
    predStd: 1.5,
  };
  const boomOrBust: RosterPlayer = {
    id: 'boom',
    position: 'WR',
    team: 'DAL',
    opponent: 'PHI',
    predMean: 12,
    predStd: 11,
  };
  const opponentScoring = (mean: number): SimulationPlayer[] => [
    { id: 'opp', position: 'QB', team: 'NYJ', opponent: 'NE', predMean: mean, predStd: 4 },
  ];

  it('starts the volatile receiver when the team is a heavy underdog, the steady one when it is the favorite', () => {
    const base = {
      roster: [quarterback, steady, boomOrBust],
      rosterPositions: ['QB', 'WR', 'BN'],
      iterations: 20_000,
      seed: 8,
    };
    const underdog = optimizeLineup({ ...base, starters: ['qb', 'steady'], opponent: opponentScoring(52) });
    expect(underdog.lineup.map((entry) => entry.playerId)).toEqual(['qb', 'boom']);
    expect(underdog.swaps).toEqual([
      { playerIn: 'boom', playerOut: 'steady', winProbabilityChange: underdog.winProbabilityChange },
    ]);
    expect(underdog.winProbabilityChange).toBeGreaterThan(0.02);
    expect(underdog.expectedPoints).toBeLessThan(underdog.currentExpectedPoints);

    const favorite = optimizeLineup({ ...base, starters: ['qb', 'boom'], opponent: opponentScoring(20) });
    expect(favorite.lineup.map((entry) => entry.playerId)).toEqual(['qb', 'steady']);
  });

  it('benches a starter on bye and fills an empty slot', () => {
    const onBye: RosterPlayer = { ...steady, id: 'bye', opponent: 'BYE' };
    const result = optimizeLineup({
      roster: [
        quarterback,
        onBye,
        boomOrBust,
        { id: 'k', position: 'K', team: 'KC', opponent: 'LV', predMean: 8, predStd: 3 },
      ],
      rosterPositions: ['QB', 'WR', 'K', 'BN', 'BN'],
      starters: ['qb', 'bye', '0'],
      opponent: opponentScoring(30),
      seed: 2,
    });
    expect(result.lineup.map((entry) => entry.playerId)).toEqual(['qb', 'boom', 'k']);
    expect(result.swaps.map((swap) => [swap.playerIn, swap.playerOut]).sort()).toEqual(
      [
        ['boom', 'bye'],
        ['k', null],
      ].sort(),
    );
    expect(result.swaps.every((swap) => swap.winProbabilityChange > 0)).toBe(true);
  });

  it('keeps locked players where they are and leaves IDP slots alone', () => {
    const lockedStarter: RosterPlayer = {
      ...steady,
      id: 'locked-start',
      isLocked: true,
      isFinal: true,
      actualPoints: 2,
    };
    const lockedBench: RosterPlayer = {
      ...boomOrBust,
      id: 'locked-bench',
      isLocked: true,
      isFinal: true,
      actualPoints: 40,
    };
    const linebacker: RosterPlayer = {
      id: 'lb',
      position: 'LB',
      team: 'KC',
      opponent: 'LV',
      predMean: 9,
      predStd: 3,
    };
    const spare: RosterPlayer = { ...boomOrBust, id: 'spare', team: 'SF', opponent: 'SEA' };
    const input: LineupLabInput = {
      roster: [quarterback, lockedStarter, lockedBench, linebacker, spare],
      rosterPositions: ['QB', 'WR', 'FLEX', 'LB', 'BN', 'BN'],
      starters: ['qb', 'locked-start', '0', 'lb'],
      opponent: opponentScoring(40),
      seed: 6,
    };
    const result = optimizeLineup(input);
    expectLegal(input, result);
    expect(result.lineup.map((entry) => entry.playerId)).toEqual(['qb', 'locked-start', 'spare', 'lb']);
    expect(result.lineup[1]!.isLocked).toBe(true);
    expect(result.ignoredSlots).toEqual(['LB']);
  });

  it('locks players whose game is under way or over, whatever isLocked says', () => {
    const playing: RosterPlayer = {
      ...steady,
      id: 'playing',
      game: { state: 'in', points: 3, fractionRemaining: 0.5 },
    };
    const finished: RosterPlayer = {
      ...boomOrBust,
      id: 'finished',
      game: { state: 'final', points: 35, fractionRemaining: 0 },
    };
    const spare: RosterPlayer = { ...boomOrBust, id: 'spare', team: 'SF', opponent: 'SEA' };
    const input: LineupLabInput = {
      roster: [quarterback, playing, finished, spare],
      rosterPositions: ['QB', 'WR', 'BN', 'BN'],
      starters: ['qb', 'playing'],
      opponent: opponentScoring(40),
      seed: 6,
    };
    const result = optimizeLineup(input);
    // The 35 points already scored on the bench cannot come in, nor can the starter under way go out.
    expect(result.lineup.map((entry) => entry.playerId)).toEqual(['qb', 'playing']);
    expect(result.lineup[1]!.isLocked).toBe(true);
    expect(result.swaps).toEqual([]);
  });

  it('finds a line-up within 0.015 of the best of all legal line-ups found by brute force', () => {
    const player = (
      id: string,
      position: string,
      team: string,
      opponent: string,
      predMean: number,
      predStd: number,
    ): RosterPlayer => ({
      id,
      position,
      team,
      opponent,
      predMean,
      predStd,
      depthRank: 1,
    });
    const roster = [
      player('qb1', 'QB', 'KC', 'LV', 21, 6),
      player('qb2', 'QB', 'BUF', 'MIA', 19, 10),
      player('rb1', 'RB', 'KC', 'LV', 14, 5),
      player('rb2', 'RB', 'DAL', 'PHI', 12, 9),
      player('rb3', 'RB', 'SF', 'SEA', 13, 3),
      player('wr1', 'WR', 'KC', 'LV', 15, 8),
      player('wr2', 'WR', 'BUF', 'MIA', 14, 12),
      player('wr3', 'WR', 'SEA', 'SF', 16, 4),
    ];
    const opponent = ['QB', 'RB', 'WR', 'WR'].map((position, i) =>
      player(`o${i}`, position, 'LV', 'KC', 17, 7),
    );
    const slots: Record<string, string[]> = { QB: ['QB'], RB: ['RB'], WR: ['WR'], FLEX: ['RB', 'WR'] };
    const lineups: string[][] = [];
    for (const qb of roster.filter((p) => p.position === 'QB'))
      for (const rb of roster.filter((p) => p.position === 'RB'))
        for (const wr of roster.filter((p) => p.position === 'WR'))
          for (const flex of roster.filter((p) => slots.FLEX!.includes(p.position) && p !== rb && p !== wr))
            if (rb.id < flex.id || flex.position === 'WR') lineups.push([qb.id, rb.id, wr.id, flex.id]);
    const winProbability = (ids: string[]): number =>
      simulateMatchup({
        user: { players: roster.filter((p) => ids.includes(p.id)) },
        opponent: { players: opponent },
        iterations: 50_000,
        seed: 'brute-force',
      }).winProbability;
    const best = Math.max(...lineups.map(winProbability));
    const result = optimizeLineup({
      roster,
      opponent,
      rosterPositions: ['QB', 'RB', 'WR', 'FLEX', 'BN', 'BN', 'BN', 'BN'],
      starters: ['qb1', 'rb3', 'wr3', 'rb1'],
      iterations: 20_000,
      seed: 12,
    });
    const chosen = result.lineup.map((entry) => entry.playerId!);
    expect(winProbability(chosen)).toBeGreaterThan(best - 0.015);
  });

  it('gives a sure winner the highest-expected-points line-up, the one the season pages start', () => {
    const player = (id: string, positions: string[], predMean: number): RosterPlayer => ({
      id,
      position: positions[0]!,
      eligiblePositions: positions,
      team: 'KC',
      opponent: 'LV',
      predMean,
      predStd: 0.5,
    });
    // The slot listed first (WR) must not take the player who alone can also fill the RB slot.
    const roster = [player('both', ['RB', 'WR'], 20), player('wr', ['WR'], 15), player('rb', ['RB'], 5)];
    const rosterPositions = ['WR', 'RB', 'BN'];
    const result = optimizeLineup({ roster, rosterPositions, starters: [], opponent: [], seed: 3 });
    const exact = bestLineupWeekly(
      roster.map((p) => ({ ...p, weeklyMeans: [p.predMean!] })),
      parseStartingSlots(rosterPositions),
    );
    expect(result.lineup.map((entry) => entry.playerId)).toEqual(['wr', 'both']);
    expect(new Set(result.lineup.map((entry) => entry.playerId))).toEqual(new Set(exact.starters[0]));
    expect(result.expectedPoints).toBeCloseTo(exact.means[0]!, 0);
  });

  it('rejects more than 100,000 iterations (every scenario is kept in memory)', () => {
    expect(() =>
      optimizeLineup({
        roster: [quarterback],
        starters: ['qb'],
        rosterPositions: ['QB'],
        opponent: [],
        iterations: 100_001,
      }),
    ).toThrow(EngineInputError);
  });
});
