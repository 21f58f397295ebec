import { describe, expect, it } from 'vitest';
import { lineupAfterPickup } from './lineup-after-pickup';
import { TONEY, testLeague, WARREN } from './ros-test-league';

const POSITIONS = ['QB', 'RB', 'WR', 'FLEX'];
const names = (players: { name: string }[]) => players.map((player) => player.name);

describe('the line-up after a pickup', () => {
  it('puts a free agent who replaces a starter in that starter’s slot and drops the starter', () => {
    const lineup = lineupAfterPickup(testLeague(), 1, WARREN, POSITIONS);
    expect(lineup.slots.map((slot) => [slot.label, slot.player?.name, slot.player?.isNew])).toEqual([
      ['QB', 'Josh Allen', false],
      ['RB', 'Breece Hall', false],
      ['WR', 'CeeDee Lamb', false],
      ['FLEX', 'Jaylen Warren', true],
    ]);
    expect(names(lineup.bench)).toEqual(['Jalen Reed']);
    expect(lineup.dropped?.name).toBe('Isiah Pacheco');
  });

  it('keeps the starters when the player replaced sat and the pickup leaves this week’s line-up as it is', () => {
    const lineup = lineupAfterPickup(testLeague(), 1, TONEY, POSITIONS);
    expect(lineup.slots.map((slot) => slot.player?.name)).toEqual([
      'Josh Allen',
      'Breece Hall',
      'CeeDee Lamb',
      'Isiah Pacheco',
    ]);
    expect(lineup.bench.map((player) => [player.name, player.isNew])).toEqual([['Kadarius Toney', true]]);
    expect(lineup.dropped?.name).toBe('Jalen Reed');
    expect(lineup.benched).toBeNull();
  });

  it('starts a pickup who changes this week’s line-up in place of the weakest starter whose place he can take', () => {
    const projections = Object.fromEntries(
      Object.entries({ qb1: 20, rb1: 15, wr1: 18, rb2: 6, wr2: 9 }).map(([id, mean]) => [
        id,
        {
          mean,
          std: 5,
          p10: null,
          p50: null,
          p90: null,
          team: 'X',
          opponent: 'Y',
          source: 'model',
          is_league_scored: true,
          depth_rank: 1,
        },
      ]),
    );
    const starter = { ...TONEY, injury_status: null, bye_week: 9, delta_win_probability: 0.02 };
    const lineup = lineupAfterPickup(testLeague({ projections }), 1, starter, POSITIONS);
    expect(lineup.slots.map((slot) => [slot.label, slot.player?.name])).toEqual([
      ['QB', 'Josh Allen'],
      ['RB', 'Breece Hall'],
      ['WR', 'CeeDee Lamb'],
      ['FLEX', 'Kadarius Toney'],
    ]);
    expect(lineup.benched?.name).toBe('Isiah Pacheco');
    expect(names(lineup.bench)).toEqual(['Isiah Pacheco']);
    expect(lineup.dropped?.name).toBe('Jalen Reed');
  });

  it('drops nobody when the roster had an open place', () => {
    const lineup = lineupAfterPickup(testLeague(), 1, { ...TONEY, replaces_player_id: null }, POSITIONS);
    expect(lineup.dropped).toBeNull();
    expect(names(lineup.bench)).toEqual(['Jalen Reed', 'Kadarius Toney']);
  });
});
