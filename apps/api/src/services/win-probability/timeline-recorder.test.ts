import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerifiedUser, signedInClient, STRONG_PASSWORD } from '../../../test/accounts.js';
import { IN_SEASON_LEAGUE_ID } from '../../../test/fakes/sleeper-server.js';
import {
  GAME_DAY_MATCHUP_ID,
  GAME_DAY_WEEK,
  type GameDayReplay,
  startGameDayReplay,
} from '../../../test/game-day-replay.js';
import { EMBEDDED_DATABASE, type TestClient } from '../../../test/harness.js';
import { LEAGUE_READS_PER_USER } from '../leagues/league-read-limit.js';

const ADMIN = { email: 'timeline-admin@example.com', password: STRONG_PASSWORD };
const LEAGUE = `/api/leagues/leagues/sleeper/${IN_SEASON_LEAGUE_ID}`;
const TIMELINE = `${LEAGUE}/timeline?week=${GAME_DAY_WEEK}&matchup_id=${GAME_DAY_MATCHUP_ID}`;
/** A recording follows a change's announcement: this long at most on this machine. */
const RECORDED_WITHIN_MS = 20_000;

type TimelinePoint = { game_time_elapsed: number; win_probability: number; points: [number, number] };

describe.each(EMBEDDED_DATABASE)('the win-probability timeline after every stats change, on %s', (kind) => {
  let replay: GameDayReplay;
  let viewer: TestClient;
  let viewerId: string;

  const timeline = async (): Promise<TimelinePoint[]> => (await viewer.get(TIMELINE)).body.points;
  /** The timeline once it has `count` points (nobody opens the league meanwhile: the server records them). */
  const timelineOf = async (count: number): Promise<TimelinePoint[]> => {
    const deadline = Date.now() + RECORDED_WITHIN_MS;
    for (;;) {
      const points = await timeline();
      if (points.length >= count || Date.now() > deadline) return points;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  beforeAll(async () => {
    replay = await startGameDayReplay(kind, {
      env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    });
    const email = await registerVerifiedUser(replay.env.server);
    viewer = replay.env.server.client();
    viewerId = (await viewer.post('/api/auth/login', { email, password: STRONG_PASSWORD })).body.user.id;
    await viewer.post('/api/leagues/sleeper/connect', { username: 'dakeif' });
  }, 60_000);
  afterAll(() => replay?.stop());

  it('records a point for the live sync’s change and for the admin’s sync, once each, with nobody on the page', async () => {
    // the viewer opens the league at kickoff: the league is followed from now on, its first point recorded
    replay.advance('kickoff');
    expect((await viewer.get(`${LEAGUE}/details?week=${GAME_DAY_WEEK}`)).status).toBe(200);
    expect((await timeline()).map((point) => point.game_time_elapsed)).toEqual([0]);

    // halftime stats land through the live sync (not the replay's tick, which would record itself)
    replay.advance('halftime');
    expect(await replay.liveSync.tick(replay.now())).toMatchObject({ kind: 'refreshed' });
    const afterLive = await timelineOf(2);
    expect(afterLive.map((point) => point.game_time_elapsed)).toEqual([0, 0.5]);
    expect(afterLive[1]!.points[0]).toBeGreaterThan(0);
    // the recorder read the league with the viewer's account, on nobody's league-read budget: the page's read only
    expect(await replay.env.server.deps.rateLimiter.countOf(LEAGUE_READS_PER_USER, viewerId)).toBe(1);

    // the final stats land through a sync run by an admin ("Sync now": the hourly sync's run)
    replay.advance('final');
    const admin = await signedInClient(replay.env.server, ADMIN.email, ADMIN.password);
    expect((await admin.post('/api/admin/data-sync', {})).body).toMatchObject({ data: { isStarted: true } });
    await replay.env.server.deps.dataSync.current();
    const afterSync = await timelineOf(3);
    expect(afterSync.map((point) => point.game_time_elapsed)).toEqual([0, 0.5, 1]);
    expect([0, 1]).toContain(afterSync[2]!.win_probability);

    // the same change heard again (another process announcing it, a reconnect) records nothing more
    await replay.env.server.jobs.timelines.record();
    expect(await timeline()).toEqual(afterSync);
  });
});
