/**
 * Sending at scale: BENCH_SUBSCRIBERS people (default 10,000), each with one browser subscribed on a local push
 * service and starter_out on, get one event each. Records the events, then times the queue sending them all
 * (web-push encryption and VAPID signing per message, one HTTP request each), and prints the time, the process's
 * memory before and after, and what the database holds afterwards (rows by status, table sizes). The events are
 * made here, not decided: deciding a starter_out also prices the best bench replacement per person, and those
 * matchup runs go to the simulation threads (decide-starter-outs.ts), not this process's event loop.
 * Run: `npx tsx bench/notifications.bench.ts` (on PGlite; with DATABASE_URL, on a throw-away PostgreSQL database).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, executeRows, notificationSettings, pushSubscriptions, users } from '@fm/db';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.js';
import { startServer } from '../src/server.js';
import { recordNotifications, type NotificationEvent } from '../src/services/notifications/record.js';
import { startFakePushService } from '../test/fakes/push-service.js';

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 10_000);
const CHUNK = 1_000;
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

const pushService = await startFakePushService();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fm-bench-notify-'));
const pg = process.env.DATABASE_URL ? await createTestDatabase(process.env.DATABASE_URL) : undefined;
await pg?.close();
const config = loadConfig({
  PORT: '0',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  DATA_SYNC_MINUTES: '0',
  LIVE_SYNC_SECONDS: '0',
  PUSH_ENDPOINT_ALLOW: pushService.origin,
  DATABASE_URL: pg?.url,
});
const server = await startServer(config, {
  webDistDir: path.join(dataDir, 'no-web'),
  isSleeperIdLinkingStarted: false,
});
await server.deps.notifications.stop(); // the benchmark drives the queue itself
const { db } = server.deps.database;

const kinds = {
  starter_out: { push: true, email: false },
  final_result: { push: false, email: false },
  weekly_digest: { push: false, email: false },
  close_game: { push: false, email: false },
};
const browser = pushService.subscribe(); // one key pair serves every subscriber: the encryption is per message
const userIds: string[] = [];
for (let at = 0; at < SUBSCRIBERS; at += CHUNK) {
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: Math.min(CHUNK, SUBSCRIBERS - at) }, (_, i) => ({
        email: `bench-${at + i}@example.com`,
        passwordHash: 'not-a-hash',
      })),
    )
    .returning({ id: users.id });
  userIds.push(...rows.map((row) => row.id));
  await db.insert(notificationSettings).values(rows.map((row) => ({ userId: row.id, kinds })));
  await db.insert(pushSubscriptions).values(
    rows.map((row, i) => ({
      userId: row.id,
      endpoint: `${browser.endpoint}-${at + i}`,
      p256dh: browser.keys.p256dh,
      auth: browser.keys.auth,
    })),
  );
}

const events: NotificationEvent[] = userIds.map((userId) => ({
  userId,
  kind: 'starter_out',
  subject: 'sleeper:L1:4866:0',
  season: 2025,
  week: 1,
  title: 'Saquon Barkley will not play this week',
  body: 'Saquon Barkley (RB, PHI) is Out. Start Bijan Robinson instead: your chance to win goes from 48% to 55%.',
  url: '/simulate/dakeif/2025/L1?replace=4866&with=9509',
  expiresAt: new Date(Date.now() + 3 * 60 * 60_000),
}));
global.gc?.();
const memoryBefore = process.memoryUsage();
const recordStarted = performance.now();
const recorded = await recordNotifications(server.deps, events);
const recordMs = performance.now() - recordStarted;
const sendStarted = performance.now();
let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);
await server.deps.notifications.flush();
clearInterval(sampler);
const sendMs = performance.now() - sendStarted;
const memoryAfter = process.memoryUsage();

const byStatus = await executeRows(
  db,
  sql`select status, count(*)::int as n from notifications group by status`,
);
const sizes = await executeRows(
  db,
  sql`select relname as table, pg_total_relation_size(relid)::bigint as bytes from pg_catalog.pg_statio_user_tables
      where relname in ('notifications', 'push_subscriptions', 'notification_settings') order by relname`,
);
console.log(
  JSON.stringify(
    {
      database: pg ? 'postgres' : 'pglite',
      subscribers: SUBSCRIBERS,
      recorded,
      recordSeconds: Math.round(recordMs) / 1000,
      sendSeconds: Math.round(sendMs) / 1000,
      pushesPerSecond: Math.round((pushService.received.length / sendMs) * 1000),
      pushesReceived: pushService.received.length,
      rssBefore: mb(memoryBefore.rss),
      rssPeak: mb(peakRss),
      rssAfter: mb(memoryAfter.rss),
      heapUsedAfter: mb(memoryAfter.heapUsed),
      rows: byStatus,
      tableBytes: sizes.map((row) => ({ table: row.table, size: mb(Number(row.bytes)) })),
      load: os.loadavg().map((value) => Math.round(value * 10) / 10),
    },
    null,
    2,
  ),
);
await server.close();
await pushService.close();
await pg?.destroy().catch(() => {});
rmSync(dataDir, { recursive: true, force: true });
