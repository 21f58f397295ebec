import { players, projections } from '@fm/db';
import { eq, inArray } from 'drizzle-orm';
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

interface Suggestion {
  partner_roster_id: number;
  give: string[];
  get: string[];
  you: Side;
  partner: Side;
  reason: string;
}

describe.each(EMBEDDED_DATABASE)('trades of a linked league on %s', (kind) => {
  let env: LeagueTestEnv;
  let me: TestClient;
  let nameOf: (sleeperId: string) => string;
  beforeAll(async () => {
    const league = await startRestOfSeasonLeague(kind, { plantedMeans: PLANTED });
    ({ env, client: me } = league);
    const names = new Map(league.rostered.map((player) => [player.sleeperId, player.name]));
    nameOf = (sleeperId) => names.get(sleeperId)!;
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

    // The planted swap, my bench QB for roster 2's fourth back, is win-win; the best suggestion is worth at least as much to me.
    const planted = await me.post(ANALYZE, {
      partner_roster_id: PARTNER_ROSTER_ID,
      give: ['8183'],
      get: ['12534'],
    });
    expect(planted.body.you.delta_ros_points).toBeGreaterThan(0);
    expect(planted.body.partner.delta_ros_points).toBeGreaterThan(0);
    expect(Math.max(...mine)).toBeGreaterThanOrEqual(planted.body.you.delta_ros_points);

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

  it('offers different ideas: never the same players for me twice, at most two per partner in the first ten, and the first ten of fifty', async () => {
    const answer = (await me.get(`${SUGGESTIONS}?limit=50`)).body as { data: Suggestion[] };
    const ideas = answer.data.map((trade) => [...trade.get].sort().join('+'));
    expect(new Set(ideas).size).toBe(ideas.length);
    const partners = new Set(answer.data.map((trade) => trade.partner_roster_id));
    expect(partners.size).toBeGreaterThanOrEqual(3);
    const firstTen = answer.data.slice(0, 10);
    for (const partner of partners) {
      expect(firstTen.filter((trade) => trade.partner_roster_id === partner).length).toBeLessThanOrEqual(2);
    }
    const ten = (await me.get(`${SUGGESTIONS}?limit=10`)).body as { data: Suggestion[] };
    expect(ten.data).toEqual(firstTen);
  });

  it('says in one sentence why each suggestion helps both teams, naming who starts over whom', async () => {
    const answer = (await me.get(`${SUGGESTIONS}?limit=10`)).body as { data: Suggestion[] };
    for (const trade of answer.data) {
      expect(trade.reason, JSON.stringify(trade)).toMatch(
        /^[^;]+ for you[^;]*; [^;]+ becomes their [^;]+\.$/,
      );
      // Some player I get starts for me, and some player I give starts for them, by name.
      expect(
        trade.get.some((id) => trade.reason.startsWith(nameOf(id))),
        trade.reason,
      ).toBe(true);
      const theirs = trade.reason.split('; ')[1]!;
      expect(
        trade.give.some((id) => theirs.includes(`${nameOf(id)} becomes their`)),
        trade.reason,
      ).toBe(true);
    }
  });

  it('gives the same figures for a suggestion in the finder and in the analyzer', async () => {
    const answer = (await me.get(`${SUGGESTIONS}?limit=10`)).body as { data: Suggestion[] };
    expect(answer.data.length).toBeGreaterThanOrEqual(3);
    for (const trade of answer.data.slice(0, 3)) {
      const check = await me.post(ANALYZE, {
        partner_roster_id: trade.partner_roster_id,
        give: trade.give,
        get: trade.get,
      });
      expect(check.status).toBe(200);
      expect(check.body).toEqual({ you: trade.you, partner: trade.partner, players_without_projection: [] });
    }
  });

  it('refuses an unknown player, a player of another roster and an empty side with 400 naming the field', async () => {
    const refusals = [
      {
        body: { partner_roster_id: PARTNER_ROSTER_ID, give: ['no-such-player'], get: ['12534'] },
        field: 'give',
      },
      {
        body: { partner_roster_id: PARTNER_ROSTER_ID, give: ['8183'], get: ['no-such-player'] },
        field: 'get',
      },
      { body: { partner_roster_id: PARTNER_ROSTER_ID, give: ['8183'], get: ['4046'] }, field: 'get' },
      { body: { partner_roster_id: PARTNER_ROSTER_ID, give: [], get: ['12534'] }, field: 'give' },
      { body: { partner_roster_id: PARTNER_ROSTER_ID, give: ['8183'], get: [] }, field: 'get' },
    ];
    for (const { body, field } of refusals) {
      const response = await me.post(ANALYZE, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.code).toBe('VALIDATION_ERROR');
      expect(response.body.field, JSON.stringify(body)).toBe(field);
      expect(response.body.message).toContain(field);
    }
    const unknown = await me.post(ANALYZE, refusals[0]!.body);
    expect(unknown.body.message).toContain('no-such-player');
  });

  // Last: it takes a projection away from the league.
  it('leaves players without a projection out of suggestions and names them in the analyzer', async () => {
    const { db } = env.server.deps.database;
    const unprojected = ['8183', '12534']; // my bench QB and roster 2's fourth back
    const ids = await db
      .select({ id: players.id })
      .from(players)
      .where(inArray(players.sleeperId, unprojected));
    for (const { id } of ids) await db.delete(projections).where(eq(projections.playerId, id));
    await env.server.deps.dataVersion.bump();

    const answer = (await me.get(`${SUGGESTIONS}?limit=50`)).body as { data: Suggestion[] };
    expect(answer.data.length).toBeGreaterThan(0);
    for (const trade of answer.data) {
      expect([...trade.give, ...trade.get].filter((id) => unprojected.includes(id))).toEqual([]);
    }
    const analysis = await me.post(ANALYZE, {
      partner_roster_id: PARTNER_ROSTER_ID,
      give: ['8183', '3198'],
      get: ['12534'],
    });
    expect(analysis.status).toBe(200);
    expect(analysis.body.players_without_projection).toEqual(['8183', '12534']);
  });
});
