import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDED_DATABASE, type TestClient } from '../../test/harness.js';
import type { LeagueTestEnv } from '../../test/leagues.js';
import {
  ROS_LEAGUE,
  ROS_MY_ROSTER_ID,
  ROS_TEAM_COUNT,
  ROS_WEEK,
  startRestOfSeasonLeague,
} from '../../test/rest-of-season-league.js';

const ANALYZE = `${ROS_LEAGUE}/trades/analyze`;
const SUGGESTIONS = `${ROS_LEAGUE}/trades/suggestions`;
const WEEK = ROS_WEEK;
const MY_ROSTER_ID = ROS_MY_ROSTER_ID;
const PARTNER_ROSTER_ID = 2;

/**
 * This week's projections of two teams of the twelve (the rest of the season follows from them). Roster 1 (mine)
 * is deep at QB and thin at RB; roster 2 the reverse, with weak receivers so its flex is a back: sending my bench
 * QB for its fourth back helps both.
 */
const PLANTED: Record<string, number> = {
  '11563': 24, // Bo Nix, my QB1
  '8183': 22, // Brock Purdy, my QB2 (bench)
  '3198': 6,
  '5850': 5, // my only two backs
  '4881': 10, // Lamar Jackson, roster 2's only QB
  '9221': 20,
  '9224': 19,
  '12474': 18,
  '12534': 17, // roster 2's fourth back (bench)
  '7594': 16,
  '11638': 8,
  '12514': 8,
  '12535': 8,
  '6801': 8,
  '8137': 8,
  '9756': 8,
};

interface Side {
  roster_id: number;
  delta_playoff_probability: number;
  delta_ros_points: number;
  delta_win_probability_next_week: number;
}

describe.each(EMBEDDED_DATABASE)('trades of a linked league on %s', (kind) => {
  let env: LeagueTestEnv;
  let me: TestClient;
  beforeAll(async () => {
    ({ env, client: me } = await startRestOfSeasonLeague(kind, { plantedMeans: PLANTED }));
  }, 120_000);
  afterAll(() => env?.stop());

  it('a lopsided trade hurts the giver and helps the partner, in points, playoff odds and this week’s game', async () => {
    // Both my QBs for a receiver who would not start for me.
    const response = await me.post(ANALYZE, {
      partner_roster_id: PARTNER_ROSTER_ID,
      give: ['11563', '8183'],
      get: ['8137'],
    });
    expect(response.status).toBe(200);
    const { you, partner } = response.body as { you: Side; partner: Side };
    expect(you.roster_id).toBe(MY_ROSTER_ID);
    expect(partner.roster_id).toBe(PARTNER_ROSTER_ID);
    expect(you.delta_ros_points).toBeLessThan(0);
    expect(partner.delta_ros_points).toBeGreaterThan(0);
    expect(you.delta_playoff_probability).toBeLessThan(0);
    expect(partner.delta_playoff_probability).toBeGreaterThan(0);
    // I play roster 3 this week with no QB; roster 2 plays with a better one.
    expect(you.delta_win_probability_next_week).toBeLessThan(0);
    expect(partner.delta_win_probability_next_week).toBeGreaterThan(0);
  });

  it('refuses a player from the wrong roster, my own roster as partner and an unknown roster with 400', async () => {
    const refusals = [
      { partner_roster_id: PARTNER_ROSTER_ID, give: ['9221'], get: ['12534'] }, // give: roster 2's back
      { partner_roster_id: PARTNER_ROSTER_ID, give: ['8183'], get: ['4046'] }, // get: roster 3's QB
      { partner_roster_id: MY_ROSTER_ID, give: ['8183'], get: ['3198'] },
      { partner_roster_id: 99, give: ['8183'], get: ['9221'] },
      { partner_roster_id: PARTNER_ROSTER_ID, give: [], get: [] },
    ];
    for (const body of refusals) {
      const response = await me.post(ANALYZE, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.code).toBe('VALIDATION_ERROR');
      expect(response.body.message).toEqual(expect.any(String));
    }
    const wrong = await me.post(ANALYZE, {
      partner_roster_id: PARTNER_ROSTER_ID,
      give: ['8183'],
      get: ['4046'],
    });
    expect(wrong.body.message).toContain('4046');
  });

  it('suggests only win-win trades, best for me first, each agreeing with the analyzer', async () => {
    const response = await me.get(`${SUGGESTIONS}?limit=5`);
    expect(response.status).toBe(200);
    const answer = response.body as {
      data: { partner_roster_id: number; give: string[]; get: string[]; you: Side; partner: Side }[];
      trades_considered: number;
      simulations: number;
      week: number;
    };
    expect(answer.week).toBe(WEEK);
    // 11 partners × (16 × 16 + 120 × 16 + 16 × 120) swaps for 16-player rosters; fewer with smaller ones.
    expect(answer.trades_considered).toBeGreaterThan((ROS_TEAM_COUNT - 1) * 2000);
    expect(answer.data.length).toBe(5);
    expect(answer.simulations).toBeGreaterThan(5);
    for (const trade of answer.data) {
      expect(trade.you.delta_ros_points).toBeGreaterThan(0);
      expect(trade.partner.delta_ros_points).toBeGreaterThan(0);
      expect(trade.partner.roster_id).toBe(trade.partner_roster_id);
      expect(trade.partner_roster_id).not.toBe(MY_ROSTER_ID);
    }
    const mine = answer.data.map((trade) => trade.you.delta_ros_points);
    expect(mine).toEqual([...mine].sort((a, b) => b - a));

    // The planted swap, my bench QB for roster 2's fourth back, is win-win; the best suggestion is worth at least as much to me.
    const planted = await me.post(ANALYZE, {
      partner_roster_id: PARTNER_ROSTER_ID,
      give: ['8183'],
      get: ['12534'],
    });
    expect(planted.body.you.delta_ros_points).toBeGreaterThan(0);
    expect(planted.body.partner.delta_ros_points).toBeGreaterThan(0);
    expect(mine[0]).toBeGreaterThanOrEqual(planted.body.you.delta_ros_points);

    const best = answer.data[0]!;
    const check = await me.post(ANALYZE, {
      partner_roster_id: best.partner_roster_id,
      give: best.give,
      get: best.get,
    });
    expect(check.body.you.delta_ros_points).toBeCloseTo(best.you.delta_ros_points, 6);
    expect(check.body.partner.delta_ros_points).toBeCloseTo(best.partner.delta_ros_points, 6);

    const again = await me.get(`${SUGGESTIONS}?limit=5`);
    expect(again.body).toEqual(answer);
  });

  it('answers trades only for leagues of my linked accounts, documents both paths, and refuses a bad limit with 400', async () => {
    const stranger = await env.newUser();
    expect((await stranger.get(SUGGESTIONS)).status).toBe(403);
    expect(
      (await stranger.post(ANALYZE, { partner_roster_id: 2, give: ['8183'], get: ['12534'] })).status,
    ).toBe(403);
    const document = (await me.get('/api/openapi.json')).body;
    expect(document.paths['/leagues/leagues/{platform}/{leagueId}/trades/analyze']).toHaveProperty('post');
    expect(document.paths['/leagues/leagues/{platform}/{leagueId}/trades/suggestions']).toHaveProperty('get');
    const badLimit = await me.get(`${SUGGESTIONS}?limit=0`);
    expect(badLimit.status).toBe(400);
    expect(badLimit.body.code).toBe('VALIDATION_ERROR');
  });
});
