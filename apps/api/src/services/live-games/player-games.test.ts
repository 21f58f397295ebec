import { describe, expect, it } from 'vitest';
import { isEveryGameOver, type PlayerGameFacts, playerGameOf } from './player-games.js';
import { estimateGame, NOMINAL_GAME_MS } from './week-games.js';

const facts = (overrides: Partial<PlayerGameFacts>): PlayerGameFacts => ({
  game: { state: 'in', fractionRemaining: 0.5 },
  hasNoGameInWeek: false,
  byeWeek: null,
  week: 5,
  isWeekComplete: false,
  isEveryGameOver: false,
  injuryStatus: null,
  recordedPoints: 6.5,
  ...overrides,
});

describe('playerGameOf', () => {
  it('takes the state of his team’s game, with his points so far', () => {
    expect(playerGameOf(facts({}))).toEqual({ state: 'in', points: 6.5, fractionRemaining: 0.5 });
    expect(
      playerGameOf(facts({ game: { state: 'pre', fractionRemaining: 1 }, recordedPoints: null })),
    ).toEqual({
      state: 'pre',
      points: 0,
      fractionRemaining: 1,
    });
    expect(playerGameOf(facts({ game: { state: 'final', fractionRemaining: 0 } }))).toEqual({
      state: 'final',
      points: 6.5,
      fractionRemaining: 0,
    });
  });

  it('is final once every game of the week is over, also when his game is unknown (a free agent)', () => {
    const unknownGame = facts({ game: null, recordedPoints: null });
    expect(playerGameOf(unknownGame).state).toBe('pre');
    expect(playerGameOf({ ...unknownGame, isEveryGameOver: true })).toEqual({
      state: 'final',
      points: null,
      fractionRemaining: 0,
    });
    // a postponed game is still to be played; no known games say nothing
    expect(isEveryGameOver([{ state: 'final' }, { state: 'cancelled' }])).toBe(true);
    expect(isEveryGameOver([{ state: 'final' }, { state: 'postponed' }])).toBe(false);
    expect(isEveryGameOver([])).toBe(false);
  });

  it('is on bye when his team has no game (or a cancelled one); a postponed game is still to come', () => {
    expect(playerGameOf(facts({ game: null, hasNoGameInWeek: true })).state).toBe('bye');
    expect(playerGameOf(facts({ game: null, byeWeek: 5 })).state).toBe('bye');
    expect(playerGameOf(facts({ game: null, byeWeek: 9 })).state).toBe('pre');
    expect(playerGameOf(facts({ game: { state: 'cancelled', fractionRemaining: 0 } }))).toMatchObject({
      state: 'bye',
      points: 0,
    });
    expect(
      playerGameOf(facts({ game: { state: 'postponed', fractionRemaining: 1 }, recordedPoints: null })),
    ).toEqual({
      state: 'pre',
      points: 0,
      fractionRemaining: 1,
    });
  });

  it('is out when ruled out, keeping points already scored; a finished week is final for everyone with a game', () => {
    expect(playerGameOf(facts({ injuryStatus: 'IR', recordedPoints: null }))).toEqual({
      state: 'out',
      points: 0,
      fractionRemaining: 0,
    });
    expect(playerGameOf(facts({ injuryStatus: 'Out' }))).toEqual({
      state: 'out',
      points: 6.5,
      fractionRemaining: 0,
    });
    expect(playerGameOf(facts({ injuryStatus: 'Questionable' })).state).toBe('in');
    expect(playerGameOf(facts({ isWeekComplete: true, injuryStatus: 'Out' })).state).toBe('final');
  });

  it('keeps a ruled-out player’s points once his game has kicked off, and none before', () => {
    // ruled out before kickoff (or his game postponed): nothing scored, whatever a stale figure says
    for (const state of ['pre', 'postponed'] as const) {
      expect(
        playerGameOf(
          facts({ game: { state, fractionRemaining: 1 }, injuryStatus: 'Out', recordedPoints: 3 }),
        ),
      ).toEqual({ state: 'out', points: 0, fractionRemaining: 0 });
    }
    // hurt in the 2nd quarter: out at his points so far; once his game is over: final at them, whatever his status
    expect(playerGameOf(facts({ injuryStatus: 'Out', recordedPoints: 7 }))).toEqual({
      state: 'out',
      points: 7,
      fractionRemaining: 0,
    });
    expect(
      playerGameOf(
        facts({ game: { state: 'final', fractionRemaining: 0 }, injuryStatus: 'IR', recordedPoints: 7 }),
      ),
    ).toEqual({ state: 'final', points: 7, fractionRemaining: 0 });
  });
});

describe('estimateGame (no scoreboard)', () => {
  const kickoff = Date.parse('2025-10-05T17:00:00Z');
  const game = {
    season: 2025,
    week: 5,
    homeTeam: 'KC',
    awayTeam: 'JAX',
    isVenueKnown: true,
    kickoffAt: new Date(kickoff).toISOString(),
  };
  it('is pre before kickoff, in for a nominal game length with the share left falling, then final', () => {
    expect(estimateGame(game, kickoff - 1, false)).toMatchObject({ state: 'pre', fraction_remaining: 1 });
    const half = estimateGame(game, kickoff + NOMINAL_GAME_MS / 2, false);
    expect(half).toMatchObject({ state: 'in', clock_source: 'estimated' });
    expect(half.fraction_remaining).toBeCloseTo(0.5, 6);
    expect(estimateGame(game, kickoff + NOMINAL_GAME_MS, false)).toMatchObject({
      state: 'final',
      fraction_remaining: 0,
    });
    expect(estimateGame({ ...game, kickoffAt: null }, kickoff, false).state).toBe('pre');
    expect(estimateGame({ ...game, kickoffAt: null }, kickoff, true).state).toBe('final');
  });
});
