import { players } from '@fm/db';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signedInAccount } from '../../../test/admin-accounts.js';
import { OFFSEASON_LEAGUE_ID } from '../../../test/fakes/sleeper-server.js';
import { EMBEDDED_DATABASE, type TestClient } from '../../../test/harness.js';
import {
  type LeagueTestEnv,
  seedDarnoldAndPickens,
  seedPlayer,
  startLeagueTestEnv,
} from '../../../test/leagues.js';
import { readSyncState, SLEEPER_ID_SYNC_INTERVAL_MS } from './player-directory.js';
import { createSleeperIdLinker } from './sleeper-id-linker.js';

/** Sam Darnold's id in Sleeper's directory. */
const DARNOLD = '4943';
const OFFSEASON_PAGE = `/api/leagues/leagues/sleeper/${OFFSEASON_LEAGUE_ID}/details`;

/** A logger that keeps the messages of its warnings. */
function recordingLog(warnings: string[]): FastifyBaseLogger {
  const log = {
    child: () => log,
    warn: (_fields: unknown, message: string) => warnings.push(message),
    info: () => {},
    debug: () => {},
    error: () => {},
  };
  return log as unknown as FastifyBaseLogger;
}

describe.each(EMBEDDED_DATABASE)(
  'linking our players to Sleeper ids where the data changes, on %s',
  (kind) => {
    let env: LeagueTestEnv;
    let client: TestClient;
    const sleeperIdOf = async (fullName: string) => {
      const [row] = await env.server.deps.database.db
        .select({ sleeperId: players.sleeperId })
        .from(players)
        .where(eq(players.fullName, fullName));
      return row?.sleeperId ?? null;
    };

    beforeAll(async () => {
      env = await startLeagueTestEnv(kind);
      client = await env.newUser();
      expect((await client.post('/api/leagues/sleeper/connect', { username: 'dakeif' })).status).toBe(200);
      // the link's own run found no players to link
      await env.server.deps.sleeperIds.current();
      // an import after it: our players, without Sleeper ids yet
      await seedDarnoldAndPickens(env.server);
    });
    afterAll(() => env?.stop());

    it('a league page links nothing: it answers with the links as they are, and the linker’s next run links them', async () => {
      const before = await readSyncState(env.server.deps);
      const page = await client.get(OFFSEASON_PAGE);
      expect(page.status).toBe(200);
      expect(page.body.projections[DARNOLD]).toBeUndefined();
      expect(await sleeperIdOf('Sam Darnold')).toBeNull();
      expect(await readSyncState(env.server.deps)).toEqual(before);

      const run = await env.server.deps.sleeperIds.link();
      expect(run?.linked).toBeGreaterThanOrEqual(2);
      expect(await sleeperIdOf('Sam Darnold')).toBe(DARNOLD);
      const linked = await client.get(OFFSEASON_PAGE);
      expect(linked.body.projections[DARNOLD]).toMatchObject({ mean: 20, is_league_scored: true });
    });

    it('links at start, once the first-start import is done, the players it left unlinked', async () => {
      await seedPlayer(env.server, { fullName: 'Colston Loveland', position: 'TE', team: 'CHI' });
      const linker = createSleeperIdLinker(env.server.deps);
      let importDone!: () => void;
      linker.start(new Promise<void>((resolve) => (importDone = resolve)));
      try {
        expect(linker.current()).toBeNull();
        const startedAt = performance.now();
        importDone();
        await vi.waitFor(async () => expect(await sleeperIdOf('Colston Loveland')).toBe('12517'), {
          timeout: 10_000,
          interval: 20,
        });
        // eslint-disable-next-line no-console -- how long a first page may show a league without these projections
        console.log(`[start-up linking] linked ${Math.round(performance.now() - startedAt)} ms after start`);
      } finally {
        await linker.stop();
      }
      expect(await linker.link()).toBeNull();
    });

    it('links after a league is linked, players added since the last run', async () => {
      await seedPlayer(env.server, { fullName: 'Kyle Monangai', position: 'RB', team: 'CHI' });
      const other = await env.newUser();
      await other.post('/api/leagues/sleeper/connect', { username: 'dakeif' });
      await env.server.deps.sleeperIds.current();
      expect(await sleeperIdOf('Kyle Monangai')).toBe('12534');
    });

    it('links after an admin’s projections CSV created players', async () => {
      const admin = await signedInAccount(env.server, 'admin');
      const form = new FormData();
      form.set(
        'csvFile',
        new Blob(
          ['player_name,position,team,week,pred_mean,pred_std,season\nPatrick Mahomes,QB,KC,1,22,6,2025'],
          {
            type: 'text/csv',
          },
        ),
        'projections.csv',
      );
      const imported = await admin.client.request(
        'POST',
        '/api/admin/data-management/import-projections',
        undefined,
        {
          body: form,
          headers: { 'x-csrf-token': await admin.client.fetchCsrfToken() },
        },
      );
      expect(imported.body.data).toMatchObject({ playersCreated: 1 });
      await env.server.deps.sleeperIds.current();
      expect(await sleeperIdOf('Patrick Mahomes')).toBe('4046');
    });

    it('runs again only for new players or after a day, concurrent callers sharing one run', async () => {
      const { sleeperIds } = env.server.deps;
      const last = (await sleeperIds.link())!;
      const now = new Date(Date.parse(last.syncedAt) + 60_000);
      expect((await sleeperIds.link(now))!.syncedAt).toBe(last.syncedAt);

      await seedPlayer(env.server, { fullName: 'Not In Sleeper', position: 'WR', team: 'CHI' });
      env.server.deps.leagues.playerDirectoryCache.clear();
      env.sleeper.reset();
      const [first, second] = [sleeperIds.link(now), sleeperIds.link(now)];
      expect(first).toBe(second);
      expect((await first)!.syncedAt).toBe(now.toISOString());
      expect(env.sleeper.requests.filter((request) => request.url === '/v1/players/nfl')).toHaveLength(1);

      const nextDay = new Date(now.getTime() + SLEEPER_ID_SYNC_INTERVAL_MS);
      expect((await sleeperIds.link(nextDay))!.syncedAt).toBe(nextDay.toISOString());
    });

    it('logs a failed run instead of throwing it, and a league page still answers', async () => {
      const warnings: string[] = [];
      const { database, dataVersion, leagues } = env.server.deps;
      const linker = createSleeperIdLinker({ database, dataVersion, leagues, log: recordingLog(warnings) });
      await seedPlayer(env.server, { fullName: 'Another Newcomer', position: 'WR', team: 'CHI' });
      leagues.playerDirectoryCache.clear();
      env.sleeper.failNext(503, 1_000, '/players/nfl');
      try {
        await expect(linker.link()).resolves.toBeNull();
        expect(warnings).toEqual(['could not link players to Sleeper ids']);
      } finally {
        env.sleeper.reset();
        leagues.playerDirectoryCache.clear();
        await linker.stop();
      }
      expect((await client.get(OFFSEASON_PAGE)).status).toBe(200);
    });
  },
);
