import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFSEASON_LEAGUE_ID } from '../../test/fakes/sleeper-server.js';
import { EMBEDDED_DATABASE, type TestClient } from '../../test/harness.js';
import { type LeagueTestEnv, seedDarnoldAndPickens, startLeagueTestEnv } from '../../test/leagues.js';

/** The offseason league (2026) scores 5 per passing TD and 0.5 per reception (+0.5 for TEs). */
const WEEK = 'season=2026&week=1';

interface Row {
  player_name: string;
  pred_mean: number;
  p10: number | null;
  p90: number | null;
  boom_chance: number;
  bust_chance: number;
  scoring: string;
}
interface Page {
  data: Row[];
  scoring: string;
  league: { platform: string; league_id: string; name: string } | null;
}

describe.each(EMBEDDED_DATABASE)(
  'projections in a chosen league’s scoring or the saved one, on %s',
  (kind) => {
    let env: LeagueTestEnv;
    let client: TestClient;

    beforeAll(async () => {
      env = await startLeagueTestEnv(kind);
      await seedDarnoldAndPickens(env.server);
      client = await env.newUser();
      await client.post('/api/leagues/sleeper/connect', { username: 'dakeif' });
    });
    afterAll(() => env?.stop());

    const byName = (page: Page) => Object.fromEntries(page.data.map((row) => [row.player_name, row]));

    it("answers every figure in the league's own scoring, percentiles and boom/bust included, and names the league", async () => {
      const ppr = (await client.get(`/api/projections/all?${WEEK}&scoring=ppr`)).body as Page;
      const response = await client.get(`/api/projections/all?${WEEK}&league=sleeper:${OFFSEASON_LEAGUE_ID}`);
      expect(response.status).toBe(200);
      const league = response.body as Page;
      expect(league.scoring).toBe('league');
      expect(league.league).toMatchObject({ platform: 'sleeper', league_id: OFFSEASON_LEAGUE_ID });
      expect(league.league!.name.length).toBeGreaterThan(0);
      const [inPpr, inLeague] = [byName(ppr), byName(league)];
      // two passing TDs at 5 instead of 4; six catches at 0.5 instead of 1 (the same as a simulation in this league)
      expect(inLeague['Sam Darnold']).toMatchObject({
        pred_mean: 20,
        p10: 11.17,
        p90: 28.94,
        scoring: 'league',
      });
      expect(inLeague['George Pickens']!.pred_mean).toBe(11);
      expect(inLeague['Sam Darnold']!.boom_chance).toBeGreaterThan(inPpr['Sam Darnold']!.boom_chance);
      expect(inLeague['George Pickens']!.bust_chance).toBeGreaterThan(inPpr['George Pickens']!.bust_chance);
      // the public path answers a signed-in caller the same
      const viaPublic = await client.get(
        `/api/projections/public/all?${WEEK}&league=sleeper:${OFFSEASON_LEAGUE_ID}`,
      );
      expect(byName(viaPublic.body as Page)['Sam Darnold']!.pred_mean).toBe(20);
    });

    it('refuses a league that is not one of yours, a visitor, and a malformed league', async () => {
      const foreign = await client.get(`/api/projections/all?${WEEK}&league=sleeper:999999999999`);
      expect(foreign.status).toBe(404);
      expect(foreign.body.code).toBe('LEAGUE_NOT_FOUND');
      const visitor = await env.server
        .client()
        .get(`/api/projections/public/all?${WEEK}&league=sleeper:${OFFSEASON_LEAGUE_ID}`);
      expect(visitor.status).toBe(401);
      const unlinked = await env.newUser();
      expect((await unlinked.get(`/api/projections/all?${WEEK}&league=yahoo:449.l.1`)).status).toBe(403);
      const malformed = await client.get(`/api/projections/all?${WEEK}&league=myspace:1`);
      expect(malformed.status).toBe(400);
      expect(malformed.body.code).toBe('VALIDATION_ERROR');
    });

    it("answers in the caller's saved scoring when the request names none, and in PPR for a visitor", async () => {
      const saver = await env.newUser();
      expect((await saver.get('/api/user/me/scoring')).body).toEqual({ data: { scoring: null } });
      expect((await saver.get(`/api/projections/all?${WEEK}`)).body.scoring).toBe('ppr');

      const saved = await saver.put('/api/user/me/scoring', { scoring: 'std' });
      expect(saved.status).toBe(200);
      expect((await saver.get('/api/user/me/scoring')).body).toEqual({ data: { scoring: 'std' } });
      for (const path of ['/api/projections/all', '/api/projections/public/all']) {
        const page = (await saver.get(`${path}?${WEEK}`)).body as Page;
        expect(page.scoring).toBe('std');
        expect(byName(page)['George Pickens']!.pred_mean).toBe(8); // 14 PPR less six catches
      }
      expect((await saver.get(`/api/projections/all?${WEEK}&scoring=ppr`)).body.scoring).toBe('ppr');
      expect((await env.server.client().get(`/api/projections/public/all?${WEEK}`)).body.scoring).toBe('ppr');
      expect((await saver.put('/api/user/me/scoring', { scoring: 'decimal' })).status).toBe(400);
    });
  },
);
