import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeNflScoreboard,
  recordedScoreboard,
  scoreboardAnswer,
  startFakeNflScoreboard,
} from '../../../test/fakes/nfl-scoreboard-server.js';
import { NflScoreboardClient } from './client.js';

describe('NflScoreboardClient against a local scoreboard', () => {
  let scoreboard: FakeNflScoreboard;
  let client: NflScoreboardClient;
  beforeAll(async () => {
    scoreboard = await startFakeNflScoreboard();
    client = new NflScoreboardClient({ baseUrl: `${scoreboard.url}/scoreboard`, sleep: async () => {} });
  });
  afterAll(() => scoreboard.close());

  it('reads the recorded week: states from type.state, clocks into shares of the game, our team codes', async () => {
    scoreboard.setAnswer(recordedScoreboard());
    const games = await client.weekGames(2022, 11);
    expect(scoreboard.requests.at(-1)!.url).toBe('/scoreboard?dates=2022&seasontype=2&week=11');
    expect(games).toHaveLength(14);
    const byHome = new Map(games.map((game) => [game.homeTeam, game]));
    // 11:50 left in the 2nd quarter: 2 quarters + 710 s of 3600 s
    expect(byHome.get('ATL')).toMatchObject({
      state: 'in',
      awayTeam: 'CHI',
      period: 2,
      displayClock: '11:50',
    });
    expect(byHome.get('ATL')!.fractionRemaining).toBeCloseTo((1800 + 710) / 3600, 6);
    // 0:35 left in the 1st
    expect(byHome.get('NE')!.fractionRemaining).toBeCloseTo((2700 + 35) / 3600, 6);
    // scheduled games show period 1 and 15:00: still pre, the whole game to play
    expect(byHome.get('DEN')).toMatchObject({
      state: 'pre',
      fractionRemaining: 1,
      period: null,
      homeScore: null,
    });
    expect(byHome.get('GB')).toMatchObject({ state: 'final', fractionRemaining: 0 });
    // ESPN's WSH is our WAS
    expect(byHome.get('HOU')!.awayTeam).toBe('WAS');
    expect(games.filter((game) => game.state === 'in')).toHaveLength(8);
  });

  it('handles halftime, overtime, postponed and cancelled games', async () => {
    scoreboard.setAnswer(
      scoreboardAnswer([
        {
          home: 'KC',
          away: 'BUF',
          state: 'in',
          period: 2,
          clock: 0,
          name: 'STATUS_HALFTIME',
          description: 'Halftime',
        },
        { home: 'DAL', away: 'NYG', state: 'in', period: 5, clock: 420, name: 'STATUS_IN_PROGRESS' },
        { home: 'MIA', away: 'NE', state: 'pre', name: 'STATUS_POSTPONED', description: 'Postponed' },
        { home: 'CIN', away: 'JAX', state: 'post', name: 'STATUS_CANCELED', description: 'Canceled' },
        { home: 'SEA', away: 'LAR', state: 'in', period: 4, clock: 0, description: 'End of 4th Quarter' },
        {
          home: 'PHI',
          away: 'WSH',
          state: 'in',
          period: 3,
          clock: 300,
          name: 'STATUS_DELAYED',
          description: 'Delayed',
        },
      ]),
    );
    const [half, overtime, postponed, cancelled, endOfFourth, delayed] = await client.weekGames(2025, 3);
    // a weather delay mid-game: still in, 5:00 left in the 3rd
    expect(delayed).toMatchObject({ state: 'in', awayTeam: 'WAS' });
    expect(delayed!.fractionRemaining).toBeCloseTo((900 + 300) / 3600, 6);
    expect(half).toMatchObject({ state: 'in', fractionRemaining: 0.5, description: 'Halftime' });
    expect(overtime!.state).toBe('in');
    expect(overtime!.fractionRemaining).toBeGreaterThan(0);
    expect(overtime!.fractionRemaining).toBeLessThan(0.05);
    expect(postponed).toMatchObject({ state: 'postponed', fractionRemaining: 1 });
    expect(cancelled).toMatchObject({ state: 'cancelled', fractionRemaining: 0 });
    // not over until the scoreboard says final
    expect(endOfFourth!.state).toBe('in');
    expect(endOfFourth!.fractionRemaining).toBeGreaterThan(0);
  });

  it('refuses garbage and oversized answers as invalid, and an outage as an upstream error', async () => {
    scoreboard.setAnswer({ events: [{ id: '1', status: { type: { state: 'sideways' } } }] });
    await expect(client.weekGames(2025, 3)).rejects.toMatchObject({ code: 'UPSTREAM_INVALID' });
    scoreboard.setAnswer(
      scoreboardAnswer(
        Array.from({ length: 41 }, () => ({ home: 'KC', away: 'BUF', state: 'pre' as const })),
      ),
    );
    await expect(client.weekGames(2025, 3)).rejects.toMatchObject({ code: 'UPSTREAM_INVALID' });
    scoreboard.failNext(503, 1);
    await expect(client.weekGames(2025, 3)).rejects.toMatchObject({ code: 'UPSTREAM_ERROR' });
  });
});
