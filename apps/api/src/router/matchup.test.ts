import { simulateMatchup } from '@fm/engine';
import { analyticsEvents, simulations } from '@fm/db';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient, STRONG_PASSWORD } from '../../test/accounts.js';
import { EMBEDDED_DATABASE, startTestServer, type TestClient, type TestServer } from '../../test/harness.js';
import {
  BENCH,
  countSimulations,
  EARLIER_WEEK,
  insertMatchupSlate,
  LATEST_WEEK,
  OPPONENT_STARTERS,
  SEASON,
  USER_STARTERS,
} from '../../test/matchup-fixtures.js';
import { engineInputFromAnswer } from '../../test/matchup-replay.js';

const MEMBER = { email: 'matchup-member@example.com', password: STRONG_PASSWORD };
const sleeperIds = (list: { sleeperId: string }[]) => list.map((p) => p.sleeperId);
/** The parts of an answer that depend on the simulation only (not on when or how fast it ran). */
const numbersOf = ({ simulation_id: _id, duration_ms: _ms, ...rest }: Record<string, unknown>) => rest;

describe.each(EMBEDDED_DATABASE)('matchup simulation API on %s', (kind) => {
  let server: TestServer;
  let member: TestClient;
  let ids: Record<string, number>;

  beforeAll(async () => {
    server = await startTestServer(kind, { ADMIN_EMAIL: MEMBER.email, ADMIN_PASSWORD: MEMBER.password });
    ids = await insertMatchupSlate(server.deps);
    member = await signedInClient(server, MEMBER.email, MEMBER.password);
  });
  afterAll(async () => {
    await server?.stop();
  });

  const simulate = (body: unknown) => member.post('/api/matchup/simulate', body);

  it('simulates two { starters } line-ups of Sleeper ids on the latest week, 10,000 iterations', async () => {
    const response = await simulate({
      user_team: { name: 'Touchdown Makers', roster_id: 3, starters: sleeperIds(USER_STARTERS) },
      opponent_team: { name: 'Blitz', roster_id: 7, starters: sleeperIds(OPPONENT_STARTERS) },
      league_id: '998877',
    });
    expect(response.status).toBe(200);
    const answer = response.body;
    expect(answer).toMatchObject({
      iterations: 10_000,
      season: SEASON,
      week: LATEST_WEEK,
      league_id: '998877',
      kind: 'simulate',
    });
    expect(answer.user_team).toMatchObject({ name: 'Touchdown Makers', roster_id: '3' });
    expect(answer.win_probability).toBeGreaterThan(0);
    expect(answer.win_probability).toBeLessThan(1);
    expect(answer.predicted_score_difference).toBeCloseTo(
      answer.user_team.mean - answer.opponent_team.mean,
      6,
    );
    for (const team of [answer.user_team, answer.opponent_team, answer.difference]) {
      const { p10, p25, median, p75, p90, histogram } = team;
      expect([p10, p25, median, p75, p90]).toEqual([p10, p25, median, p75, p90].sort((a, b) => a - b));
      expect(histogram.counts.reduce((a: number, b: number) => a + b, 0)).toBe(10_000);
      expect(histogram.bin_edges).toHaveLength(histogram.counts.length + 1);
    }
    // The model's week-11 projection is used over NFL.com's, and echoed with the id as sent.
    const mahomes = answer.user_team.players[0];
    expect(mahomes).toMatchObject({
      player_id: '4046',
      id: ids.mahomes,
      sleeper_id: '4046',
      name: 'Patrick Mahomes',
      source: 'model',
      status: 'projected',
      is_baseline: false,
      opponent: '@LV',
    });
    expect(mahomes.projection.pred_mean).toBe(21.5);
    expect(mahomes.boom_probability).toBeGreaterThan(0);
    expect(mahomes.bust_probability).toBeGreaterThan(0);
    // A defense without a projection is simulated from the positional baseline, and flagged.
    const defense = answer.user_team.players[4];
    expect(defense).toMatchObject({
      player_id: 'LV',
      status: 'baseline',
      is_baseline: true,
      projection: null,
      source: null,
    });
    expect(answer.baseline_players).toEqual(['LV']);
    // Swing shares of all starters add up to the whole margin variance.
    const shares = [...answer.user_team.players, ...answer.opponent_team.players].map((p) => p.swing_share);
    expect(shares.reduce((a: number, b: number) => a + b, 0)).toBeCloseTo(1, 6);
  });

  it('takes bare arrays of the app’s ids and gives the same numbers as Sleeper ids for the same seed', async () => {
    const bySleeper = await simulate({
      user_team: sleeperIds(USER_STARTERS),
      opponent_team: sleeperIds(OPPONENT_STARTERS),
      seed: 77,
    });
    const byAppId = await simulate({
      user_team: USER_STARTERS.map((p) => ids[p.key]!),
      opponent_team: OPPONENT_STARTERS.map((p) => String(ids[p.key]!)),
      seed: 77,
    });
    expect(byAppId.status).toBe(200);
    expect(byAppId.body.user_team.players.map((p: { id: number }) => p.id)).toEqual(
      USER_STARTERS.map((p) => ids[p.key]),
    );
    expect(byAppId.body.user_team.players[0].player_id).toBe(String(ids.mahomes));
    const strip = (answer: any) => ({
      ...numbersOf(answer),
      baseline_players: null,
      user_team: {
        ...answer.user_team,
        players: answer.user_team.players.map(({ player_id: _, ...p }: any) => p),
      },
      opponent_team: {
        ...answer.opponent_team,
        players: answer.opponent_team.players.map(({ player_id: _, ...p }: any) => p),
      },
    });
    expect(strip(byAppId.body)).toEqual(strip(bySleeper.body));
  });

  it('answers the same numbers for the same seed, different ones for another seed, and equals the engine run directly', async () => {
    const body = {
      user_team: { starters: sleeperIds(USER_STARTERS) },
      opponent_team: sleeperIds(OPPONENT_STARTERS),
      seed: 'week-11',
      iterations: 20_000,
    };
    const [first, second, other] = await Promise.all([
      simulate(body),
      simulate(body),
      simulate({ ...body, seed: 'week-12' }),
    ]);
    expect(numbersOf(first.body)).toEqual(numbersOf(second.body));
    expect(first.body.seed).toBe('week-11');
    expect(other.body.win_probability).not.toBe(first.body.win_probability);
    const direct = simulateMatchup(engineInputFromAnswer(first.body));
    expect(first.body.win_probability).toBe(direct.winProbability);
    expect(first.body.predicted_score_difference).toBe(direct.predictedScoreDifference);
    expect(first.body.user_team.histogram.counts).toEqual(direct.user.histogram.counts);
    expect(first.body.opponent_team.p90).toBe(direct.opponent.p90);
  });

  it('uses the week and season asked for, and fixes the score of a player whose game is over', async () => {
    const response = await simulate({
      user_team: {
        starters: [{ player_id: '4046', actual_points: 31.4 }, ...sleeperIds(USER_STARTERS.slice(1))],
      },
      opponent_team: {
        starters: [...sleeperIds(OPPONENT_STARTERS.slice(0, 4)), { sleeper_id: '1945', is_out: true }],
      },
      week: EARLIER_WEEK,
      season: SEASON,
      seed: 5,
    });
    expect(response.status).toBe(200);
    expect(response.body.week).toBe(EARLIER_WEEK);
    const [mahomes, mccaffrey] = response.body.user_team.players;
    expect(mahomes).toMatchObject({ status: 'final', actual_points: 31.4 });
    expect(mahomes.simulated_mean).toBeCloseTo(31.4, 9);
    expect(mahomes.distribution).toMatchObject({ mean: 31.4, std: 0 });
    expect(mccaffrey).toMatchObject({ source: 'nflcom' });
    expect(mccaffrey.projection.pred_mean).toBe(USER_STARTERS[1]!.mean! + 2);
    expect(response.body.opponent_team.players[4]).toMatchObject({ status: 'out', simulated_mean: 0 });
  });

  it('records each run in simulations with the user, league, iterations, duration and result', async () => {
    const before = await countSimulations(server.deps);
    const response = await simulate({
      user_team: sleeperIds(USER_STARTERS),
      opponent_team: sleeperIds(OPPONENT_STARTERS),
      league_id: 'L-42',
      platform: 'sleeper',
      iterations: 5_000,
    });
    expect(await countSimulations(server.deps)).toBe(before + 1);
    const [row] = await server.deps.database.db
      .select()
      .from(simulations)
      .orderBy(desc(simulations.createdAt))
      .limit(1);
    const me = await member.get('/api/auth/me');
    expect(row).toMatchObject({
      id: response.body.simulation_id,
      userId: me.body.data.id,
      kind: 'matchup',
      platform: 'sleeper',
      leagueId: 'L-42',
      iterations: 5_000,
      winProbability: response.body.win_probability,
      predictedScoreDifference: response.body.predicted_score_difference,
    });
    expect(row!.durationMs).toBeGreaterThan(0);
    expect(row!.summary).toMatchObject({
      season: SEASON,
      week: LATEST_WEEK,
      baselinePlayers: 1,
      user: { starters: 5 },
    });
    // …and the product event for the analytics pages, for this user.
    await server.deps.monitoring.flush();
    const events = await server.deps.database.db
      .select()
      .from(analyticsEvents)
      .where(and(eq(analyticsEvents.type, 'simulation.run'), eq(analyticsEvents.userId, me.body.data.id)));
    expect(events.length).toBeGreaterThan(0);
  });

  it('refuses unknown ids, empty line-ups, repeated players and iterations out of range with 400 VALIDATION_ERROR', async () => {
    const before = await countSimulations(server.deps);
    const cases: [unknown, RegExp][] = [
      [
        { user_team: ['4046', '123456', 'nope'], opponent_team: sleeperIds(OPPONENT_STARTERS) },
        /^Unknown player ids: 123456, nope$/,
      ],
      [
        { user_team: { starters: [] }, opponent_team: sleeperIds(OPPONENT_STARTERS) },
        /^user_team\.starters: needs at least one starter$/,
      ],
      [
        { user_team: [], opponent_team: sleeperIds(OPPONENT_STARTERS) },
        /^user_team\.starters: needs at least one starter$/,
      ],
      [
        { user_team: sleeperIds(USER_STARTERS) },
        /^opponent_team: must be a list of player ids or \{ starters: \[player ids\] \}$/,
      ],
      [
        {
          user_team: sleeperIds(USER_STARTERS),
          opponent_team: sleeperIds(OPPONENT_STARTERS),
          iterations: 999,
        },
        /^iterations: must be at least 1,000$/,
      ],
      [
        {
          user_team: sleeperIds(USER_STARTERS),
          opponent_team: sleeperIds(OPPONENT_STARTERS),
          iterations: 1_000_001,
        },
        /^iterations: must be at most 1,000,000$/,
      ],
      [
        {
          user_team: sleeperIds(USER_STARTERS),
          opponent_team: sleeperIds(OPPONENT_STARTERS),
          iterations: 1500.5,
        },
        /^iterations: must be a whole number/,
      ],
      [
        {
          user_team: sleeperIds(USER_STARTERS),
          opponent_team: [...sleeperIds(OPPONENT_STARTERS), String(ids.mahomes)],
        },
        /^Patrick Mahomes \(player \d+\) is listed in both line-ups$/,
      ],
      [
        { user_team: ['4046', '4046'], opponent_team: sleeperIds(OPPONENT_STARTERS) },
        /is listed twice in user_team$/,
      ],
    ];
    for (const [body, message] of cases) {
      const response = await simulate(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.code).toBe('VALIDATION_ERROR');
      expect(response.body.message).toMatch(message);
    }
    expect(await countSimulations(server.deps)).toBe(before);
  });

  it('asks for a session', async () => {
    const visitor = server.client();
    const response = await visitor.post('/api/matchup/simulate', {
      user_team: ['4046'],
      opponent_team: ['4984'],
    });
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('UNAUTHENTICATED');
  });

  it('analyzes { userTeam, opponentTeam }: the simulation plus verdict, key players and positional edges', async () => {
    const starters = [...sleeperIds(USER_STARTERS.slice(0, 3)), BENCH[0]!.sleeperId];
    const response = await member.post('/api/matchup/analyze', {
      userTeam: { starters },
      opponentTeam: sleeperIds(OPPONENT_STARTERS),
      seed: 11,
    });
    expect(response.status).toBe(200);
    const { analysis, win_probability, user_team } = response.body;
    expect(response.body.kind).toBe('analyze');
    expect(user_team.players.map((p: { name: string }) => p.name)).toContain('Xavier Worthy');
    const expectedVerdict =
      win_probability >= 0.7
        ? 'strong favorite'
        : win_probability >= 0.55
          ? 'favorite'
          : win_probability >= 0.45
            ? 'toss-up'
            : win_probability >= 0.3
              ? 'underdog'
              : 'strong underdog';
    expect(analysis.verdict).toBe(expectedVerdict);
    expect(analysis.key_players).toHaveLength(5);
    const swings = analysis.key_players.map((p: { swing_share: number }) => Math.abs(p.swing_share));
    expect(swings).toEqual([...swings].sort((a, b) => b - a));
    const wr = analysis.position_edges.find((edge: { position: string }) => edge.position === 'WR');
    expect(wr.edge).toBeCloseTo(wr.user_points - wr.opponent_points, 9);
    expect(analysis.user_range.upside).toBeCloseTo(user_team.p90 - user_team.median, 9);
    await server.deps.simulationRecords.flush();
    const [row] = await server.deps.database.db
      .select()
      .from(simulations)
      .orderBy(desc(simulations.createdAt))
      .limit(1);
    expect(row).toMatchObject({ id: response.body.simulation_id, kind: 'matchup-analysis' });
  });

  it('answers /api and /trpc alike: the same numbers for a seed, the same refusals', async () => {
    const body = {
      user_team: { name: 'Same', roster_id: 1, starters: sleeperIds(USER_STARTERS) },
      opponent_team: sleeperIds(OPPONENT_STARTERS),
      seed: 77,
      iterations: 2_000,
    };
    const viaTrpc = async (procedure: string, input: unknown) => {
      const response = await member.post(`/trpc/matchup.${procedure}`, input);
      return { status: response.status, body: response.body.result?.data ?? response.body.error };
    };
    const comparable = ({ simulation_id, duration_ms, ...rest }: Record<string, unknown>) => {
      expect(typeof simulation_id).toBe('string');
      expect(typeof duration_ms).toBe('number');
      return rest;
    };
    const rest = await simulate(body);
    const trpc = await viaTrpc('simulate', body);
    expect(rest.status).toBe(200);
    expect(trpc.status).toBe(200);
    expect(comparable(rest.body)).toEqual(comparable(trpc.body));

    const analysisBody = { userTeam: body.user_team, opponentTeam: body.opponent_team, seed: 77 };
    const analyzed = await member.post('/api/matchup/analyze', analysisBody);
    const analysedViaTrpc = await viaTrpc('analyze', analysisBody);
    expect(comparable(analyzed.body)).toEqual(comparable(analysedViaTrpc.body));

    const bad = { ...body, iterations: 5 };
    const refused = await simulate(bad);
    const refusedViaTrpc = await viaTrpc('simulate', bad);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'iterations' });
    expect(refusedViaTrpc.body.data.appCode).toBe('VALIDATION_ERROR');
    expect(refused.body.message).toBe(refusedViaTrpc.body.message);
  });

  it('documents both paths in the OpenAPI document', async () => {
    const response = await server.client().get('/api/openapi.json');
    expect(Object.keys(response.body.paths)).toEqual(
      expect.arrayContaining(['/matchup/simulate', '/matchup/analyze']),
    );
  });
});
