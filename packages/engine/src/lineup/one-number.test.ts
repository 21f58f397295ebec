import { describe, expect, it } from 'vitest';
import type { PlayerGame } from '../live/game-state.js';
import { createRandom } from '../random/xoshiro128.js';
import { simulateMatchup } from '../simulation/matchup.js';
import type { SimulationPlayer } from '../simulation/scenario-model.js';
import { optimizeLineup, type RosterPlayer } from './lineup-lab.js';

const ROSTER_POSITIONS = [
  'QB',
  'RB',
  'RB',
  'WR',
  'WR',
  'TE',
  'FLEX',
  'K',
  'DEF',
  'BN',
  'BN',
  'BN',
  'BN',
  'BN',
];
const TEAMS: [string, string][] = [
  ['KC', 'BUF'],
  ['DAL', 'PHI'],
  ['SF', 'SEA'],
  ['MIA', 'NYJ'],
];

// A roster mid-Sunday: some games over, some under way, the rest not started.
function sundayRoster(seed: number): { roster: RosterPlayer[]; opponent: SimulationPlayer[] } {
  const random = createRandom(seed);
  const player = (id: string, position: string): RosterPlayer => {
    const [team, opponent] = TEAMS[Math.floor(random.nextFloat() * TEAMS.length)]!;
    const roll = random.nextFloat();
    const points = Math.round(random.nextFloat() * 200) / 10;
    const game: PlayerGame =
      roll < 0.25
        ? { state: 'final', points, fractionRemaining: 0 }
        : roll < 0.5
          ? { state: 'in', points: points / 2, fractionRemaining: 0.5 }
          : { state: 'pre', points: 0, fractionRemaining: 1 };
    return {
      id,
      position,
      team,
      opponent,
      depthRank: 1 + Math.floor(random.nextFloat() * 2),
      predMean: 5 + random.nextFloat() * 15,
      predStd: 3 + random.nextFloat() * 5,
      game,
      isLocked: game.state !== 'pre',
    };
  };
  const positions = ['QB', 'RB', 'RB', 'WR', 'WR', 'TE', 'WR', 'K', 'DEF', 'RB', 'WR', 'WR', 'TE', 'QB'];
  return {
    roster: positions.map((position, i) => player(`${seed}-${i}`, position)),
    opponent: ['QB', 'RB', 'RB', 'WR', 'WR', 'TE', 'WR', 'K', 'DEF'].map((position, i) =>
      player(`opp-${seed}-${i}`, position),
    ),
  };
}

describe('one number for one line-up', () => {
  for (const seed of [1, 2, 3, 4, 5]) {
    it(`the matchup run on the lab's scenarios gives the lab's "now" and "best" exactly (roster ${seed})`, () => {
      const { roster, opponent } = sundayRoster(seed);
      const starters = roster.slice(0, 9).map((player) => player.id);
      const lab = optimizeLineup({
        roster,
        starters,
        rosterPositions: ROSTER_POSITIONS,
        opponent,
        iterations: 10_000,
        seed: 'sunday',
      });
      const byId = new Map(roster.map((player) => [player.id, player]));
      const matchup = (ids: string[]) =>
        simulateMatchup({
          user: { players: ids.map((id) => byId.get(id)!) },
          opponent: { players: opponent },
          scenarioPlayers: [...roster, ...opponent],
          iterations: 10_000,
          seed: 'sunday',
        }).winProbability;
      expect(matchup(starters)).toBe(lab.currentWinProbability);
      const best = lab.lineup.flatMap((slot) => (slot.playerId ? [slot.playerId] : []));
      expect(matchup(best)).toBe(lab.winProbability);
      // No suggested swap, made alone, beats the stated best line-up; made in order they reach it exactly.
      let lineup = [...starters];
      for (const swap of lab.swaps) {
        const alone = starters.map((id) => (id === swap.playerOut ? swap.playerIn! : id));
        expect(matchup(alone)).toBeLessThanOrEqual(lab.winProbability);
        lineup = lineup.map((id) => (id === swap.playerOut ? swap.playerIn! : id));
      }
      expect(matchup(lineup)).toBe(lab.winProbability);
      // Players whose game has started keep their slot.
      for (const slot of lab.lineup) {
        if (slot.playerId && byId.get(slot.playerId)?.isLocked) expect(starters).toContain(slot.playerId);
      }
    });
  }

  it('refuses a scenario list that lacks a player of a line-up', () => {
    const { roster, opponent } = sundayRoster(9);
    expect(() =>
      simulateMatchup({
        user: { players: roster.slice(0, 9) },
        opponent: { players: opponent },
        scenarioPlayers: roster,
        seed: 1,
      }),
    ).toThrow(/scenarioPlayers lacks/);
  });
});
