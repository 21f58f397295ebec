import { describe, expect, it } from 'vitest';
import {
  type LeagueDigest,
  MAX_DIGEST_LEAGUES,
  leagueDigestText,
  weeklyDigestEvent,
} from './weekly-digest.js';

const NOW = new Date('2025-09-09T13:30:00Z');

function league(name: string, overrides: Partial<LeagueDigest> = {}): LeagueDigest {
  return {
    leagueName: name,
    leaguePath: `/simulate/dakeif/2025/${name}`,
    week: 2,
    matchup: { winProbability: 0.634, opponentName: 'No Romos' },
    freeAgent: { name: 'Rashee Rice', position: 'WR', team: 'KC', deltaPlayoffs: 0.0412 },
    trade: {
      partnerName: 'Bovco Country',
      give: ['Josh Jacobs'],
      get: ['Puka Nacua', 'Tony Pollard'],
      deltaPlayoffs: 0.021,
    },
    injured: [{ name: 'Saquon Barkley', position: 'RB', status: 'Questionable' }],
    ...overrides,
  };
}

describe('the weekly digest as a person reads it', () => {
  it('says the week’s chances, the pickup, the trade and the injuries in one line each', () => {
    expect(leagueDigestText(league('Bowl')).split('\n')).toEqual([
      'Bowl: 63% to win week 2 against No Romos.',
      'Best free agent: Rashee Rice (WR, KC), +4.1 pts playoff chances.',
      'Trade idea with Bovco Country: give Josh Jacobs for Puka Nacua and Tony Pollard (+2.1 pts playoff chances; they gain too).',
      'Injured: Saquon Barkley (RB, Questionable).',
    ]);
  });

  it('says plainly when there is no game, no pickup, no trade and no injury', () => {
    const text = leagueDigestText(
      league('Bowl', { matchup: null, freeAgent: null, trade: null, injured: [] }),
    );
    expect(text.split('\n')).toEqual([
      'Bowl: no game for you in week 2.',
      'No free agent raises your playoff chances.',
      'No trade helps both teams this week.',
      'None of your players has an injury status.',
    ]);
  });

  it('links one league’s page, or the dashboard for several, and writes out at most a push message’s worth', () => {
    const one = weeklyDigestEvent('u1', '2025-09-09', 2025, [league('Bowl')], NOW)!;
    expect(one).toMatchObject({ subject: 'digest:2025-09-09', week: 2, url: '/simulate/dakeif/2025/Bowl' });
    const many = Array.from({ length: MAX_DIGEST_LEAGUES + 2 }, (_, i) => league(`League ${i + 1}`));
    const digest = weeklyDigestEvent('u1', '2025-09-09', 2025, many, NOW)!;
    expect(digest.url).toBe('/dashboard');
    expect(digest.body).toContain(`League ${MAX_DIGEST_LEAGUES}:`);
    expect(digest.body).not.toContain(`League ${MAX_DIGEST_LEAGUES + 1}:`);
    expect(digest.body.endsWith('And 2 more leagues on your dashboard.')).toBe(true);
    // under the 4 KB a push message may carry, with room for the title, the link and the encryption
    expect(Buffer.byteLength(JSON.stringify(digest))).toBeLessThan(3_000);
    expect(weeklyDigestEvent('u1', '2025-09-09', 2025, [], NOW)).toBeNull();
  });
});
