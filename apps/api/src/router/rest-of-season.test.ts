import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDED_DATABASE, type TestClient } from '../../test/harness.js';
import type { LeagueTestEnv } from '../../test/leagues.js';
import {
  ROS_LEAGUE,
  ROS_MY_ROSTER_ID,
  ROS_SEASON,
  ROS_TEAM_COUNT,
  ROS_WEEK,
  type SeededPlayer,
  STAR_BYE_WEEK,
  startRestOfSeasonLeague,
} from '../../test/rest-of-season-league.js';

type Json = Record<string, any>;

const STARTED = ['QB', 'RB', 'WR', 'TE', 'K', 'DEF'];
const LEAGUE = ROS_LEAGUE;

describe.each(EMBEDDED_DATABASE)('rest of season: free agents and playoff leverage on %s', (kind) => {
  let env: LeagueTestEnv;
  let client: TestClient;
  let details: Json;
  let free: SeededPlayer[];

  beforeAll(async () => {
    ({ env, client, free } = await startRestOfSeasonLeague(kind));
    details = (await client.get(`${LEAGUE}/details`)).body;
    expect(details.rosters).toHaveLength(ROS_TEAM_COUNT);
  }, 60_000);
  afterAll(() => env?.stop());

  const everyRosteredId = () =>
    new Set<string>(
      details.rosters.flatMap((roster: Json) =>
        [...roster.players.starters, ...roster.players.bench, ...roster.players.reserve].map(
          (player: Json) => player.player_id,
        ),
      ),
    );

  it('lists players on no roster, at started positions, best first, each replacing one of my players', async () => {
    expect(details.my_roster_id).toBe(ROS_MY_ROSTER_ID);
    expect(details.is_week_complete).toBe(false);
    const started = Date.now();
    const response = await client.get(`${LEAGUE}/free-agents`);
    const elapsedMs = Date.now() - started;
    expect(response.status).toBe(200);
    const answer = response.body;
    expect(answer.week).toBe(ROS_WEEK);
    expect(answer.season).toBe(String(ROS_SEASON));
    // the league's playoffs start in week 15: weeks 1–14 are left
    expect(answer.ros_weeks).toEqual(Array.from({ length: 14 }, (_, i) => i + 1));
    expect(answer.simulations).toBeGreaterThan(1);
    expect(elapsedMs).toBeLessThan(10_000);

    const data = answer.data as Json[];
    expect(data.length).toBeGreaterThan(10);
    const rosteredIds = everyRosteredId();
    const mine = details.rosters.find((roster: Json) => roster.roster_id === ROS_MY_ROSTER_ID);
    const myIds = new Set([...mine.players.starters, ...mine.players.bench].map((p: Json) => p.player_id));
    const freeIds = new Set(free.map((player) => player.sleeperId));
    for (const agent of data) {
      expect(rosteredIds.has(agent.player_id)).toBe(false);
      expect(STARTED).toContain(agent.position);
      if (!agent.has_projection) continue;
      expect(freeIds.has(agent.player_id)).toBe(true);
      expect(myIds.has(agent.replaces_player_id)).toBe(true);
      expect(agent.ros_points_over_replacement).toBeGreaterThanOrEqual(0);
      expect(agent.lineup_after).not.toContain(agent.replaces_player_id);
    }
    for (let i = 1; i < data.length; i++) {
      const [before, after] = [data[i - 1]!, data[i]!];
      if (before.has_projection !== after.has_projection) continue;
      expect(before.delta_playoff_probability).toBeGreaterThanOrEqual(after.delta_playoff_probability);
      if (before.delta_playoff_probability === after.delta_playoff_probability) {
        expect(before.delta_win_probability).toBeGreaterThanOrEqual(after.delta_win_probability);
      }
    }

    // the star starts every week but his bye: he raises my line-ups most, and my odds with them
    const star = free[0]!;
    expect(data[0]).toMatchObject({ player_id: star.sleeperId, position: 'WR', bye_week: STAR_BYE_WEEK });
    expect(data[0]!.ros_points_over_replacement).toBeGreaterThan(100);
    expect(data[0]!.delta_playoff_probability).toBeGreaterThan(0);
    expect(data[0]!.delta_win_probability).toBeGreaterThan(0);
    expect(data[0]!.lineup_after).toContain(star.sleeperId);
    const hurt = data.find((agent) => agent.player_id === free[1]!.sleeperId);
    expect(hurt?.injury_status).toBe('IR');
  });

  it('filters by a started position and refuses one the league does not start', async () => {
    const receivers = await client.get(`${LEAGUE}/free-agents?position=wr&limit=3`);
    expect(receivers.status).toBe(200);
    expect(receivers.body.data).toHaveLength(3);
    expect(receivers.body.data.every((agent: Json) => agent.position === 'WR')).toBe(true);

    for (const position of ['DT', 'LB', 'XX']) {
      const refused = await client.get(`${LEAGUE}/free-agents?position=${position}`);
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('VALIDATION_ERROR');
    }
  });

  it('refuses leagues that are not the caller’s as the league page does', async () => {
    const stranger = await env.newUser();
    for (const path of ['free-agents', 'playoff-leverage']) {
      const refused = await stranger.get(`${LEAGUE}/${path}`);
      const page = await stranger.get(`${LEAGUE}/details`);
      expect(refused.status).toBe(page.status);
      expect(refused.status).toBeGreaterThanOrEqual(403);
      expect(refused.body.code).toBe(page.body.code);

      const other = `/api/leagues/leagues/sleeper/999999999`;
      const unknown = await client.get(`${other}/${path}`);
      const unknownPage = await client.get(`${other}/details`);
      expect(unknown.status).toBe(unknownPage.status);
      expect(unknown.body.code).toBe(unknownPage.body.code);
    }
    const signedOut = await env.server.client().get(`${LEAGUE}/free-agents`);
    expect(signedOut.status).toBe(401);
    expect(signedOut.body.code).toBe('UNAUTHENTICATED');
  });

  it('gives every team its playoff odds if it wins and if it loses this week, a win never below a loss', async () => {
    const response = await client.get(`${LEAGUE}/playoff-leverage`);
    expect(response.status).toBe(200);
    const { data, week, simulations } = response.body;
    expect(week).toBe(ROS_WEEK);
    // six matchups, each run with either result
    expect(simulations).toBe(12);
    expect(data.map((row: Json) => row.roster_id).sort((a: number, b: number) => a - b)).toEqual(
      details.rosters.map((roster: Json) => roster.roster_id).sort((a: number, b: number) => a - b),
    );
    for (const row of data as Json[]) {
      expect(row.p_playoffs_if_win).toBeGreaterThanOrEqual(row.p_playoffs_if_loss);
      expect(row.leverage).toBeCloseTo(row.p_playoffs_if_win - row.p_playoffs_if_loss, 12);
      expect(row.p_playoffs_if_win).toBeLessThanOrEqual(1);
      expect(row.p_playoffs_if_loss).toBeGreaterThanOrEqual(0);
    }
    expect(data.some((row: Json) => row.leverage > 0.01)).toBe(true);
  });

  it('answers a week after the regular season with nothing left to change: no leverage, no gains', async () => {
    const leverage = await client.get(`${LEAGUE}/playoff-leverage?week=17`);
    expect(leverage.status).toBe(200);
    expect(leverage.body.data).toHaveLength(ROS_TEAM_COUNT);
    for (const row of leverage.body.data as Json[]) {
      expect(row.leverage).toBe(0);
      expect(row.p_playoffs_if_win).toBe(row.p_playoffs_if_loss);
    }
    const agents = await client.get(`${LEAGUE}/free-agents?week=17`);
    expect(agents.status).toBe(200);
    expect(agents.body.ros_weeks).toEqual([]);
    for (const agent of agents.body.data as Json[]) {
      expect(agent.ros_points_over_replacement).toBe(0);
      expect(agent.delta_playoff_probability).toBe(0);
    }
  });

  it('documents both paths in the OpenAPI document', async () => {
    const document = (await client.get('/api/openapi.json')).body;
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/leagues/leagues/{platform}/{leagueId}/free-agents',
        '/leagues/leagues/{platform}/{leagueId}/playoff-leverage',
      ]),
    );
  });
});
