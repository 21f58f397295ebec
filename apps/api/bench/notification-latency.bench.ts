/**
 * How soon a starter ruled out reaches his manager: a replayed game day (the recorded league's week 1, fake Sleeper,
 * scoreboard, push service and SMTP server) with one member who turned starter_out on for push and mail. Each
 * round sets a starter's status to Out in Sleeper's directory, starts a "Sync now", and times from that start (the
 * status reaching the sync) to the push request leaving (received by the push service) and to the mail reaching
 * the outbox (the SMTP server), then clears the status again for the next round. Prints each round, the median and
 * the sync's own duration, with the machine's load.
 * Run: `npx tsx bench/notification-latency.bench.ts` (PGlite; BENCH_DATABASE=postgres with DATABASE_URL for a
 * throw-away PostgreSQL database). BENCH_ROUNDS (default 5).
 */
import os from 'node:os';
import { startFakePushService } from '../test/fakes/push-service.js';
import { IN_SEASON_LEAGUE_ID } from '../test/fakes/sleeper-server.js';
import { GAME_DAY_WEEK, startGameDayReplay } from '../test/game-day-replay.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const KIND = process.env.BENCH_DATABASE === 'postgres' ? 'postgres' : 'pglite';
/** Josh Jacobs (GB, RB), a starter of the member's roster. */
const JACOBS = '5850';
const DETAILS = `/api/leagues/leagues/sleeper/${IN_SEASON_LEAGUE_ID}/details?week=${GAME_DAY_WEEK}`;
const ALL_OFF = { push: false, email: false };
const TIMEOUT_MS = 120_000;

const pushService = await startFakePushService();
const replay = await startGameDayReplay(KIND, { env: { PUSH_ENDPOINT_ALLOW: pushService.origin } });
const { deps } = replay.env.server;
const { smtp } = replay.env;
const client = await replay.env.newUser();
await client.post('/api/leagues/sleeper/connect', { username: 'dakeif' });
replay.advance('kickoff');
for (let tries = 0; (await client.get(DETAILS)).status !== 200; tries++) {
  if (tries > 60) throw new Error('the league page never answered');
  await new Promise((resolve) => setTimeout(resolve, 1_000));
}
const browser = pushService.subscribe();
await client.post('/api/user/me/push-subscriptions', { endpoint: browser.endpoint, keys: browser.keys });
await client.put('/api/user/me/notifications', {
  kinds: {
    starter_out: { push: true, email: true },
    final_result: ALL_OFF,
    weekly_digest: ALL_OFF,
    close_game: ALL_OFF,
  },
});

/** Resolves with the time `isThere` first holds, looked at every few milliseconds. */
async function whenTrue(isThere: () => boolean): Promise<number> {
  const started = Date.now();
  while (!isThere()) {
    if (Date.now() - started > TIMEOUT_MS) throw new Error('nothing arrived');
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  return Date.now();
}

async function syncNow(): Promise<number> {
  const started = performance.now();
  if (!(await deps.dataSync.runNow()).isStarted) throw new Error('a sync was already running');
  const summary = await deps.dataSync.current();
  if (summary?.error) throw new Error(`the sync failed: ${summary.error}`);
  return performance.now() - started;
}

const rounds: { pushMs: number; mailMs: number; syncMs: number }[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const pushesBefore = pushService.received.length;
  const mailsBefore = smtp.mails.length;
  replay.setInjury(JACOBS, 'Out');
  const reachedSync = Date.now();
  const pushed = whenTrue(() => pushService.received.length > pushesBefore).then(
    () => pushService.received[pushesBefore]!.receivedAt,
  );
  const mailed = whenTrue(() => smtp.mails.length > mailsBefore);
  const syncMs = await syncNow();
  const [pushAt, mailAt] = await Promise.all([pushed, mailed]);
  rounds.push({ pushMs: pushAt - reachedSync, mailMs: mailAt - reachedSync, syncMs: Math.round(syncMs) });
  console.log(`round ${round + 1}: ${JSON.stringify(rounds.at(-1))}`);
  // healthy again: the next Out is a new episode, told again
  replay.setInjury(JACOBS, null);
  await syncNow();
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
console.log(
  JSON.stringify(
    {
      database: KIND,
      rounds: ROUNDS,
      statusToPushMedianMs: median(rounds.map((r) => r.pushMs)),
      statusToMailMedianMs: median(rounds.map((r) => r.mailMs)),
      syncMedianMs: median(rounds.map((r) => r.syncMs)),
      pushMs: rounds.map((r) => r.pushMs),
      mailMs: rounds.map((r) => r.mailMs),
      cpus: os.cpus().length,
      load: os.loadavg().map((value) => Math.round(value * 10) / 10),
    },
    null,
    2,
  ),
);
await replay.stop();
await pushService.close();
