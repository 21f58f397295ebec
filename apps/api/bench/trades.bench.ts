/**
 * Time per call of the trade answers on a twelve-team league (the recorded 2025 league with two teams added, every
 * player projected: test/rest-of-season-league.ts), the swaps each looks at and the simulations it runs. A
 * suggestions call is answered from cache until the data or the league change, so the league's data version is
 * bumped before each call to time the search itself. A suggestions call is charged to the per-minute allowance by
 * what it draws (about 7 of its 60 points), so each series of calls is made by an account of its own. CPU time is printed beside wall-clock time, which on a shared
 * machine also counts the waits for a core.
 * Run: `npx tsx bench/trades.bench.ts` (apps/api); DATABASE_URL runs it on PostgreSQL instead of PGlite.
 */
import { loadavg } from 'node:os';
import { ROS_LEAGUE, startRestOfSeasonLeague } from '../test/rest-of-season-league.js';

const CALLS = 5;
const kind = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const { env, client } = await startRestOfSeasonLeague(kind);

/** A new account linked to the league, with a whole minute's allowance. */
async function freshAccount() {
  const account = await env.newUser();
  await account.post('/api/leagues/sleeper/connect', { username: 'dakeif' });
  return account;
}

interface SuggestionsBody {
  trades_considered?: number;
  simulations?: number;
  data?: unknown[];
}

async function timeCalls(
  label: string,
  call: () => Promise<{ status: number; body: SuggestionsBody }>,
): Promise<void> {
  const times: number[] = [];
  const cpuTimes: number[] = [];
  let body: SuggestionsBody = {};
  for (let i = 0; i < CALLS; i++) {
    await env.server.deps.dataVersion.bump();
    const started = performance.now();
    const cpuStart = process.cpuUsage();
    const response = await call();
    times.push(performance.now() - started);
    const cpu = process.cpuUsage(cpuStart);
    cpuTimes.push((cpu.user + cpu.system) / 1000);
    if (response.status !== 200)
      throw new Error(`${label}: ${response.status} ${JSON.stringify(response.body)}`);
    body = response.body;
  }
  const later = times.slice(1).sort((a, b) => a - b);
  const laterCpu = cpuTimes.slice(1).sort((a, b) => a - b);
  const counts =
    body.trades_considered === undefined
      ? ''
      : `; ${body.trades_considered} swaps considered, ${body.simulations} simulations, ${body.data?.length} kept`;
  console.log(
    `${label}: first ${Math.round(times[0]!)} ms, then median ${Math.round(later[later.length >> 1]!)} ms ` +
      `(max ${Math.round(later.at(-1)!)} ms); CPU of this process (server and client): first ` +
      `${Math.round(cpuTimes[0]!)} ms, then median ${Math.round(laterCpu[laterCpu.length >> 1]!)} ms${counts} ` +
      `(load ${loadavg()[0]!.toFixed(1)})`,
  );
}

try {
  for (const limit of [10, 50]) {
    const account = limit === 10 ? client : await freshAccount();
    await timeCalls(`trades/suggestions?limit=${limit}`, () =>
      account.get(`${ROS_LEAGUE}/trades/suggestions?limit=${limit}`),
    );
  }
  const reader = await freshAccount();
  const cachedStart = performance.now();
  await reader.get(`${ROS_LEAGUE}/trades/suggestions?limit=50`);
  console.log(`trades/suggestions?limit=50 from cache: ${Math.round(performance.now() - cachedStart)} ms`);
  const { body } = await reader.get(`${ROS_LEAGUE}/trades/suggestions?limit=10`);
  const firstTen = body.data as {
    partner_roster_id: number;
    give: string[];
    get: string[];
    reason?: string;
  }[];
  const ideas = new Set(firstTen.map((trade) => [...trade.get].sort().join('+')));
  const partners = new Set(firstTen.map((trade) => trade.partner_roster_id));
  console.log(
    `first ten suggestions: ${ideas.size} distinct ideas (players I get), ${partners.size} distinct partners`,
  );
  for (const trade of firstTen) {
    console.log(`  roster ${trade.partner_roster_id}: ${trade.give} for ${trade.get}: ${trade.reason ?? ''}`);
  }
  const best = firstTen[0]!;
  await timeCalls('trades/analyze (the best suggestion)', () =>
    reader.post(`${ROS_LEAGUE}/trades/analyze`, {
      partner_roster_id: best.partner_roster_id,
      give: best.give,
      get: best.get,
    }),
  );
} finally {
  await env.stop();
}
