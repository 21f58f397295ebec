/**
 * What the rest-of-season advice costs everyone else. An anonymous request (GET /api/health, one after another with
 * a short pause) is timed with the server idle and while three signed-in accounts loop playoff leverage, trade
 * suggestions and free agents on the twelve-team league (test/rest-of-season-league.ts), in alternating rounds so a change in the
 * machine's load falls on every column alike:
 *  - idle: nobody else asks anything;
 *  - loaded, as users loop: the accounts ask again and again for the same league (answers come from cache once
 *    simulated, until the league or the data change);
 *  - loaded, a new league state every 200 ms: one team's record and bench order change, so leverage,
 *    suggestions and free agents simulate (and search) again (the worst case the per-minute allowance lets in; refusals, 429, are
 *    counted).
 * Each account loops in a process of its own (advice-load-client.mjs), as if on another machine.
 * Prints p50/p90/max of the anonymous request per column, the longest event-loop delay seen (perf_hooks
 * monitorEventLoopDelay; on a busy machine it also counts waits for a core), the accounts' answers, and the load.
 * Goal: loaded p90 under 300 ms on 2 cores.
 * Run: `npx tsx bench/advice-load.bench.ts` (apps/api; part of `npm run bench`); DATABASE_URL runs it on
 * PostgreSQL instead of PGlite.
 */
import { fork } from 'node:child_process';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { TestClient } from '../test/harness.js';
import { ROS_LEAGUE, startRestOfSeasonLeague } from '../test/rest-of-season-league.js';

const ACCOUNTS = 3;
const ROUNDS = 2;
const PROBES_PER_ROUND = 30;
const PROBE_PAUSE_MS = 50;
const GOAL_P90_MS = 300;
const NEW_STATE_EVERY_MS = 200;
/** What each account loops over, in this order (advice-load-client.mjs gets the same list). */
const ADVICE_PATHS = ['playoff-leverage', 'trades/suggestions', 'free-agents'];
const ACCOUNT_CLIENT = fileURLToPath(new URL('./advice-load-client.mjs', import.meta.url));

const kind = process.env.DATABASE_URL ? 'postgres' : 'pglite';
/** Bumped to give the league a new state (team 5's record and bench order) before a call. */
let leagueState = 0;
const { env, client } = await startRestOfSeasonLeague(kind, {
  reshape: {
    rosters: (rosters) =>
      rosters.map((roster) => {
        if (roster.roster_id !== 5 || leagueState === 0) return roster;
        const players = [...(roster.players as string[])];
        const turn = leagueState % players.length;
        return {
          ...roster,
          players: [...players.slice(turn), ...players.slice(0, turn)],
          settings: { ...roster.settings, wins: leagueState % 5 },
        };
      }),
  },
});

const quantile = (values: number[], fraction: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]!;
};

const accounts: TestClient[] = [client];
for (let i = 1; i < ACCOUNTS; i++) {
  const account = await env.newUser();
  await account.post('/api/leagues/sleeper/connect', { username: 'dakeif' });
  accounts.push(account);
}
const anonymous = env.server.client();

interface Column {
  label: string;
  times: number[];
  longestDelayMs: number;
  answers: Map<string, number>;
}
const columns = new Map<string, Column>();
const columnOf = (label: string): Column => {
  let column = columns.get(label);
  if (!column) {
    column = { label, times: [], longestDelayMs: 0, answers: new Map() };
    columns.set(label, column);
  }
  return column;
};

async function probe(column: Column): Promise<void> {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  for (let i = 0; i < PROBES_PER_ROUND; i++) {
    const startedAt = performance.now();
    const response = await anonymous.get('/api/health');
    column.times.push(performance.now() - startedAt);
    if (response.status !== 200) throw new Error(`health: ${response.status}`);
    await new Promise((resolve) => setTimeout(resolve, PROBE_PAUSE_MS));
  }
  delay.disable();
  column.longestDelayMs = Math.max(column.longestDelayMs, delay.max / 1e6);
}

const cookieOf = (account: TestClient) =>
  [...account.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

async function loaded(column: Column, isNewStateEachCall: boolean): Promise<void> {
  const loops = accounts.map((account) =>
    fork(ACCOUNT_CLIENT, [
      JSON.stringify({
        baseUrl: env.server.url,
        cookie: cookieOf(account),
        league: ROS_LEAGUE,
        paths: ADVICE_PATHS,
      }),
    ]),
  );
  const changes = isNewStateEachCall
    ? setInterval(() => {
        leagueState++;
        env.server.deps.leagues.sleeperCache.clear();
      }, NEW_STATE_EVERY_MS)
    : undefined;
  // let the loops get going before timing
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  await probe(column);
  clearInterval(changes);
  const answers = await Promise.all(
    loops.map(
      (loop) =>
        new Promise<Record<string, number>>((resolve) => {
          loop.once('message', (message) => resolve(message as Record<string, number>));
          loop.send('stop');
        }),
    ),
  );
  for (const each of answers) {
    for (const [key, count] of Object.entries(each))
      column.answers.set(key, (column.answers.get(key) ?? 0) + count);
  }
}

try {
  // warm: the league read, the projections and the first simulations of each path
  for (const path of ADVICE_PATHS) {
    const response = await client.get(`${ROS_LEAGUE}/${path}`);
    if (response.status !== 200)
      throw new Error(`${path}: ${response.status} ${JSON.stringify(response.body)}`);
  }
  await anonymous.get('/api/health');
  for (let round = 0; round < ROUNDS; round++) {
    await probe(columnOf('idle'));
    await loaded(columnOf('loaded, as users loop (cached)'), false);
    await probe(columnOf('idle'));
    await loaded(columnOf('loaded, a new league state every 200 ms'), true);
  }
  console.log(
    `advice load (${kind}, ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}): ` + `GET /api/health while ${ACCOUNTS} accounts loop ${ADVICE_PATHS.join(', ')}`,
  );
  const idle = columnOf('idle');
  for (const column of columns.values()) {
    const p50 = quantile(column.times, 0.5);
    const p90 = quantile(column.times, 0.9);
    const max = Math.max(...column.times);
    const answers = [...column.answers].map(([key, count]) => `${key}: ${count}`).join(', ');
    console.log(
      `  ${column.label.padEnd(40)} p50 ${p50.toFixed(0).padStart(5)} ms  p90 ${p90.toFixed(0).padStart(5)} ms  ` +
        `max ${max.toFixed(0).padStart(5)} ms  (p90 ${(p90 / quantile(idle.times, 0.9)).toFixed(1)}× idle; ` +
        `longest event-loop delay ${column.longestDelayMs.toFixed(0)} ms)${answers ? `; ${answers}` : ''}`,
    );
  }
  const worst = Math.max(...[...columns.values()].map((column) => quantile(column.times, 0.9)));
  console.log(
    `  goal: loaded p90 under ${GOAL_P90_MS} ms: ${worst < GOAL_P90_MS ? 'met' : 'NOT met'} (worst ${worst.toFixed(0)} ms)`,
  );
} finally {
  await env.stop();
}
