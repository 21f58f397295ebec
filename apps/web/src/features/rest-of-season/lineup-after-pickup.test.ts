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

  it('keeps the starters when the player replaced sat on the bench: the pickup takes his bench place', () => {
    const lineup = lineupAfterPickup(testLeague(), 1, TONEY, POSITIONS);
    expect(lineup.slots.map((slot) => slot.player?.name)).toEqual([
      'Josh Allen',
      'Breece Hall',
      'CeeDee Lamb',
      'Isiah Pacheco',
    ]);
    expect(lineup.bench.map((player) => [player.name, player.isNew])).toEqual([['Kadarius Toney', true]]);
    expect(lineup.dropped?.name).toBe('Jalen Reed');
  });

  it('drops nobody when the roster had an open place', () => {
    const lineup = lineupAfterPickup(testLeague(), 1, { ...TONEY, replaces_player_id: null }, POSITIONS);
    expect(lineup.dropped).toBeNull();
    expect(names(lineup.bench)).toEqual(['Jalen Reed', 'Kadarius Toney']);
  });
});
