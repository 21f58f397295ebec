import { parseStartingSlots } from '@fm/engine';
import { describe, expect, it } from 'vitest';
import { bestLineupWeeklyPoints, type LineupPlayer } from './best-lineup.js';
import { bestPickup } from './pickup.js';

const player = (id: string, position: string, means: number[]): LineupPlayer => ({
  id,
  position,
  weeks: means.map((mean) => ({ mean, std: mean / 2 })),
});

/** The best line-up by trying every subset of players that the slots can hold (small rosters only). */
function bruteForceBest(players: LineupPlayer[], rosterPositions: string[], w: number): number {
  const slots = parseStartingSlots(rosterPositions);
  let best = 0;
  for (let mask = 0; mask < 1 << players.length; mask++) {
    const chosen = players.filter((_, i) => mask & (1 << i));
    if (chosen.length > slots.length) continue;
    const lineup = bestLineupWeeklyPoints(chosen, slots, [1, 2])[w];
    // a subset is a line-up when every one of its players found a slot
    if (lineup!.starterIds.length !== chosen.filter((p) => p.weeks[w]!.mean > 0).length) continue;
    best = Math.max(
      best,
      chosen.reduce((sum, p) => sum + p.weeks[w]!.mean, 0),
    );
  }
  return best;
}

describe('bestLineupWeeklyPoints', () => {
  it('fills overlapping flex slots for the most points, week by week, and leaves byes out', () => {
    // WR/RB and WR/TE flexes overlap on WR: taking the best first is still optimal (a matroid)
    const rosterPositions = ['QB', 'WR', 'WRRB_FLEX', 'REC_FLEX', 'BN', 'BN'];
    const players = [
      player('qb', 'QB', [20, 0]),
      player('wr1', 'WR', [18, 18]),
      player('wr2', 'WR', [15, 15]),
      player('te', 'TE', [14, 14]),
      player('rb', 'RB', [16, 1]),
      player('qb2', 'QB', [12, 12]),
    ];
    const lineups = bestLineupWeeklyPoints(players, parseStartingSlots(rosterPositions), [5, 6]);
    expect(lineups.map((l) => l.week)).toEqual([5, 6]);
    // week 5: QB 20, WR 18, WR/RB 16 (rb), WR/TE 15 (wr2) — the TE sits
    expect(lineups[0]!.mean).toBe(20 + 18 + 16 + 15);
    expect(lineups[0]!.starterIds.sort()).toEqual(['qb', 'rb', 'wr1', 'wr2']);
    // week 6: the first QB is on a bye, the second starts; wr2 moves to WR/RB so the TE can start
    expect(lineups[1]!.starterIds.sort()).toEqual(['qb2', 'te', 'wr1', 'wr2']);
    expect(lineups[1]!.mean).toBe(12 + 18 + 15 + 14);
    expect(lineups[1]!.std).toBeCloseTo(Math.sqrt([12, 18, 15, 14].reduce((s, m) => s + (m / 2) ** 2, 0)));
    for (const w of [0, 1]) expect(lineups[w]!.mean).toBe(bruteForceBest(players, rosterPositions, w));
  });
});

describe('bestPickup', () => {
  const rosterPositions = ['QB', 'RB', 'WR', 'K', 'BN', 'BN'];
  const slots = parseStartingSlots(rosterPositions);
  const weeks = [1, 2];
  const roster = [
    player('qb', 'QB', [20, 20]),
    player('rb', 'RB', [12, 12]),
    player('wr', 'WR', [11, 11]),
    player('k', 'K', [1, 1]),
    player('rb2', 'RB', [9, 9]),
    player('wr2', 'WR', [3, 3]),
  ];
  const before = bestLineupWeeklyPoints(roster, slots, weeks).reduce((s, l) => s + l.mean, 0);

  it('drops the player whose loss costs the line-ups least, never the only kicker', () => {
    const pickup = bestPickup(roster, player('wr3', 'WR', [15, 15]), slots, weeks, before)!;
    // the new WR starts over wr (11): dropping wr or wr2 costs nothing now; wr2 has fewer points of his own
    expect(pickup.dropId).toBe('wr2');
    expect(pickup.pointsGain).toBe(2 * (15 - 11));
    const kicker = bestPickup(roster, player('rb3', 'RB', [2, 2]), slots, weeks, before)!;
    // the kicker has the fewest points but is the only one who can fill K
    expect(kicker.dropId).not.toBe('k');
    expect(kicker.pointsGain).toBe(0);
  });
});
