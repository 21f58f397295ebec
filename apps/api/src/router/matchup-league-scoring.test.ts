import { simulateMatchup, type SimulationPlayer } from '@fm/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeaguePlayerProjection } from '../services/leagues/projections.js';
import { OFFSEASON_LEAGUE_ID } from '../../test/fakes/sleeper-server.js';
import { EMBEDDED_DATABASE, type TestClient } from '../../test/harness.js';
import {
  type LeagueTestEnv,
  seedDarnoldAndPickens,
  seedPlayer,
  startLeagueTestEnv,
} from '../../test/leagues.js';

/** The offseason league (2026) scores 5 per passing TD and 0.5 per reception (+0.5 for TEs). */
const WEEK = { season: 2026, week: 1 };
const DARNOLD = '4943';
const PICKENS = '8137';
const LOVELAND = '12517';
const SEED = 20_251;

describe.each(EMBEDDED_DATABASE)('server simulations in a league’s own scoring, on %s', (kind) => {
  let env: LeagueTestEnv;
  let client: TestClient;
  let projections: Record<string, LeaguePlayerProjection>;

  beforeAll(async () => {
    env = await startLeagueTestEnv(kind);
    await seedDarnoldAndPickens(env.server);
    await seedPlayer(env.server, {
      fullName: 'Colston Loveland',
      position: 'TE',
      team: 'CHI',
      projection: {
        ...WEEK,
        predMean: 9,
        predStd: 4,
        p10: 3,
        p50: 8.5,
        p90: 15,
        stats: { rec: 4, rec_yd: 45 },
      },
    });
    client = await env.newUser();
    await client.post('/api/leagues/sleeper/connect', { username: 'dakeif' });
    // the run the link starts gives the seeded players their Sleeper ids (a league page only reads them)
    await env.server.deps.sleeperIds.current();
    const details = await client.get(`/api/leagues/leagues/sleeper/${OFFSEASON_LEAGUE_ID}/details`);
    projections = details.body.projections;
  });
  afterAll(() => env?.stop());

  const simulate = (options: Record<string, unknown>) =>
    client.post('/api/matchup/simulate', {
      user_team: [DARNOLD, PICKENS],
      opponent_team: [LOVELAND],
      ...WEEK,
      seed: SEED,
      ...options,
    });

  it('scores the projections with the league named by league_id and platform, as the league page shows them', async () => {
    const response = await simulate({ league_id: OFFSEASON_LEAGUE_ID, platform: 'sleeper' });
    expect(response.status).toBe(200);
    expect(response.body.scoring).toBe('league');
    const [darnold, pickens] = response.body.user_team.players;
    expect(darnold.projection).toEqual({ pred_mean: 20, pred_std: 6.67, p10: 11.17, p50: 19.5, p90: 28.94 });
    expect(darnold.projection.pred_mean).toBe(projections[DARNOLD]!.mean);
    expect(pickens.projection.pred_mean).toBe(projections[PICKENS]!.mean);
    expect(response.body.opponent_team.players[0].projection.pred_mean).toBe(projections[LOVELAND]!.mean);

    // The browser preview runs the same engine on the league page's numbers: the figures agree.
    const fromPage = (sleeperId: string, name: string, position: string): SimulationPlayer => {
      const projection = projections[sleeperId]!;
      return {
        id: sleeperId,
        name,
        position,
        team: projection.team,
        opponent: projection.opponent,
        depthRank: projection.depth_rank,
        predMean: projection.mean,
        predStd: projection.std,
        p10: projection.p10,
        p50: projection.p50,
        p90: projection.p90,
      };
    };
    const preview = simulateMatchup({
      user: {
        players: [fromPage(DARNOLD, 'Sam Darnold', 'QB'), fromPage(PICKENS, 'George Pickens', 'WR')],
      },
      opponent: { players: [fromPage(LOVELAND, 'Colston Loveland', 'TE')] },
      iterations: 10_000,
      seed: SEED,
    });
    expect(response.body.win_probability).toBe(preview.winProbability);
    expect(response.body.user_team.mean).toBeCloseTo(preview.user.mean, 9);
    expect(response.body.opponent_team.mean).toBeCloseTo(preview.opponent.mean, 9);
  });

  it('takes the scoring from the request when it is given, and stays in PPR when nothing names a league', async () => {
    const ppr = await simulate({});
    expect(ppr.body.user_team.players[0].projection.pred_mean).toBe(18);
    const explicit = await simulate({
      scoring_settings: { pass_yd: 0.04, pass_td: 5, rec: 0.5, rec_yd: 0.1 },
    });
    expect(explicit.body.user_team.players[0].projection.pred_mean).toBe(20);
    expect([ppr.body.scoring, explicit.body.scoring]).toEqual(['ppr', 'request']);
    const named = await simulate({ league_id: OFFSEASON_LEAGUE_ID, platform: 'sleeper' });
    expect(named.body.win_probability).not.toBe(ppr.body.win_probability);
  });

  it('says which scoring it used: PPR for a league Sleeper does not know; bad scoring is a 400', async () => {
    const unknown = await simulate({ league_id: '42', platform: 'sleeper' });
    expect(unknown.status).toBe(200);
    expect(unknown.body.scoring).toBe('ppr');
    expect(unknown.body.user_team.players[0].projection.pred_mean).toBe(18);
    const bad = await simulate({ scoring_settings: { rec: 'one' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('scoring_settings');
  });
});
