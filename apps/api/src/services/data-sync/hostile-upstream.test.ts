import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { players } from '@fm/db';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  recordedSeasonData,
  regularSeasonState,
  startFakeSleeperSeason,
  type FakeSleeperSeason,
} from '../../../test/fakes/sleeper-season-server.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { PLAYER_DIRECTORY_MAX_BYTES } from '../../integrations/sleeper/client.js';
import { SleeperSeasonFeed } from '../../integrations/sleeper/season-feed.js';
import { readSyncRecord } from '../sync-record/sync-record.js';
import { runSleeperSync } from './run-sleeper-sync.js';

/** What a hostile service in front of the recorded season answers instead of the real thing. */
type Hostility = 'none' | 'huge-directory' | 'redirect-elsewhere';

const HUGE_DIRECTORY_BYTES = 60 * 1024 * 1024;
const CHUNK = Buffer.from(
  `"junk-0":{"full_name":"Junk Player","position":"WR","team":"KC","active":true},`.repeat(800),
);

function drainedOrClosed(res: http.ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done).off('close', done);
      resolve();
    };
    res.on('drain', done).on('close', done);
  });
}

/**
 * A local service in front of the recorded-season fake: passes requests through, except that it can
 * stream a 60 MB player directory (counting what it managed to send) or redirect the NFL state to
 * another local server (which counts the requests it gets).
 */
async function startHostileSleeper(upstream: FakeSleeperSeason) {
  let hostility: Hostility = 'none';
  let directoryBytesSent = 0;
  let elsewhereHits = 0;
  const elsewhere = http.createServer((_req, res) => {
    elsewhereHits += 1;
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"season":"2024","week":1}');
  });
  const server = http.createServer(async (req, res) => {
    if (hostility === 'huge-directory' && req.url === '/v1/players/nfl') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{');
      let isClosed = false;
      res.on('close', () => (isClosed = true));
      while (!isClosed && directoryBytesSent < HUGE_DIRECTORY_BYTES) {
        directoryBytesSent += CHUNK.length;
        if (!res.write(CHUNK)) await drainedOrClosed(res);
      }
      if (!isClosed) res.end('"last":{}}');
      return;
    }
    if (hostility === 'redirect-elsewhere' && req.url === '/v1/state/nfl') {
      const { port } = elsewhere.address() as AddressInfo;
      res.writeHead(302, { location: `http://127.0.0.1:${port}/v1/state/nfl` }).end();
      return;
    }
    const answer = await fetch(`${upstream.url}${req.url}`);
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text());
  });
  await Promise.all(
    [server, elsewhere].map((s) => new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve))),
  );
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    set: (next: Hostility) => {
      hostility = next;
      directoryBytesSent = 0;
      elsewhereHits = 0;
    },
    get directoryBytesSent() {
      return directoryBytesSent;
    },
    get elsewhereHits() {
      return elsewhereHits;
    },
    close: () => Promise.all([server, elsewhere].map((s) => new Promise((resolve) => s.close(resolve)))),
  };
}

describe('the sync against a hostile Sleeper-compatible service', () => {
  let upstream: FakeSleeperSeason;
  let hostile: Awaited<ReturnType<typeof startHostileSleeper>>;
  let server: TestServer;
  const playerCount = async () => {
    const [row] = await server.deps.database.db.select({ n: count() }).from(players);
    return Number(row!.n);
  };
  const sync = () =>
    runSleeperSync(
      server.deps,
      new SleeperSeasonFeed({ baseUrl: hostile.url, maxAttempts: 1, timeoutMs: 20_000 }),
    );

  beforeAll(async () => {
    upstream = await startFakeSleeperSeason(recordedSeasonData(regularSeasonState(2024, 2)));
    hostile = await startHostileSleeper(upstream);
    server = await startTestServer('pglite', { SLEEPER_API_URL: hostile.url });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await hostile?.close();
    await upstream?.close();
  });
  beforeEach(() => hostile.set('none'));

  it('cuts a 60 MB player directory off while it streams, without growing the heap by it, and stores nothing', async () => {
    hostile.set('huge-directory');
    const heapBefore = process.memoryUsage().heapUsed;
    await sync();
    const heapGrowth = process.memoryUsage().heapUsed - heapBefore;
    const record = await readSyncRecord(server.deps.database);
    expect(record.lastError).toMatch(/player directory/i);
    // the client read up to its limit and stopped there (not at a timeout): the service could not send the 60 MB
    expect(hostile.directoryBytesSent).toBeGreaterThanOrEqual(PLAYER_DIRECTORY_MAX_BYTES);
    expect(hostile.directoryBytesSent).toBeLessThan(HUGE_DIRECTORY_BYTES / 2);
    expect(heapGrowth).toBeLessThan(200 * 1024 * 1024);
    expect(await playerCount()).toBe(0);
  });

  it('does not follow a redirect to another origin', async () => {
    hostile.set('redirect-elsewhere');
    await sync();
    expect(hostile.elsewhereHits).toBe(0);
    expect((await readSyncRecord(server.deps.database)).lastError).toMatch(/current NFL week/i);
  });

  it('leaves the players as they were when the directory step fails half-way (one transaction)', async () => {
    // A failure in the middle of the write: the database refuses one row of the directory.
    const { db } = server.deps.database;
    await db.execute(sql`create or replace function refuse_poison() returns trigger language plpgsql as $$
      begin if new.full_name = 'Poison Pill' then raise exception 'refused'; end if; return new; end $$`);
    await db.execute(
      sql`create trigger refuse_poison before insert or update on players for each row execute function refuse_poison()`,
    );
    upstream.data.players = {
      ...upstream.data.players,
      poison: { full_name: 'Poison Pill', position: 'WR', team: 'KC', active: true },
    };
    try {
      await sync();
      expect((await readSyncRecord(server.deps.database)).lastError).toMatch(/players/);
      // not even the team defenses written at the start of the step were kept
      expect(await playerCount()).toBe(0);
    } finally {
      await db.execute(sql`drop trigger refuse_poison on players`);
      delete upstream.data.players.poison;
    }
  });

  it('cleans NUL and lone surrogates out of player names instead of failing the sync', async () => {
    const [someId, someone] = Object.entries(upstream.data.players).find(
      ([, entry]) => entry.position === 'QB' && entry.team,
    )!;
    const original = someone.full_name as string;
    upstream.data.players[someId] = { ...someone, full_name: `${original}\u0000\ud800` };
    try {
      const summary = await sync();
      const record = await readSyncRecord(server.deps.database);
      expect(record.lastError).toBeNull();
      expect(summary).toBeDefined();
      const [row] = await server.deps.database.db
        .select({ fullName: players.fullName })
        .from(players)
        .where(eq(players.sleeperId, someId));
      expect(row!.fullName).toBe(`${original}\ufffd`);
    } finally {
      upstream.data.players[someId] = someone;
    }
  }, 120_000);
});
