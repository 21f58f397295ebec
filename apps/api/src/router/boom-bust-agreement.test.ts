import { BOOM_THRESHOLD, BUST_THRESHOLD, simulateMatchup } from '@fm/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient, STRONG_PASSWORD } from '../../test/accounts.js';
import { EMBEDDED_DATABASE, startTestServer, type TestClient, type TestServer } from '../../test/harness.js';
import { engineInputFromAnswer } from '../../test/matchup-replay.js';
import { insertPlayers, insertProjections, type TestProjection } from '../../test/nfl-rows.js';

const MEMBER = { email: 'boom-bust-member@example.com', password: STRONG_PASSWORD };
const SEASON = 2025;
const WEEK = 11;

/**
 * One player-week of each kind the engine fits: right-skewed, symmetric and left-skewed quantiles, mean and
 * spread only, and the positions without quantiles. Figures carry more decimals than the answers round to.
 */
const SLATE: (Omit<TestProjection, 'playerId' | 'season' | 'week' | 'source'> & { position: string })[] = [
  { position: 'QB', team: 'BUF', predMean: 24.333, p10: 14.127, p50: 23.518, p90: 35.004 },
  { position: 'RB', team: 'BAL', predMean: 15, predStd: 5.1, p10: 8.5, p50: 15, p90: 21.5 },
  { position: 'WR', team: 'KC', predMean: 14.237, predStd: 6.111, p10: null, p50: null, p90: null },
  { position: 'TE', team: 'KC', predMean: 11.5, p10: 4.25, p50: 12.1, p90: 16.3 },
  { position: 'K', team: 'IND', predMean: 8.346, predStd: 3.9, p10: null, p50: null, p90: null },
  { position: 'DEF', team: 'NE', predMean: 7.1, predStd: 5.555, p10: null, p50: null, p90: null },
  { position: 'WR', team: 'MIA', predMean: 17.9, predStd: 7 },
  { position: 'RB', team: 'DET', predMean: 20.05, p10: 11.111, p50: 19.444, p90: 31.777 },
];

interface BoardRow {
  player_id: string;
  boom_chance: number;
  bust_chance: number;
}
interface AnsweredPlayer {
  id: number;
  boom_probability: number | null;
  bust_probability: number | null;
}

describe.each(EMBEDDED_DATABASE)('boom and bust chances on %s', (kind) => {
  let server: TestServer;
  let member: TestClient;
  let ids: number[];

  beforeAll(async () => {
    server = await startTestServer(kind, { ADMIN_EMAIL: MEMBER.email, ADMIN_PASSWORD: MEMBER.password });
    const database = server.deps.database;
    ids = await insertPlayers(
      database,
      SLATE.map((p, i) => ({ name: `Agreement Player ${i}`, position: p.position, team: p.team })),
    );
    await insertProjections(
      server.deps,
      SLATE.map(({ position: _position, ...p }, i) => ({
        ...p,
        playerId: ids[i]!,
        season: SEASON,
        week: WEEK,
        source: 'model',
      })),
    );
    await server.deps.dataVersion.bump();
    member = await signedInClient(server, MEMBER.email, MEMBER.password);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('are the same for a player-week on /projections, in a simulation answer and in the browser engine', async () => {
    const board = await server.client().get(`/api/projections/public/all?season=${SEASON}&week=${WEEK}`);
    expect(board.status).toBe(200);
    const listed = new Map<string, BoardRow>(board.body.data.map((row: BoardRow) => [row.player_id, row]));
    expect(listed.size).toBe(SLATE.length);
    expect(board.body.thresholds).toEqual({ boom: BOOM_THRESHOLD, bust: BUST_THRESHOLD });

    const half = SLATE.length / 2;
    const simulation = await member.post('/api/matchup/simulate', {
      user_team: ids.slice(0, half),
      opponent_team: ids.slice(half),
      season: SEASON,
      week: WEEK,
      seed: 11,
    });
    expect(simulation.status).toBe(200);
    const simulated: AnsweredPlayer[] = [
      ...simulation.body.user_team.players,
      ...simulation.body.opponent_team.players,
    ];
    // The browser's preview runs the engine on the players the server answered with.
    const preview = simulateMatchup(engineInputFromAnswer(simulation.body));
    const previewed = new Map(preview.players.map((p) => [p.id, p]));

    expect(simulated).toHaveLength(SLATE.length);
    for (const player of simulated) {
      const row = listed.get(String(player.id))!;
      expect(row, `player ${player.id}`).toBeDefined();
      expect(player.boom_probability, `boom of player ${player.id}`).toBe(row.boom_chance);
      expect(player.bust_probability, `bust of player ${player.id}`).toBe(row.bust_chance);
      const engine = previewed.get(String(player.id))!;
      expect(engine.boomProbability).toBe(row.boom_chance);
      expect(engine.bustProbability).toBe(row.bust_chance);
      expect(row.boom_chance).toBeGreaterThan(0);
      expect(row.bust_chance).toBeGreaterThan(0);
    }
  });
});
